import type { SnapshotFrom } from 'xstate';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';

type Snapshot = SnapshotFrom<typeof passcodeKeypadMachine>;

export const selectDigitCount = (s: Snapshot) => s.context.digits.length;
export const selectKeypadEditable = (s: Snapshot) => s.hasTag('editable');
export const selectCanDelete = (s: Snapshot) => s.can({ type: 'backspace.pressed' });
