import { createActor } from 'xstate';
import { toastMachine, type Toast } from '../../machines/toast.machine';

/** One toast area for the whole app (spec §3 "active toast"), so any flow can raise one. */
export const toastActor = createActor(toastMachine).start();

export function showToast(toast: Toast): void {
  toastActor.send({ type: 'toast.shown', toast });
}
