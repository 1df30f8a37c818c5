import type { RestoredSession, SessionUser } from './session.types';

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

/**
 * Whose Telegram session the stored one is, against the init data the messenger opened the app with
 * (issue 20 item 9, guide §8 item 16). `other`: recorded for another Telegram user, or recorded for none
 * while its access token has expired (nothing cheap can prove it is this user's: the init data can sign
 * in afresh). `unknown`: recorded for none, with a live access token to ask the profile's link with.
 * `notApplicable` outside the messenger, without a stored user, or without a user in the init data.
 */
export type TelegramOwner = 'notApplicable' | 'same' | 'other' | 'unknown';

export function storedSessionOwner(
  { user, isTelegram, initDataUserId }: RestoredSession,
  now = Date.now(),
): TelegramOwner {
  if (!user || !isTelegram || initDataUserId == null) return 'notApplicable';
  if (user.telegramUserId !== undefined) return user.telegramUserId === initDataUserId ? 'same' : 'other';
  return accessValid(user, now) ? 'unknown' : 'other';
}
