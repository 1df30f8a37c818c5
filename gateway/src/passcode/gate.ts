import { channel } from 'node:diagnostics_channel';
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client.js';
import { userPasscodes } from '../db/schema/index.js';
import { DomainError } from '../domain/errors.js';
import { isUuid } from '../users/repository.js';
import { verifyPasscode, sealPasscode } from './hash.js';
import type { PasscodePeppers } from './pepper.js';
import { holdError } from './resetHold.js';
import { pinErrors, refusedUnchecked, rightCode, wrongCode, type CounterPatch, type Counters } from './rules.js';

/**
 * Every comparison of an entered code with the stored one, published for whoever listens (the abuse tests
 * count how many guesses were really compared): the user and the verdict, never the code. Free while nobody
 * subscribes.
 */
export const passcodeChecks = channel('wallet:passcode.checked');
export type PasscodeCheck = { userId: string; ok: boolean };

/**
 * The user's security row, locked: what a reset, a link change, a passcode change and every money
 * move of the user decide under (GUIDE §8.14). Read by security_gate (migration 0015), which takes the
 * lock and then reads the hold and the passcode in a fresh snapshot, so whatever the previous holder
 * of the lock committed — a reset that removed the passcode and started the hold — is what is judged.
 */
export interface SecurityRow {
  /** Another check or change of this user held the lock when this one came. */
  contended: boolean;
  /** The reset hold, while it runs by the database's clock. */
  holdUntil: Date | null;
  passcode: ({ hash: string } & Omit<Counters, 'now'>) | null;
  now: Date;
}

type GateRecord = {
  contended: boolean;
  hold_until: string | Date | null;
  hash: string | null;
  failed_attempts: number | null;
  lockouts: number | null;
  locked_until: string | Date | null;
  db_now: string | Date;
};
const date = (v: string | Date) => (v instanceof Date ? v : new Date(v));

/**
 * Checks of each user running in this process. PostgreSQL tells a check that waited for the lock
 * (`contended`), but a check can also queue before it reaches the database — for a pool connection,
 * or on PGlite, which runs one statement at a time — so a correct code counts as inside a burst when
 * either says so. Only ever makes the rule stricter; nothing about money is kept here.
 */
const checksInFlight = new Map<string, number>();

/** Runs one check (or change) of a user's passcode, counted in `checksInFlight` while it runs. */
export async function tracked<T>(userId: string, run: () => Promise<T>): Promise<T> {
  checksInFlight.set(userId, (checksInFlight.get(userId) ?? 0) + 1);
  try {
    return await run();
  } finally {
    const left = (checksInFlight.get(userId) ?? 1) - 1;
    if (left > 0) checksInFlight.set(userId, left);
    else checksInFlight.delete(userId);
  }
}

const noUser = () => new DomainError('unauthenticated', 'UNAUTHORIZED', 'The user of this token no longer exists');

/** Takes the lock for the rest of the caller's transaction; undefined when there is no such user. */
export async function lockSecurityRow(tx: Executor, userId: string): Promise<SecurityRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const { rows } = (await tx.execute(sql`select * from security_gate(${userId}::uuid)`)) as unknown as {
    rows: GateRecord[];
  };
  const r = rows[0];
  if (!r) return undefined;
  return {
    contended: r.contended || (checksInFlight.get(userId) ?? 0) > 1,
    holdUntil: r.hold_until ? date(r.hold_until) : null,
    passcode:
      r.hash === null
        ? null
        : {
            hash: r.hash,
            failedAttempts: r.failed_attempts ?? 0,
            lockouts: r.lockouts ?? 0,
            lockedUntil: r.locked_until ? date(r.locked_until) : null,
          },
    now: date(r.db_now),
  };
}

async function patchCounters(tx: Executor, userId: string, patch: CounterPatch & { hash?: string }) {
  await tx
    .update(userPasscodes)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(userPasscodes.userId, userId));
}

/**
 * Judges a presented code under the lock, writing its count in the same transaction. Returns the
 * refusal (counted where the rules count it) or undefined when the code is right; never throws for a
 * wrong code, so the caller can commit the count and still refuse. A right code under an old scheme
 * or key is re-sealed under the current key.
 */
export async function judgeCode(
  tx: Executor,
  peppers: PasscodePeppers,
  userId: string,
  row: SecurityRow & { passcode: NonNullable<SecurityRow['passcode']> },
  code: string | undefined,
): Promise<DomainError | undefined> {
  if (!code) return pinErrors.required();
  const counters: Counters = { ...row.passcode, now: row.now };
  const unchecked = refusedUnchecked(counters);
  if (unchecked) {
    await patchCounters(tx, userId, unchecked.patch);
    return unchecked.error;
  }
  const verdict = await verifyPasscode(peppers, userId, code, row.passcode.hash);
  if (passcodeChecks.hasSubscribers) passcodeChecks.publish({ userId, ok: verdict.ok } satisfies PasscodeCheck);
  if (!verdict.ok) {
    const wrong = wrongCode(counters);
    await patchCounters(tx, userId, wrong.patch);
    return wrong.error;
  }
  const cleared = rightCode(counters, row.contended);
  if (cleared || verdict.reseal) {
    await patchCounters(tx, userId, {
      ...cleared,
      ...(verdict.reseal ? { hash: sealPasscode(peppers, userId, code) } : {}),
    });
  }
  return undefined;
}

/**
 * What a money move must pass, under the lock: no reset hold; then, when a passcode is set, the right
 * code in the header. Returns the refusal instead of throwing so that a counted wrong code commits.
 */
async function moneyGate(
  tx: Tx,
  peppers: PasscodePeppers,
  userId: string,
  header: string | undefined,
): Promise<DomainError | undefined> {
  const row = await lockSecurityRow(tx, userId);
  if (!row) return noUser();
  // Asked first, so a held request never counts a passcode attempt.
  if (row.holdUntil) return holdError(row.holdUntil);
  if (!row.passcode) return undefined;
  return judgeCode(tx, peppers, userId, { ...row, passcode: row.passcode }, header?.trim() || undefined);
}

/** A money move's transaction, as a service takes it: the gate below, bound to one request. */
export type MoneyGate = <T>(move: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * Runs a money move (send, swap confirm, sell) as one decision with its passcode and reset hold: one
 * transaction that takes the user's security lock, judges the hold and the code, and moves the money,
 * so a reset committing mid-request either finished before (the move sees the hold and is refused)
 * or waits until the move has committed. A refused code's count commits; the move does not run.
 * The move gets the transaction; services that open their own nest as savepoints inside it.
 */
export async function withMoneyGate<T>(
  db: Db,
  peppers: PasscodePeppers,
  userId: string,
  header: string | undefined,
  move: (tx: Db) => Promise<T>,
): Promise<T> {
  const outcome = await tracked(userId, () =>
    db.transaction(async (tx) => {
      const refusal = await moneyGate(tx, peppers, userId, header);
      if (refusal) return { refusal };
      return { value: await move(tx as unknown as Db) };
    }),
  );
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
}
