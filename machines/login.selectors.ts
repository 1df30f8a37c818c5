import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine';

type Snapshot = SnapshotFrom<typeof loginMachine>;

export const selectEmail = (s: Snapshot) => s.context.email;
export const selectPassword = (s: Snapshot) => s.context.password;
export const selectPasswordShown = (s: Snapshot) => s.context.passwordShown;
export const selectBusy = (s: Snapshot) => s.hasTag('busy') || s.status === 'done';
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
/** The submit button mirrors the machine's own guard, so the two cannot disagree. */
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'form.submitted' });
/** The last sign-in's failure, shown under the password field (null while typing or busy). */
export const selectLoginError = (s: Snapshot) => (s.hasTag('editable') ? s.context.error : null);
