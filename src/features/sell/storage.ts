/**
 * Guide §8 item 12 for the sell: one idempotency key per review (asset, amount and card), kept in
 * sessionStorage across retries, re-authentication, double taps and reloads, with the amount a reload
 * comes back to. The card number is never written anywhere: the key is stored under the masked
 * number or the saved card's id.
 */
import { createKeyStore } from '../../app/idempotencyKeys';
import { sessionStore } from '../../app/webStorage';

const DRAFT_PREFIX = 'sell.draft:';

export const sellKeys = createKeyStore('sell.key:');

export const sellDrafts = {
  read: (currency: string): string => sessionStore.read(DRAFT_PREFIX + currency) ?? '',
  save: (currency: string, amount: string) => sessionStore.write(DRAFT_PREFIX + currency, amount),
  clear: (currency: string) => sessionStore.write(DRAFT_PREFIX + currency, null),
};
