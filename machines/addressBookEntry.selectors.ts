import type { SnapshotFrom } from 'xstate';
import { nameProblem, type addressBookEntryMachine } from './addressBookEntry.machine';

type Snapshot = SnapshotFrom<typeof addressBookEntryMachine>;

export const selectEntry = (s: Snapshot) => s.context.entry;
export const selectEntryLoading = (s: Snapshot) => s.hasTag('loading');
export const selectEntryFailed = (s: Snapshot) => s.matches('failed');
export const selectEntryNotFound = (s: Snapshot) => s.matches('failed') && s.context.failure?.code === 'NOT_FOUND';
export const selectDeleting = (s: Snapshot) => s.hasTag('busy') || s.status === 'done';
export const selectCanDelete = (s: Snapshot) => s.can({ type: 'delete.confirmed' });
/** The Name field's value: what the user typed, or the saved name. */
export const selectDraftName = (s: Snapshot) => s.context.draft;
/** Why the typed name cannot be saved ('empty', 'tooLong'), or null. */
export const selectNameProblem = (s: Snapshot) => (s.context.entry ? nameProblem(s.context.draft) : null);
export const selectCanRename = (s: Snapshot) => s.can({ type: 'rename.submitted' });
export const selectRenaming = (s: Snapshot) => s.hasTag('saving');
