import type { SnapshotFrom } from 'xstate';
import type { signOutEverywhereMachine } from './signOutEverywhere.machine';

type Snapshot = SnapshotFrom<typeof signOutEverywhereMachine>;

/** The confirmation is shown (also while the revocation is in flight). */
export const selectConfirmingSignOutEverywhere = (s: Snapshot) => s.matches('confirming') || s.matches('revoking');
export const selectSigningOutEverywhere = (s: Snapshot) => s.hasTag('busy');
