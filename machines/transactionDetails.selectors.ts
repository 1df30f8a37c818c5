import type { SnapshotFrom } from 'xstate';
import type { transactionDetailsMachine } from './transactionDetails.machine';

type Snapshot = SnapshotFrom<typeof transactionDetailsMachine>;

export const selectDetailsLoading = (s: Snapshot) => s.hasTag('loading');
export const selectDetailsFailed = (s: Snapshot) => s.matches('failed');
export const selectDetailsError = (s: Snapshot) => s.context.error;
export const selectTransaction = (s: Snapshot) => s.context.transaction;
export const selectDetailsCoin = (s: Snapshot) => s.context.coin;
export const selectCopyingField = (s: Snapshot) => s.context.copying;
