import type { SnapshotFrom } from 'xstate';
import type { appMachine } from './app.machine';

type Snapshot = SnapshotFrom<typeof appMachine>;

export const selectSession = (s: Snapshot) => s.context.session;
export const selectPreferences = (s: Snapshot) => s.context.preferences;
/** The wallet (profile, catalogue, balances, reset hold, connectivity); null until the signed-in part arrived. */
export const selectWallet = (s: Snapshot) => s.context.wallet;
/** The signed-in part's logic, null until it arrived. */
export const selectSignedInPart = (s: Snapshot) => s.context.part;
export const selectSignedInPartLoading = (s: Snapshot) => s.matches({ part: 'loading' });
/** The last download of the part failed (the next request tries again). */
export const selectSignedInPartFailed = (s: Snapshot) => s.matches({ part: 'failed' });
export const selectSignedInPartReady = (s: Snapshot) => s.matches({ part: 'ready' });
