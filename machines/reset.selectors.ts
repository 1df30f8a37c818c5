import type { SnapshotFrom } from 'xstate';
import type { resetMachine } from './reset.machine';

type Snapshot = SnapshotFrom<typeof resetMachine>;

export const selectPassword = (s: Snapshot) => s.context.password;
export const selectPasswordShown = (s: Snapshot) => s.context.passwordShown;
export const selectError = (s: Snapshot) => s.context.error;
export const selectBusy = (s: Snapshot) => s.hasTag('busy') || s.status === 'done';
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submitted' });
