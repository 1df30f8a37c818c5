/**
 * Guide §8 item 12: one idempotency key per review, kept across retries, re-authentication, double
 * taps and reloads. Keys are stored in sessionStorage under the review's content (currency, address,
 * amount), with the form draft that lets a reload come back to the same review.
 */
const KEY_PREFIX = 'send.key:';
const DRAFT_PREFIX = 'send.draft:';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked: the key still lives in the machine for this page's life.
  }
}

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export const reviewKeys = {
  /** The key stored for this review's content, or a new one (stored at once). */
  keyFor(signature: string): string {
    const stored = read(KEY_PREFIX + signature);
    if (stored) return stored;
    const key = newKey();
    write(KEY_PREFIX + signature, key);
    return key;
  },
  forget(signature: string | null): void {
    if (signature) write(KEY_PREFIX + signature, null);
  },
};

export type SendDraft = { address: string; amount: string };

export const sendDrafts = {
  read(currency: string): SendDraft | null {
    try {
      const parsed = JSON.parse(read(DRAFT_PREFIX + currency) ?? 'null') as SendDraft | null;
      return parsed && typeof parsed.address === 'string' && typeof parsed.amount === 'string' ? parsed : null;
    } catch {
      return null;
    }
  },
  save: (currency: string, draft: SendDraft) => write(DRAFT_PREFIX + currency, JSON.stringify(draft)),
  clear: (currency: string) => write(DRAFT_PREFIX + currency, null),
};
