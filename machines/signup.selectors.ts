import type { SnapshotFrom } from 'xstate';
import type { signupMachine } from './signup.machine';

type Snapshot = SnapshotFrom<typeof signupMachine>;

export const selectEmail = (s: Snapshot) => s.context.email;
export const selectPassword = (s: Snapshot) => s.context.password;
export const selectPasswordShown = (s: Snapshot) => s.context.passwordShown;
export const selectError = (s: Snapshot) => s.context.error;
export const selectBusy = (s: Snapshot) => s.hasTag('busy') || s.status === 'done';
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submitted' });
