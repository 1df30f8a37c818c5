import type { SnapshotFrom } from 'xstate';
import type { forgotMachine } from './forgot.machine';

type Snapshot = SnapshotFrom<typeof forgotMachine>;

export const selectEmail = (s: Snapshot) => s.context.email;
export const selectBusy = (s: Snapshot) => s.hasTag('busy') || s.status === 'done';
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submitted' });
