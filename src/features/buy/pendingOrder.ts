import { localStore } from '../../app/webStorage';

/**
 * The pending card order's id, and only its id (localStorage): the messenger's WebView may be closed while
 * the payment page is open; the app shows that order's status when it is opened again (src/app/guards.tsx).
 * With storage blocked the order's status screen is only reached from history.
 */
const PENDING = 'buy.pendingOrder';

export const pendingBuy = {
  read: () => localStore.read(PENDING),
  remember: (orderId: string) => localStore.write(PENDING, orderId),
  /** Forgets the order once it reached its end (only that one: a newer pending order stays). */
  forget(orderId: string) {
    if (localStore.read(PENDING) === orderId) localStore.write(PENDING, null);
  },
};
