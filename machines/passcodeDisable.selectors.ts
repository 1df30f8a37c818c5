import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passcodeDisableMachine } from './passcodeDisable.machine';
import type { passcodeVerifyMachine } from './passcodeVerify.machine';

type Snapshot = SnapshotFrom<typeof passcodeDisableMachine>;

export const selectDisableVerify = (s: Snapshot) =>
  s.children.verify as ActorRefFrom<typeof passcodeVerifyMachine> | undefined;
export const selectDisableChecking = (s: Snapshot) => s.hasTag('checking');
