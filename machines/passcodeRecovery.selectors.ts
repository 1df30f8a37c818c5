import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passcodeKeypadMachine } from './passcodeKeypad.machine';
import type { passcodeRecoveryMachine } from './passcodeRecovery.machine';

type Snapshot = SnapshotFrom<typeof passcodeRecoveryMachine>;

export type RecoveryStep = 'opening' | 'unavailable' | 'intro' | 'enter' | 'confirm' | 'stale' | 'success';

const STEPS: readonly Exclude<RecoveryStep, 'enter'>[] = [
  'success',
  'opening',
  'unavailable',
  'stale',
  'intro',
  'confirm',
];

/** The screen to show: the first step whose tag the state carries (a finished recovery stays on success). */
export const selectRecoveryStep = (s: Snapshot): RecoveryStep =>
  s.status === 'done' ? 'success' : (STEPS.find((step) => s.hasTag(step)) ?? 'enter');
export const selectRecoveryKeypad = (s: Snapshot) =>
  s.children.keypad as ActorRefFrom<typeof passcodeKeypadMachine> | undefined;
export const selectRecoveryBusy = (s: Snapshot) => s.hasTag('busy');
export const selectRecoveryError = (s: Snapshot) => s.context.error;
export const selectRecoveredHoldUntil = (s: Snapshot) => s.context.holdUntil;
