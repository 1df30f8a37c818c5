import type { SnapshotFrom } from 'xstate';
import type { payMachine } from './pay.machine';

type Snapshot = SnapshotFrom<typeof payMachine>;

export const selectPayBusy = (s: Snapshot) => s.hasTag('busy') || s.matches('opening');
export const selectPayProblem = (s: Snapshot) => s.context.problem;
export const selectPayRequest = (s: Snapshot) => s.context.request;
export const selectPayLoadFailed = (s: Snapshot) => s.matches('loadFailed');
