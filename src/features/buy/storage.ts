/**
 * What the card buy keeps on the device (the order form's draft is not among them: it reaches the review
 * through the buy flow's memory):
 * - one idempotency key per review (sessionStorage, under the review's signature): retries, double taps
 *   and reloads send the same key;
 * - the pending order's id, and only its id (localStorage): the messenger's WebView may be closed while
 *   the payment page is open; the app shows that order's status when it is opened again.
 */
import { createKeyStore } from '../../app/idempotencyKeys';

export const buyKeys = createKeyStore('buy.key:');

// Its own module: the start-up guards read it, and this file's keys stay out of the boot chunk.
export { pendingBuy } from './pendingOrder';
