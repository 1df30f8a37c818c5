/** An exponential backoff: the first wait is `base`, each failure in a row doubles it, never past `cap`. */
export type Backoff = { base: number; cap: number };

/** The wait after `failures` failures in a row (0: the normal interval). */
export function backoffDelay(failures: number, { base, cap }: Backoff): number {
  return Math.min(base * 2 ** Math.max(0, Math.floor(failures)), cap);
}

/**
 * One more failure, counted only while the wait still grows: past the cap the count stops, so a
 * machine holding it has finitely many states (the model-based tests walk all of them) and the
 * number never overflows however long the connection stays down.
 */
export function countFailure(failures: number, backoff: Backoff): number {
  return backoffDelay(failures, backoff) >= backoff.cap ? failures : failures + 1;
}

/**
 * A first load that failed (nothing on screen yet: the coin catalogue, the profile) tries again after
 * 10 s, 20 s, 40 s, then every minute, as a failed first balance load does.
 */
export const FIRST_LOAD_RETRY: Backoff = { base: 10_000, cap: 60_000 };

/** The wait before the next try after `failures` (at least one) failed loads in a row. */
export const retryDelay = (failures: number, backoff: Backoff = FIRST_LOAD_RETRY) =>
  backoffDelay(failures - 1, backoff);
