import type { SnapshotFrom } from 'xstate';
import type { historyFeedMachine } from './historyFeed.machine';

type Snapshot = SnapshotFrom<typeof historyFeedMachine>;

export const selectFeedLoading = (s: Snapshot) => s.hasTag('loading');
export const selectFeedFailed = (s: Snapshot) => s.matches('failed');
export const selectFeedTransactions = (s: Snapshot) => s.context.transactions;
export const selectFeedTotal = (s: Snapshot) => (s.matches('loaded') ? s.context.total : null);
export const selectFeedEmpty = (s: Snapshot) => s.matches('loaded') && s.context.transactions.length === 0;
/** The end of the list: more to load, loading it, a failed load (Retry), or every row shown. */
export const selectFeedMore = (s: Snapshot): 'more' | 'loading' | 'failed' | 'end' => {
  if (s.matches({ loaded: 'loadingMore' })) return 'loading';
  if (s.matches({ loaded: 'moreFailed' })) return 'failed';
  return s.context.nextCursor === null ? 'end' : 'more';
};
