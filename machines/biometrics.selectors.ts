import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { biometricsMachine } from './biometrics.machine';
import type { passcodeVerifyMachine } from './passcodeVerify.machine';

type Snapshot = SnapshotFrom<typeof biometricsMachine>;

export const selectBiometricsAvailable = (s: Snapshot) => s.hasTag('available');
export const selectBiometricsEnabled = (s: Snapshot) => s.context.enabled;
export const selectBiometricsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectBiometricsConfirm = (s: Snapshot) =>
  s.hasTag('confirming')
    ? (s.children.confirmPasscode as ActorRefFrom<typeof passcodeVerifyMachine> | undefined)
    : undefined;
