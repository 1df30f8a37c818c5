/**
 * Guide §8 item 12: one idempotency key per review, kept across retries, re-authentication, double
 * taps and reloads. Keys are stored in sessionStorage under the review's content (currency, address,
 * amount), with the form draft that lets a reload come back to the same review.
 */
import { createKeyStore } from '../../app/idempotencyKeys';
import { sessionStore } from '../../app/webStorage';

const DRAFT_PREFIX = 'send.draft:';

export const reviewKeys = createKeyStore('send.key:');

export type SendDraft = { address: string; amount: string };

export const sendDrafts = {
  read(currency: string): SendDraft | null {
    try {
      const parsed = JSON.parse(sessionStore.read(DRAFT_PREFIX + currency) ?? 'null') as SendDraft | null;
      return parsed && typeof parsed.address === 'string' && typeof parsed.amount === 'string' ? parsed : null;
    } catch {
      return null;
    }
  },
  save: (currency: string, draft: SendDraft) => sessionStore.write(DRAFT_PREFIX + currency, JSON.stringify(draft)),
  clear: (currency: string) => sessionStore.write(DRAFT_PREFIX + currency, null),
};
