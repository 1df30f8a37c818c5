import type { SnapshotFrom } from 'xstate';
import type { manageAssetsMachine } from './manageAssets.machine';

type Snapshot = SnapshotFrom<typeof manageAssetsMachine>;

export const selectHidden = (s: Snapshot) => s.context.hidden;
export const selectAdded = (s: Snapshot) => s.context.added;
export const selectAdding = (s: Snapshot) => s.context.adding;
