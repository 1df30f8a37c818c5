import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

type Snapshot = SnapshotFrom<typeof sessionMachine>;

export const selectSessionBusy = (s: Snapshot) => s.hasTag('busy');
export const selectSignedIn = (s: Snapshot) => s.hasTag('signedIn');
export const selectSignedOut = (s: Snapshot) => s.hasTag('signedOut');
/** True once the grace period is over: signed-in screens may now send the user to login. */
export const selectRedirectToLogin = (s: Snapshot) => s.matches({ unauthenticated: 'settled' });
export const selectReauthenticating = (s: Snapshot) => s.hasTag('reauthenticating');
/** Settled = not in the middle of a start-up or a 401 renewal; authHttp waits for this. */
export const selectSettled = (s: Snapshot) => !s.hasTag('busy') && !s.hasTag('reauthenticating');
export const selectAccessToken = (s: Snapshot) => s.context.user?.accessToken ?? null;
export const selectEmail = (s: Snapshot) => s.context.user?.profile.email ?? null;
/** The identity provider's subject of the signed-in user (keys what the device remembers per user). */
export const selectUserSub = (s: Snapshot) => s.context.user?.profile.sub ?? null;
export const selectIsTelegram = (s: Snapshot) => s.context.isTelegram;
export const selectSessionError = (s: Snapshot) => s.context.error;
