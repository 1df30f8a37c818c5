import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ChangeStep, passcodeChangeMachine } from './passcodeChange.machine';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';
import type { passcodeVerifyMachine } from './passcodeVerify.machine';

type Snapshot = SnapshotFrom<typeof passcodeChangeMachine>;

const STEPS: ChangeStep[] = ['success', 'confirm', 'new', 'old'];

export const selectChangeKeypad = (s: Snapshot) =>
  s.children.keypad as ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
/** The current-code step's verify keypad (it shows its own errors, tries left and waits). */
export const selectChangeVerify = (s: Snapshot) =>
  s.children.verify as ActorRefFrom<typeof passcodeVerifyMachine> | undefined;
export const selectChangeStep = (s: Snapshot): ChangeStep =>
  s.matches('done') ? 'success' : (STEPS.find((step) => s.hasTag(step)) ?? 'old');
export const selectChangeChecking = (s: Snapshot) => s.hasTag('checking');
export const selectChangeBusy = (s: Snapshot) => s.hasTag('busy');
export const selectChangeError = (s: Snapshot) => s.context.error;
export const selectChangeSeconds = (s: Snapshot) => s.context.secondsLeft;
