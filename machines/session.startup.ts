import type { RestoredSession, SessionUser } from './session.machine';

/** Spec §9: expiries are compared as seconds × 1000 against now. */
export const accessValid = (user: SessionUser, now = Date.now()) =>
  user.expiresAt === undefined || user.expiresAt * 1000 > now;

/** Opaque refresh tokens with no known expiry are presumed valid; a refused refresh then ends the session. */
export const refreshValid = (user: SessionUser, now = Date.now()) =>
  Boolean(user.refreshToken) && (user.refreshExpiresAt === undefined || user.refreshExpiresAt > now);

export type StartupRoute =
  | 'active'
  | 'silentThenInitData'
  | 'initData'
  | 'silent'
  | 'expired'
  | 'linking'
  | 'signedOut';

/** The start-up rules of spec §4, in order, as one pure decision. */
export function startupRoute({ user, isTelegram, linkToken }: RestoredSession, now = Date.now()): StartupRoute {
  if (user) {
    if (accessValid(user, now)) return 'active';
    if (isTelegram) return refreshValid(user, now) ? 'silentThenInitData' : 'initData';
    return refreshValid(user, now) ? 'silent' : 'expired';
  }
  if (!isTelegram) return 'signedOut';
  return linkToken ? 'linking' : 'initData';
}
