import { randomUUID } from 'node:crypto';
import { enqueueNotification } from '../notifications/outbox.js';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { userPasscodes } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { judgeCode, lockSecurityRow, tracked, type SecurityRow } from './gate.js';
import { sealPasscode } from './hash.js';
import type { PasscodePeppers } from './pepper.js';
import { startResetHold } from './resetHold.js';
import { pinErrors } from './rules.js';

export { BLOCK_AFTER, LOCK_AFTER, LOCK_LADDER_SECONDS, lockSeconds, pinErrors } from './rules.js';

/**
 * The passcode calls of spec §7 and the two resets. Each runs in one transaction under the user's
 * security lock (gate.ts), so a check, a change and a reset of one user never interleave, and a
 * counted wrong code commits even though the call is refused.
 */

const noUser = () => new DomainError('unauthenticated', 'UNAUTHORIZED', 'The user of this token no longer exists');

type Locked = SecurityRow & { passcode: NonNullable<SecurityRow['passcode']> };

/**
 * Under the lock: the user's passcode checked against `code` (refused when none is set), then `then`
 * in the same transaction. A refusal is thrown after its count has committed.
 */
async function withActiveCode(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  code: string | undefined,
  then: (tx: Executor, row: Locked) => Promise<void>,
): Promise<void> {
  const refusal = await tracked(userId, () =>
    db.transaction(async (tx) => {
      const row = await lockSecurityRow(tx, userId);
      if (!row) return noUser();
      if (!row.passcode) return pinErrors.notActive();
      const locked = { ...row, passcode: row.passcode };
      const refused = await judgeCode(tx, peppers, userId, locked, code);
      if (refused) return refused;
      await then(tx, locked);
      return undefined;
    }),
  );
  if (refusal) throw refusal;
}

export async function hasPasscode(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userPasscodes.userId })
    .from(userPasscodes)
    .where(eq(userPasscodes.userId, userId));
  return Boolean(row);
}

export async function enablePasscode(db: Db, peppers: PasscodePeppers, userId: string, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockSecurityRow(tx, userId))) throw noUser();
    const rows = await tx
      .insert(userPasscodes)
      .values({ userId, hash: sealPasscode(peppers, userId, code) })
      .onConflictDoNothing()
      .returning({ userId: userPasscodes.userId });
    if (!rows.length) throw pinErrors.alreadyActive();
  });
}

export async function validatePasscode(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  code: string | undefined,
): Promise<void> {
  await withActiveCode(db, peppers, userId, code, async () => {});
}

/**
 * For a change of who can reach the account (a Telegram link) that a passcode guards when one is set:
 * false when none is set, true when `code` is right; throws the usual refusals otherwise. Under the
 * lock in its own transaction; a caller that must decide atomically with its change uses
 * lockSecurityRow + judgeCode inside its own transaction instead.
 */
export async function checkPasscodeIfSet(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  code: string | undefined,
): Promise<boolean> {
  const outcome = await tracked(userId, () =>
    db.transaction(async (tx) => {
      const row = await lockSecurityRow(tx, userId);
      if (!row) return { refusal: noUser() };
      if (!row.passcode) return { set: false };
      const refusal = await judgeCode(
        tx,
        peppers,
        userId,
        { ...row, passcode: row.passcode },
        code?.trim() || undefined,
      );
      return refusal ? { refusal } : { set: true };
    }),
  );
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.set;
}

export async function changePasscode(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  oldCode: string | undefined,
  newCode: string,
): Promise<void> {
  await withActiveCode(db, peppers, userId, oldCode, async (tx) => {
    await tx
      .update(userPasscodes)
      .set({
        hash: sealPasscode(peppers, userId, newCode),
        failedAttempts: 0,
        lockouts: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(userPasscodes.userId, userId));
    // Told by bot and e-mail, with the change (issue 24).
    await enqueueNotification(tx, {
      userId,
      event: 'security.passcode_changed',
      ref: `passcode:${randomUUID()}`,
      data: {},
    });
  });
}

export async function disablePasscode(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  code: string | undefined,
): Promise<void> {
  await withActiveCode(db, peppers, userId, code, async (tx) => {
    await tx.delete(userPasscodes).where(eq(userPasscodes.userId, userId));
  });
}

/**
 * A password reset proves control of the mailbox: it removes the passcode, and with it any wait or
 * block, and starts the hold on money leaving the account (resetHold.ts). Runs in the caller's
 * transaction after taking the user's security lock, so a money move of this user either committed
 * before it or sees the hold.
 */
export async function clearPasscodeOnPasswordReset(tx: Executor, userId: string, holdMs: number): Promise<void> {
  await lockSecurityRow(tx, userId);
  await tx.delete(userPasscodes).where(eq(userPasscodes.userId, userId));
  await startResetHold(tx, userId, holdMs);
}

/**
 * Telegram recovery (telegram/routes.ts has checked fresh init data of the user's own linked Telegram
 * account): under the lock, the new code replaces the old one, any wait or block ends, and the hold
 * starts; `also` runs in the same transaction (ending every session). 409 PINCODE_NOT_ACTIVE when
 * there is no passcode to recover (set one instead).
 */
export async function resetPasscode(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  newCode: string,
  holdMs: number,
  also: (tx: Executor) => Promise<void> = async () => {},
): Promise<Date> {
  return db.transaction(async (tx) => {
    const row = await lockSecurityRow(tx, userId);
    if (!row) throw noUser();
    if (!row.passcode) throw pinErrors.notActive();
    await tx
      .update(userPasscodes)
      .set({
        hash: sealPasscode(peppers, userId, newCode),
        failedAttempts: 0,
        lockouts: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(eq(userPasscodes.userId, userId));
    const until = await startResetHold(tx, userId, holdMs);
    await also(tx);
    return until;
  });
}
