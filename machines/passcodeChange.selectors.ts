import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ChangeStep, passcodeChangeMachine } from './passcodeChange.machine';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';

type Snapshot = SnapshotFrom<typeof passcodeChangeMachine>;

const STEPS: ChangeStep[] = ['success', 'confirm', 'new', 'old'];

export const selectChangeKeypad = (s: Snapshot) => s.children.keypad as ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
export const selectChangeStep = (s: Snapshot): ChangeStep =>
  s.status === 'done' ? 'success' : STEPS.find((step) => s.hasTag(step)) ?? 'old';
export const selectChangeBusy = (s: Snapshot) => s.hasTag('busy');
export const selectChangeError = (s: Snapshot) => s.context.error;
export const selectChangeSeconds = (s: Snapshot) => s.context.secondsLeft;
