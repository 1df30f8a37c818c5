import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { countdownMachine } from './countdown.machine';
import type { passcodeConfirmMachine } from './passcodeConfirm.machine';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';

/** Any flow's typed copy reads the same: the selectors look at state, tags and the error only. */
type Snapshot = Pick<SnapshotFrom<typeof passcodeConfirmMachine>, 'children' | 'context' | 'hasTag' | 'status' | 'can'>;

/** The running keypad (absent while locked, blocked or done). */
export const selectConfirmKeypad = (s: Snapshot) =>
  s.children.keypad as ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
/** The lockout's countdown (B2C_USM0030), while it runs. */
export const selectLockout = (s: Snapshot) => s.children.countdown as ActorRefFrom<typeof countdownMachine> | undefined;
export const selectConfirmError = (s: Snapshot) => s.context.error;
export const selectConfirmBusy = (s: Snapshot) => s.hasTag('busy') || s.hasTag('unlocking');
export const selectConfirmLocked = (s: Snapshot) => s.hasTag('locked');
export const selectConfirmBlocked = (s: Snapshot) => s.hasTag('blocked');
export const selectBiometricsOffered = (s: Snapshot) => s.can({ type: 'biometrics.requested' });
export const selectAuthorised = (s: Snapshot) => s.status === 'done';
