import type { SnapshotFrom } from 'xstate';
import type { addressBookEntryMachine } from './addressBookEntry.machine';

type Snapshot = SnapshotFrom<typeof addressBookEntryMachine>;

export const selectEntry = (s: Snapshot) => s.context.entry;
export const selectEntryLoading = (s: Snapshot) => s.hasTag('loading');
export const selectEntryFailed = (s: Snapshot) => s.matches('failed');
export const selectEntryNotFound = (s: Snapshot) => s.matches('failed') && s.context.failure?.code === 'NOT_FOUND';
export const selectDeleting = (s: Snapshot) => s.hasTag('busy') || s.status === 'done';
export const selectCanDelete = (s: Snapshot) => s.can({ type: 'delete.confirmed' });
