import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { userPasscodes } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { isUuid } from '../users/repository.js';
import { PASSCODE_PATTERN, hashPasscode, verifyPasscodeHash } from './hash.js';
import { startResetHold } from './resetHold.js';

/**
 * Lockout rules (spec §5, GUIDE §8.7). Every attempt that is not accepted counts — a wrong code, and
 * also a code presented during a wait or after the block — so hammering never buys extra guesses.
 * From the 5th counted failure on, each wrong code imposes a wait: 1, 5, 15, then 60 minutes. From the
 * 10th the passcode is blocked until a password reset (which removes it). A correct code resets both
 * counters when it was decided alone (see settleCorrect: a burst's correct code clears nothing). The count is taken under a row lock BEFORE the slow hash check and the wait is imposed
 * pessimistically, so parallel guesses are serialised: at most one guess per wait is ever checked.
 *
 * What a refused attempt answers (interface 4 of the team brief): a wrong code that starts nothing
 * is 403 B2C_USM0031 with `attemptsLeft` (wrong codes left before the first wait); the wrong code
 * that starts a wait is at once 429 B2C_USM0030 with its `waitSeconds`, as is any attempt during a
 * wait; the wrong code that blocks, and any attempt after, is 403 B2C_USM0032.
 */
export const LOCK_AFTER = 5;
export const BLOCK_AFTER = 10;
export const LOCK_LADDER_SECONDS = [60, 300, 900, 3600] as const;

export const lockSeconds = (lockout: number) =>
  LOCK_LADDER_SECONDS[Math.min(Math.max(lockout, 1), LOCK_LADDER_SECONDS.length) - 1]!;

export const pinErrors = {
  required: () => new DomainError('forbidden', 'PINCODE_REQUIRED', 'A passcode is active: send it in the pincode header'),
  wrong: (attemptsLeft: number) => new DomainError('forbidden', 'B2C_USM0031', 'Incorrect passcode', { attemptsLeft }),
  wait: (waitSeconds: number) =>
    new DomainError('too_many_attempts', 'B2C_USM0030', `Too many wrong passcodes: try again in ${waitSeconds} s`, { waitSeconds }),
  blocked: () => new DomainError('forbidden', 'B2C_USM0032', 'The passcode is blocked: reset your password to unblock it'),
  notActive: () => new DomainError('conflict', 'PINCODE_NOT_ACTIVE', 'No passcode is set'),
  alreadyActive: () => new DomainError('conflict', 'PINCODE_ALREADY_ACTIVE', 'A passcode is already set'),
};

export async function hasPasscode(db: Executor, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const [row] = await db.select({ userId: userPasscodes.userId }).from(userPasscodes).where(eq(userPasscodes.userId, userId));
  return Boolean(row);
}

type Admission =
  | { kind: 'none' }
  /** `failed` counts this attempt; `lockedUntil` is the wait it imposes if its code is wrong. */
  | { kind: 'admitted'; hash: string; failed: number; lockedUntil: Date | undefined }
  | { kind: 'wait'; waitSeconds: number }
  | { kind: 'blocked' };

const secondsUntil = (when: Date) => Math.max(1, Math.ceil((when.getTime() - Date.now()) / 1000));

/** The answer to an admitted attempt whose code was wrong: what its count has just started. */
function wrongCode(admission: Extract<Admission, { kind: 'admitted' }>) {
  if (admission.failed >= BLOCK_AFTER) return pinErrors.blocked();
  if (admission.lockedUntil) return pinErrors.wait(secondsUntil(admission.lockedUntil));
  return pinErrors.wrong(LOCK_AFTER - admission.failed);
}

/** Counts one attempt under a row lock and says whether its code may be checked. */
async function admit(db: Db, userId: string): Promise<Admission> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(userPasscodes).where(eq(userPasscodes.userId, userId)).for('update');
    if (!row) return { kind: 'none' } as const;
    const now = Date.now();
    const failed = row.failedAttempts + 1;
    const locked = row.lockedUntil && row.lockedUntil.getTime() > now;
    const refused = row.failedAttempts >= BLOCK_AFTER || locked;
    const patch: Partial<typeof userPasscodes.$inferInsert> = { failedAttempts: failed, updatedAt: new Date(now) };
    if (!refused && failed >= LOCK_AFTER && failed < BLOCK_AFTER) {
      // Pessimistic: the wait starts now, before the hash says whether this guess is wrong.
      patch.lockouts = row.lockouts + 1;
      patch.lockedUntil = new Date(now + lockSeconds(row.lockouts + 1) * 1000);
    }
    if (!refused) {
      // One more check in flight; a count left by a process that died mid-check is forgotten after a quiet minute.
      await tx.execute(sql`update user_passcodes set checks_in_flight =
        case when updated_at < now() - interval '1 minute' then 1 else checks_in_flight + 1 end where user_id = ${userId}`);
    }
    await tx.update(userPasscodes).set(patch).where(eq(userPasscodes.userId, userId));
    if (refused && failed >= BLOCK_AFTER) return { kind: 'blocked' } as const;
    if (refused) return { kind: 'wait', waitSeconds: secondsUntil(row.lockedUntil!) } as const;
    return { kind: 'admitted', hash: row.hash, failed, lockedUntil: patch.lockedUntil ?? undefined } as const;
  });
}

/**
 * Checks a presented code. Returns false when the user has no passcode, true when the code is right
 * (and resets the counters); throws B2C_USM0031 / 0030 / 0032 otherwise (see the rules above).
 */
export async function checkPasscode(db: Db, userId: string, code: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const admission = await admit(db, userId);
  switch (admission.kind) {
    case 'none': return false;
    case 'blocked': throw pinErrors.blocked();
    case 'wait': throw pinErrors.wait(admission.waitSeconds);
  }
  let ok = false;
  try {
    ok = PASSCODE_PATTERN.test(code) && (await verifyPasscodeHash(code, admission.hash));
  } finally {
    if (!ok) await db.execute(sql`update user_passcodes set checks_in_flight = greatest(checks_in_flight - 1, 0) where user_id = ${userId}`);
  }
  if (!ok) throw wrongCode(admission);
  await settleCorrect(db, userId, admission);
  return true;
}

/**
 * A correct code clears the counters only when it was decided alone: no other check in flight beside
 * it and none counted since it was admitted. Inside a burst it is accepted and clears nothing, so the
 * wrong guesses around it keep counting towards the wait (at most 5 checked, whatever the timing).
 */
async function settleCorrect(db: Db, userId: string, admission: Extract<Admission, { kind: 'admitted' }>) {
  const cleared = (await db.execute(sql`
    update user_passcodes set failed_attempts = 0, lockouts = 0, locked_until = null, checks_in_flight = 0, updated_at = now()
    where user_id = ${userId} and hash = ${admission.hash} and checks_in_flight <= 1 and failed_attempts = ${admission.failed}
    returning user_id`)) as unknown as { rows: unknown[] };
  if (cleared.rows.length === 0) {
    await db.execute(sql`update user_passcodes set checks_in_flight = greatest(checks_in_flight - 1, 0) where user_id = ${userId}`);
  }
}

/** Like checkPasscode, but a user without a passcode is refused (validate, change, disable). */
async function checkActive(db: Db, userId: string, code: string | undefined) {
  if (!(await hasPasscode(db, userId))) throw pinErrors.notActive();
  if (!code) throw pinErrors.required();
  if (!(await checkPasscode(db, userId, code))) throw pinErrors.notActive();
}

export async function enablePasscode(db: Db, userId: string, code: string): Promise<void> {
  const hash = await hashPasscode(code);
  const rows = await db.insert(userPasscodes).values({ userId, hash }).onConflictDoNothing().returning({ userId: userPasscodes.userId });
  if (!rows.length) throw pinErrors.alreadyActive();
}

export async function validatePasscode(db: Db, userId: string, code: string | undefined): Promise<void> {
  await checkActive(db, userId, code);
}

export async function changePasscode(db: Db, userId: string, oldCode: string | undefined, newCode: string): Promise<void> {
  await checkActive(db, userId, oldCode);
  const hash = await hashPasscode(newCode);
  await db.update(userPasscodes)
    .set({ hash, failedAttempts: 0, lockouts: 0, lockedUntil: null, updatedAt: sql`now()` })
    .where(eq(userPasscodes.userId, userId));
}

export async function disablePasscode(db: Db, userId: string, code: string | undefined): Promise<void> {
  await checkActive(db, userId, code);
  await db.delete(userPasscodes).where(eq(userPasscodes.userId, userId));
}

/**
 * A password reset proves control of the mailbox: it removes the passcode, and with it any wait or block.
 * Like every passcode reset it starts the hold on money leaving the account (resetHold.ts).
 */
export async function clearPasscodeOnPasswordReset(tx: Executor, userId: string, holdMs: number): Promise<void> {
  await tx.delete(userPasscodes).where(eq(userPasscodes.userId, userId));
  await startResetHold(tx, userId, holdMs);
}

/**
 * Telegram recovery (telegram/routes.ts has checked fresh init data of the user's own linked Telegram
 * account): the new code replaces the old one, any wait or block ends, and the hold starts.
 * 409 PINCODE_NOT_ACTIVE when there is no passcode to recover (set one instead).
 */
export async function resetPasscode(db: Db, userId: string, newCode: string, holdMs: number): Promise<Date> {
  const hash = await hashPasscode(newCode);
  return db.transaction(async (tx) => {
    const replaced = await tx.update(userPasscodes)
      .set({ hash, failedAttempts: 0, lockouts: 0, lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(userPasscodes.userId, userId))
      .returning({ userId: userPasscodes.userId });
    if (!replaced.length) throw pinErrors.notActive();
    return startResetHold(tx, userId, holdMs);
  });
}
