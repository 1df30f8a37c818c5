import type { SnapshotFrom } from 'xstate';
import type { selectAssetMachine } from './selectAsset.machine';

type Snapshot = SnapshotFrom<typeof selectAssetMachine>;

export const selectQuery = (s: Snapshot) => s.context.query;
export const selectFiltering = (s: Snapshot) => s.matches('filtered');
