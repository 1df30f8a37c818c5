import { appConfig } from '../config';

/** Where oidc-client-ts keeps the signed-in user. */
export const storedUserKey = () => `oidc.user:${appConfig.oidcAuthority}:${appConfig.oidcClientId}`;

/**
 * oidc-client-ts stores the user under this key; checking it spares signed-out visitors the library. Only
 * this check is in the boot chunk; reading the record (storedUserRecord.ts) loads with the identity provider.
 */
export function hasStoredUser(): boolean {
  try {
    return window.localStorage.getItem(storedUserKey()) !== null;
  } catch {
    return false;
  }
}
