import type { SnapshotFrom } from 'xstate';
import type { resetHoldMachine } from './resetHold.machine';

type Snapshot = SnapshotFrom<typeof resetHoldMachine>;

/** When money may leave the account again; null while nothing is held. */
export const selectHoldUntil = (s: Snapshot) => (s.hasTag('held') ? s.context.until : null);
