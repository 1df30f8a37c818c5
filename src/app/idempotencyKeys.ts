import { sessionStore } from './webStorage';

/** Idempotency keys of one money-moving call, by the content of the request they were made for. */
export type KeyStore = {
  /** The key stored for this signature, or a new random one (stored at once). */
  keyFor(signature: string): string;
  /** Drops the key once its request answered, so the next request gets a fresh one. */
  forget(signature: string | null): void;
};

const newKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Guide §8 item 12: one idempotency key per review, kept across retries, re-authentication, double
 * taps and reloads. Keys live in sessionStorage under `prefix` + the review's signature (its content,
 * never a card number), so a reload of the same review sends the same key.
 */
export function createKeyStore(prefix: string): KeyStore {
  return {
    keyFor(signature) {
      const stored = sessionStore.read(prefix + signature);
      if (stored) return stored;
      const key = newKey();
      sessionStore.write(prefix + signature, key);
      return key;
    },
    forget(signature) {
      if (signature) sessionStore.write(prefix + signature, null);
    },
  };
}
