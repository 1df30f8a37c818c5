import type { SnapshotFrom } from 'xstate';
import type { confirmMachine } from './confirm.machine';

type Snapshot = SnapshotFrom<typeof confirmMachine>;

export const selectConfirming = (s: Snapshot) => s.hasTag('busy');
export const selectConfirmed = (s: Snapshot) => s.matches('confirmed') || s.matches('continuing');
export const selectFailed = (s: Snapshot) => s.matches('failed');
