import type { SnapshotFrom } from 'xstate';
import type { findableMachine } from './findable.machine';

type Snapshot = SnapshotFrom<typeof findableMachine>;

export const selectFindable = (s: Snapshot) => s.context.findable;
export const selectFindableBusy = (s: Snapshot) => s.hasTag('busy');
export const selectFindableFailed = (s: Snapshot) => s.matches('failed');
