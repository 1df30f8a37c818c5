import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passcodeVerifyMachine } from './passcodeVerify.machine';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';

type Snapshot = SnapshotFrom<typeof passcodeVerifyMachine>;

/** The running keypad (absent while locked, blocked or done). */
export const selectKeypad = (s: Snapshot) =>
  s.children.keypad as ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
export const selectVerifyError = (s: Snapshot) => s.context.error;
export const selectSecondsLeft = (s: Snapshot) => s.context.secondsLeft;
export const selectVerifyBusy = (s: Snapshot) => s.hasTag('busy') || s.hasTag('unlocking');
export const selectLocked = (s: Snapshot) => s.hasTag('locked');
export const selectBlocked = (s: Snapshot) => s.hasTag('blocked');
export const selectVerified = (s: Snapshot) => s.status === 'done';
