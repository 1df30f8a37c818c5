import type { SnapshotFrom } from 'xstate';
import type { buyStatusMachine } from './buyStatus.machine';

type Snapshot = SnapshotFrom<typeof buyStatusMachine>;

export const selectStatusOrder = (s: Snapshot) => s.context.order;
/** What the screen tells: still loading the first answer, under way, credited, declined, or unknown (read failed). */
export const selectStatusView = (s: Snapshot): 'loading' | 'pending' | 'credited' | 'declined' | 'failed' => {
  if (s.matches('credited')) return 'credited';
  if (s.matches('declined')) return 'declined';
  if (s.matches('failed')) return 'failed';
  return s.context.order ? 'pending' : 'loading';
};
/** "Open payment page" is offered while the order awaits payment and its page is known. */
export const selectCanReopenPayment = (s: Snapshot) => s.can({ type: 'payment.reopened' });
