import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './profile.machine';

type Snapshot = SnapshotFrom<typeof profileMachine>;

export const selectProfile = (s: Snapshot) => s.context.profile;
export const selectProfileEmail = (s: Snapshot) => s.context.profile?.email ?? null;
/** The Telegram user the messenger says is here (its init data): the name a profile does not keep. */
export type TelegramIdentity = { id: number; name: string; username: string | null };

/** Settings' "Signed in as": a headline and, for a Telegram account, its @username under the name. */
export type SignedInAs = { name: string; detail: string | null };

/**
 * Who the session belongs to, as Settings' "Signed in as" shows it: the e-mail, else (a user born in the
 * messenger has none) the Telegram account — its name from the init data when that is the linked user,
 * with the @username under it — else the @username, else "Telegram" and the id. Null until loaded.
 */
export function signedInAs(
  s: Pick<Snapshot, 'context'>,
  here: TelegramIdentity | null,
  telegramWord = 'Telegram',
): SignedInAs | null {
  const profile = s.context.profile;
  if (!profile) return null;
  if (profile.email) return { name: profile.email, detail: null };
  const linked = profile.telegram ?? (here ? { id: here.id, username: here.username } : null);
  if (!linked) return null;
  const username = linked.username ?? (here?.id === linked.id ? here.username : null);
  const handle = username ? `@${username}` : null;
  const name = here?.id === linked.id && here.name ? here.name : null;
  if (name) return { name, detail: handle };
  return { name: handle ?? `${telegramWord} ${linked.id}`, detail: null };
}

/** The headline alone (no init data at hand): the e-mail, the @username or the Telegram id. */
export const selectSignedInAs = (s: Snapshot): string | null => signedInAs(s, null)?.name ?? null;
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
