/**
 * Guide §8 item 12 for swap orders: one idempotency key per order creation, kept across retries,
 * re-authentication, double taps and reloads (sessionStorage, under the order's content), and dropped
 * once the creation answered, so Update rate gets a fresh order with a fresh key.
 */
import { createKeyStore } from '../../app/idempotencyKeys';

export const orderKeys = createKeyStore('swap.key:');
