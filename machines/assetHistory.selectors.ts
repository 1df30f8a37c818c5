import type { SnapshotFrom } from 'xstate';
import type { assetHistoryMachine } from './assetHistory.machine';

type Snapshot = SnapshotFrom<typeof assetHistoryMachine>;

export const selectAssetLoading = (s: Snapshot) => s.hasTag('loading');
export const selectAssetFailed = (s: Snapshot) => s.matches('failed');
/** Not a coin of this wallet at all. */
export const selectAssetUnavailable = (s: Snapshot) => s.matches('unavailable');
export const selectAssetError = (s: Snapshot) => s.context.error;
export const selectCoin = (s: Snapshot) => s.context.coin;
export const selectAsset = (s: Snapshot) => s.context.asset;
export const selectTransactions = (s: Snapshot) => s.context.transactions;
export const selectHistoryEmpty = (s: Snapshot) => s.matches('loaded') && s.context.transactions.length === 0;
export const selectCopyingAddress = (s: Snapshot) => s.hasTag('busy');
/** The coin is offered but not in the wallet: the screen offers Add instead of Retry. */
export const selectNotAdded = (s: Snapshot) => s.matches('notAdded') || s.hasTag('adding');
export const selectAdding = (s: Snapshot) => s.hasTag('adding');
export const selectAddFailed = (s: Snapshot) => s.context.addFailed;
/** The end of the list: more to load, loading it, a failed load (Retry), or every row shown. */
export const selectMoreRows = (s: Snapshot): 'more' | 'loading' | 'failed' | 'end' => {
  if (s.matches({ loaded: { more: 'loading' } })) return 'loading';
  if (s.matches({ loaded: { more: 'failed' } })) return 'failed';
  return s.context.nextCursor === null ? 'end' : 'more';
};
