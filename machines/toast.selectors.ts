import type { SnapshotFrom } from 'xstate';
import type { toastMachine } from './toast.machine';

type Snapshot = SnapshotFrom<typeof toastMachine>;

export const selectToast = (s: Snapshot) => (s.hasTag('shown') ? s.context.toast : null);
export const selectToastFading = (s: Snapshot) => s.hasTag('fading');
