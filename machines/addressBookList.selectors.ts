import type { SnapshotFrom } from 'xstate';
import type { addressBookListMachine } from './addressBookList.machine';

type Snapshot = SnapshotFrom<typeof addressBookListMachine>;

export const selectEntries = (s: Snapshot) => s.context.entries;
export const selectListLoading = (s: Snapshot) => s.hasTag('loading');
export const selectListFailed = (s: Snapshot) => s.matches('failed');
export const selectListEmpty = (s: Snapshot) => s.matches('loaded') && s.context.entries.length === 0;
