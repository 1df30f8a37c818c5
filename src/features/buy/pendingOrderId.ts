import { localStore } from '../../app/webStorage';

/**
 * The pending card order's id, and only its id (localStorage): the messenger's WebView may be closed while
 * the payment page is open; the app shows that order's status when it is opened again (src/app/guards.tsx).
 * With storage blocked the order's status screen is only reached from history. Only the read is here: the
 * guards (boot chunk) need no more; the buy screens remember and forget it (pendingOrder.ts).
 */
export const PENDING_BUY = 'buy.pendingOrder';

export const readPendingBuy = () => localStore.read(PENDING_BUY);
