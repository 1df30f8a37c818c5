import type { SnapshotFrom } from 'xstate';
import type { buyPayMachine } from './buyPay.machine';

type Snapshot = SnapshotFrom<typeof buyPayMachine>;

export const selectRegions = (s: Snapshot) => s.context.regions;
export const selectPayScreen = (s: Snapshot): 'loading' | 'choosing' | 'empty' | 'failed' =>
  s.matches('loading') ? 'loading' : s.matches('empty') ? 'empty' : s.matches('failed') ? 'failed' : 'choosing';
