import { storedUserKey } from './storedUser';

/** What oidc-client-ts keeps of a signed-in user (its User.toStorageString), as far as we use it. */
export interface StoredUser {
  access_token: string;
  refresh_token?: string;
  expires_at?: number;
  profile: { sub: string; email?: string };
}

/**
 * The stored user read without the library, so a signed-in start with a valid token never downloads
 * oidc-client-ts (17 kB gzip): only renewing, signing in or out does. Undefined when the record is
 * missing or not the shape the library writes (the library then decides).
 */
export function readStoredUser(): StoredUser | undefined {
  try {
    const raw = JSON.parse(window.localStorage.getItem(storedUserKey()) ?? 'null') as Partial<StoredUser> | null;
    if (!raw || typeof raw.access_token !== 'string' || typeof raw.profile?.sub !== 'string') return undefined;
    if (raw.expires_at !== undefined && typeof raw.expires_at !== 'number') return undefined;
    if (raw.refresh_token !== undefined && typeof raw.refresh_token !== 'string') return undefined;
    return raw as StoredUser;
  } catch {
    return undefined;
  }
}
