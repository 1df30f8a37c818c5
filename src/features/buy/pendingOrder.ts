import { localStore } from '../../app/webStorage';
import { PENDING_BUY as PENDING, readPendingBuy } from './pendingOrderId';

/** The pending card order's id (pendingOrderId.ts says why it is kept). */
export const pendingBuy = {
  read: readPendingBuy,
  remember: (orderId: string) => localStore.write(PENDING, orderId),
  /** Forgets the order once it reached its end (only that one: a newer pending order stays). */
  forget(orderId: string) {
    if (localStore.read(PENDING) === orderId) localStore.write(PENDING, null);
  },
};
