import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passcodeSetMachine } from './passcodeSet.machine';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';

type Snapshot = SnapshotFrom<typeof passcodeSetMachine>;

export const selectSetKeypad = (s: Snapshot) =>
  s.children.keypad as ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
export const selectSetStep = (s: Snapshot): 'enter' | 'confirm' | 'success' =>
  s.hasTag('success') || s.status === 'done' ? 'success' : s.hasTag('confirm') ? 'confirm' : 'enter';
export const selectSetBusy = (s: Snapshot) => s.hasTag('busy');
export const selectSetError = (s: Snapshot) => s.context.error;
export const selectSuccessSeconds = (s: Snapshot) => s.context.secondsLeft;
