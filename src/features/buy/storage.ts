/**
 * What the card buy keeps on the device:
 * - the order form's draft (sessionStorage): the review reads it, so a reload finds the same review;
 * - one idempotency key per review (sessionStorage, under the review's signature): retries, double taps
 *   and reloads send the same key;
 * - the pending order's id, and only its id (localStorage): the messenger's WebView may be closed while
 *   the payment page is open; the app shows that order's status when it is opened again.
 */
import type { BuyDraft } from '../../../machines/shared/buy';
import { createKeyStore } from '../../app/idempotencyKeys';
import { sessionStore } from '../../app/webStorage';

const DRAFT = 'buy.draft';

export const buyDrafts = {
  read(): BuyDraft | null {
    try {
      const parsed = JSON.parse(sessionStore.read(DRAFT) ?? 'null') as BuyDraft | null;
      return parsed && typeof parsed.currency === 'string' && typeof parsed.amount === 'string' ? parsed : null;
    } catch {
      return null;
    }
  },
  save: (draft: BuyDraft) => sessionStore.write(DRAFT, JSON.stringify(draft)),
  clear: () => sessionStore.write(DRAFT, null),
};

export const buyKeys = createKeyStore('buy.key:');

// Its own module: the start-up guards read it, and this file's drafts and keys stay out of the boot chunk.
export { pendingBuy } from './pendingOrder';
