import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivity.machine';

type Snapshot = SnapshotFrom<typeof connectivityMachine>;

/** The gateway cannot be reached: the banner shows, money actions wait, data on screen may be old. */
export const selectOffline = (s: Snapshot) => s.hasTag('offline');
/** Asking the gateway whether it answers again. */
export const selectProbing = (s: Snapshot) => s.hasTag('probing');
