import { DomainError } from '../domain/errors.js';

/**
 * Lockout rules (spec §5, GUIDE §8.7), pure: the gate (gate.ts) reads the row under the user's lock,
 * asks these, and writes back what they say in the same transaction.
 *
 * Every attempt that is not accepted counts — a wrong code, and also a code presented during a wait
 * or after the block — so hammering never buys extra guesses. From the 5th counted failure on, each
 * wrong code imposes a wait: 1, 5, 15, then 60 minutes. From the 10th the passcode is blocked until a
 * password reset (which removes it). Checks of one user are serialised by the lock, so of any number
 * of parallel guesses at most one is judged at a time: at most 5 are compared before the wait.
 *
 * A correct code is never counted as wrong. It clears the counters when it was decided alone; inside
 * a burst (the lock was held by another check when it came) it is accepted and clears nothing, so the
 * wrong guesses around it keep counting toward the wait.
 *
 * What a refused attempt answers: a wrong code that starts nothing is 403 B2C_USM0031 with
 * `attemptsLeft`; the wrong code that starts a wait is at once 429 B2C_USM0030 with its `waitSeconds`,
 * as is any attempt during a wait; the wrong code that blocks, and any attempt after, is 403 B2C_USM0032.
 */
export const LOCK_AFTER = 5;
export const BLOCK_AFTER = 10;
export const LOCK_LADDER_SECONDS = [60, 300, 900, 3600] as const;

export const lockSeconds = (lockout: number) =>
  LOCK_LADDER_SECONDS[Math.min(Math.max(lockout, 1), LOCK_LADDER_SECONDS.length) - 1]!;

export const pinErrors = {
  required: () =>
    new DomainError('forbidden', 'PINCODE_REQUIRED', 'A passcode is active: send it in the pincode header'),
  wrong: (attemptsLeft: number) => new DomainError('forbidden', 'B2C_USM0031', 'Incorrect passcode', { attemptsLeft }),
  wait: (waitSeconds: number) =>
    new DomainError('too_many_attempts', 'B2C_USM0030', `Too many wrong passcodes: try again in ${waitSeconds} s`, {
      waitSeconds,
    }),
  blocked: () =>
    new DomainError('forbidden', 'B2C_USM0032', 'The passcode is blocked: reset your password to unblock it'),
  notActive: () => new DomainError('conflict', 'PINCODE_NOT_ACTIVE', 'No passcode is set'),
  alreadyActive: () => new DomainError('conflict', 'PINCODE_ALREADY_ACTIVE', 'A passcode is already set'),
};

/** The passcode's counters as the gate read them, with the database's clock. */
export interface Counters {
  failedAttempts: number;
  lockouts: number;
  lockedUntil: Date | null;
  now: Date;
}
export type CounterPatch = Partial<Pick<Counters, 'failedAttempts' | 'lockouts' | 'lockedUntil'>>;

const secondsUntil = (when: Date, now: Date) => Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 1000));

/** Before any comparison: an attempt during a wait or after the block is refused, and counted. */
export function refusedUnchecked(c: Counters): { error: DomainError; patch: CounterPatch } | undefined {
  const counted = { failedAttempts: c.failedAttempts + 1 };
  if (c.failedAttempts >= BLOCK_AFTER) return { error: pinErrors.blocked(), patch: counted };
  if (c.lockedUntil && c.lockedUntil.getTime() > c.now.getTime()) {
    return {
      error:
        c.failedAttempts + 1 >= BLOCK_AFTER ? pinErrors.blocked() : pinErrors.wait(secondsUntil(c.lockedUntil, c.now)),
      patch: counted,
    };
  }
  return undefined;
}

/** A compared code that was wrong: counted, and what its count starts. */
export function wrongCode(c: Counters): { error: DomainError; patch: CounterPatch } {
  const failed = c.failedAttempts + 1;
  if (failed >= BLOCK_AFTER) return { error: pinErrors.blocked(), patch: { failedAttempts: failed } };
  if (failed >= LOCK_AFTER) {
    const lockedUntil = new Date(c.now.getTime() + lockSeconds(c.lockouts + 1) * 1000);
    return {
      error: pinErrors.wait(secondsUntil(lockedUntil, c.now)),
      patch: { failedAttempts: failed, lockouts: c.lockouts + 1, lockedUntil },
    };
  }
  return { error: pinErrors.wrong(LOCK_AFTER - failed), patch: { failedAttempts: failed } };
}

/** A compared code that was right: clears the counters unless it came inside a burst (or there is nothing to clear). */
export function rightCode(c: Counters, contended: boolean): CounterPatch | undefined {
  if (contended) return undefined;
  if (c.failedAttempts === 0 && c.lockouts === 0 && c.lockedUntil === null) return undefined;
  return { failedAttempts: 0, lockouts: 0, lockedUntil: null };
}
