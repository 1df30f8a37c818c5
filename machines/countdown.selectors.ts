import type { SnapshotFrom } from 'xstate';
import type { countdownMachine } from './countdown.machine';
import { countdownText } from './shared/countdown';

type Snapshot = SnapshotFrom<typeof countdownMachine>;

export const selectSecondsLeft = (s: Snapshot) => s.context.secondsLeft;
/** mm:ss (spec §4). */
export const selectCountdownText = (s: Snapshot) => countdownText(s.context.secondsLeft);
export const selectCountdownOver = (s: Snapshot) => s.status === 'done';
