import type { SessionUser } from '../../machines/session.machine';
import { jwtExpiryMs } from './jwt';
import type { StoredUser } from './storedUserRecord';
import { telegramOwnerOf } from './telegramOwner';

const REFRESH_EXPIRY_KEY = 'refreshTokenExpiry';

/**
 * Opaque refresh tokens (oidc-provider) carry no `exp`; when a token response says
 * `refresh_expires_in` we keep it here, tied to the token it describes.
 */
export function rememberRefreshExpiry(refreshToken: string | undefined, expiresInSeconds: unknown): void {
  if (!refreshToken || typeof expiresInSeconds !== 'number' || expiresInSeconds <= 0) return;
  const record = { token: refreshToken.slice(-16), expiresAt: Date.now() + expiresInSeconds * 1000 };
  window.localStorage.setItem(REFRESH_EXPIRY_KEY, JSON.stringify(record));
}

function storedRefreshExpiry(refreshToken: string): number | undefined {
  try {
    const record = JSON.parse(window.localStorage.getItem(REFRESH_EXPIRY_KEY) ?? 'null') as {
      token: string;
      expiresAt: number;
    } | null;
    return record && record.token === refreshToken.slice(-16) ? record.expiresAt : undefined;
  } catch {
    return undefined;
  }
}

const withTelegramOwner = (telegramUserId: number | undefined) =>
  telegramUserId === undefined ? {} : { telegramUserId };

/** From oidc-client-ts's User or the record it stored (the same fields). */
export function toSessionUser(user: StoredUser): SessionUser {
  const refreshToken = user.refresh_token;
  return {
    accessToken: user.access_token,
    refreshToken,
    expiresAt: user.expires_at,
    // A JWT refresh token says when it expires; otherwise use what the token response told us, if anything.
    refreshExpiresAt: refreshToken ? (jwtExpiryMs(refreshToken) ?? storedRefreshExpiry(refreshToken)) : undefined,
    profile: { sub: user.profile.sub, email: user.profile.email },
    ...withTelegramOwner(telegramOwnerOf(user.profile.sub)),
  };
}
