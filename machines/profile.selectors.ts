import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './profile.machine';

type Snapshot = SnapshotFrom<typeof profileMachine>;

export const selectProfile = (s: Snapshot) => s.context.profile;
export const selectProfileEmail = (s: Snapshot) => s.context.profile?.email ?? null;
/**
 * Who the session belongs to, as Settings' "Signed in as" shows it: the e-mail, else (a user born in the
 * messenger has none) the linked Telegram account's @username, else its Telegram id. Null until loaded.
 */
export const selectSignedInAs = (s: Snapshot): string | null => {
  const profile = s.context.profile;
  if (!profile) return null;
  if (profile.email) return profile.email;
  if (profile.telegram)
    return profile.telegram.username ? `@${profile.telegram.username}` : `Telegram ${profile.telegram.id}`;
  return null;
};
export const selectAccountId = (s: Snapshot) => s.context.profile?.accountId ?? null;
/** Null until the profile is known. */
export const selectPinCodeActive = (s: Snapshot) => s.context.profile?.pinCodeActive ?? null;
/** The end of a passcode reset hold as GET /user (or a recovery) said; null when none. */
export const selectResetHoldUntil = (s: Snapshot) => s.context.profile?.resetHoldUntil ?? null;
export const selectTelegramLink = (s: Snapshot) => s.context.profile?.telegram ?? null;
export const selectProfileLoaded = (s: Snapshot) => s.matches('loaded');
export const selectProfileFailed = (s: Snapshot) => s.matches('failed');
export const selectProfileLoading = (s: Snapshot) => s.hasTag('loading');
/** Settled: loaded or failed (what a caller waiting for the profile waits for). */
export const selectProfileSettled = (s: Snapshot) => s.matches('loaded') || s.matches('failed');
