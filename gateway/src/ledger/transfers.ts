import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { ledgerAccounts, ledgerTransfers, type LedgerAccount, type LedgerTransfer, type TransferKind } from '../db/schema/index.js';
import type { Executor, Tx } from '../db/client.js';
import { LedgerError, translateDbError } from './errors.js';

export interface TransferInput {
  debitAccountId: number;
  creditAccountId: number;
  amount: bigint;
  currency: string;
  /** Replays with the same key (scoped to the user-owned side) return the first transfer. */
  idempotencyKey?: string;
  reference?: string;
}

export interface TransferResult extends LedgerTransfer {
  /** True when an earlier transfer with the same idempotency key was returned instead. */
  replayed: boolean;
}

/**
 * Each call is one transaction, or part of the caller's: inside one it runs there directly, with no
 * savepoint (two round trips fewer per transfer, on the money routes' hot path). A refusal then
 * aborts the caller's transaction, which every caller lets roll back; one that must carry on after a
 * refusal wraps the call in its own savepoint, as swap/confirm.ts settleNow does.
 */
async function atomically<T>(db: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return db instanceof PgTransaction ? await fn(db as Tx) : await db.transaction(fn);
  } catch (err) {
    throw translateDbError(err);
  }
}

/**
 * Rows locked in id order so two transfers touching the same pair never deadlock. NO KEY UPDATE,
 * not UPDATE: inserting a journal row takes a KEY SHARE lock on the referenced accounts, which
 * UPDATE would conflict with.
 */
async function lockAccounts(tx: Tx, ids: number[]): Promise<Map<number, LedgerAccount>> {
  const rows = await tx.select().from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids))
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
  return new Map(rows.map((r) => [r.id, r]));
}

function checkAmount(amount: bigint) {
  if (typeof amount !== 'bigint' || amount <= 0n) throw new LedgerError('INVALID_AMOUNT', 'Amounts are positive integers of minor units');
}

/** The key's scope: the user-owned side (the customer whose request it is), else the debit side. */
function keyScope(debit: LedgerAccount, credit: LedgerAccount): number {
  if (debit.kind === 'user') return debit.id;
  if (credit.kind === 'user') return credit.id;
  return debit.id;
}

async function findByKey(tx: Tx, keyAccountId: number, key: string) {
  const [row] = await tx.select().from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.keyAccountId, keyAccountId), eq(ledgerTransfers.idempotencyKey, key)));
  return row;
}

function sameRequest(row: LedgerTransfer, kind: TransferKind, input: TransferInput) {
  return row.kind === kind && row.debitAccountId === input.debitAccountId && row.creditAccountId === input.creditAccountId
    && row.amount === input.amount && row.currency === input.currency;
}

type Total = 'debits_pending' | 'debits_posted' | 'credits_pending' | 'credits_posted';

/**
 * Adds to running totals of the (already locked) accounts in one statement, whatever the number of
 * rows and columns: one round trip instead of one per total. The no-overdraft CHECK fires here if a
 * user account would go negative; it judges each row as it ends up, which is what the separate
 * updates came to as well (a hold's release and its posting only ever raise `available` in between).
 */
async function bump(tx: Tx, changes: { id: number; column: Total; delta: bigint }[]) {
  const columns = [...new Set(changes.map((c) => c.column))];
  const set = columns.map((column) => {
    const cases = changes.filter((c) => c.column === column).map((c) => sql`when ${c.id} then ${c.delta.toString()}::numeric`);
    return sql`${sql.identifier(column)} = ${sql.identifier(column)} + case id ${sql.join(cases, sql` `)} else 0 end`;
  });
  const ids = [...new Set(changes.map((c) => c.id))];
  await tx.execute(sql`update ledger_accounts set ${sql.join(set, sql`, `)} where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
}

async function open(db: Executor, kind: 'single' | 'pending', input: TransferInput): Promise<TransferResult> {
  checkAmount(input.amount);
  if (input.debitAccountId === input.creditAccountId) throw new LedgerError('INVALID_AMOUNT', 'Debit and credit accounts must differ');
  return atomically(db, async (tx) => {
    const locked = await lockAccounts(tx, [input.debitAccountId, input.creditAccountId]);
    const debit = locked.get(input.debitAccountId);
    const credit = locked.get(input.creditAccountId);
    if (!debit || !credit) throw new LedgerError('ACCOUNT_NOT_FOUND', 'No such ledger account');
    if (debit.currency !== input.currency || credit.currency !== input.currency) {
      throw new LedgerError('CURRENCY_MISMATCH', 'Both accounts must hold the transfer currency');
    }
    const keyAccountId = input.idempotencyKey ? keyScope(debit, credit) : null;
    // After the lock: a concurrent twin has either committed (its key makes this insert a no-op) or waits behind us.
    const [row] = await tx.insert(ledgerTransfers).values({
      debitAccountId: debit.id, creditAccountId: credit.id, amount: input.amount, currency: input.currency, kind,
      keyAccountId, idempotencyKey: input.idempotencyKey ?? null, reference: input.reference ?? null,
    }).onConflictDoNothing({ target: [ledgerTransfers.keyAccountId, ledgerTransfers.idempotencyKey] }).returning();
    if (!row) {
      const existing = (await findByKey(tx, keyAccountId!, input.idempotencyKey!))!;
      if (!sameRequest(existing, kind, input)) throw new LedgerError('IDEMPOTENCY_CONFLICT', 'This idempotency key was used for a different transfer');
      return { ...existing, replayed: true };
    }
    const posted = kind === 'single';
    await bump(tx, [
      { id: debit.id, column: posted ? 'debits_posted' : 'debits_pending', delta: input.amount },
      { id: credit.id, column: posted ? 'credits_posted' : 'credits_pending', delta: input.amount },
    ]);
    return { ...row, replayed: false };
  });
}

/** Moves posted funds from one account to another. */
export function transfer(db: Executor, input: TransferInput): Promise<TransferResult> {
  return open(db, 'single', input);
}

/** Reserves funds: they leave `available` at once and show as on hold until posted or voided. */
export function hold(db: Executor, input: TransferInput): Promise<TransferResult> {
  return open(db, 'pending', input);
}

async function resolve(db: Executor, kind: 'post_pending' | 'void_pending', pendingId: number, postAmount?: bigint): Promise<TransferResult> {
  if (postAmount !== undefined) checkAmount(postAmount);
  return atomically(db, async (tx) => {
    const [pending] = await tx.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.id, pendingId), eq(ledgerTransfers.kind, 'pending')));
    if (!pending) throw new LedgerError('HOLD_NOT_FOUND', `No hold ${pendingId}`);
    await lockAccounts(tx, [pending.debitAccountId, pending.creditAccountId]);
    // The unique index on pending_id is the backstop; under the locks this read already sees any resolution.
    const [done] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pendingId));
    if (done) {
      const sameAmount = kind === 'void_pending' || postAmount === undefined || postAmount === done.amount;
      if (done.kind === kind && sameAmount) return { ...done, replayed: true };
      throw new LedgerError('HOLD_ALREADY_RESOLVED', `Hold ${pendingId} was already ${done.kind === 'post_pending' ? 'posted' : 'voided'}`);
    }
    const amount = kind === 'void_pending' ? pending.amount : postAmount ?? pending.amount;
    if (amount > pending.amount) throw new LedgerError('INVALID_AMOUNT', 'Cannot post more than the hold');
    const [row] = await tx.insert(ledgerTransfers).values({
      debitAccountId: pending.debitAccountId, creditAccountId: pending.creditAccountId, amount,
      currency: pending.currency, kind, pendingId,
    }).returning();
    await bump(tx, [
      { id: pending.debitAccountId, column: 'debits_pending', delta: -pending.amount },
      { id: pending.creditAccountId, column: 'credits_pending', delta: -pending.amount },
      ...(kind === 'post_pending' ? [
        { id: pending.debitAccountId, column: 'debits_posted' as const, delta: amount },
        { id: pending.creditAccountId, column: 'credits_posted' as const, delta: amount },
      ] : []),
    ]);
    return { ...row!, replayed: false };
  });
}

/** Settles a hold, for its full amount or less (the rest is released). Replays return the first post. */
export function postHold(db: Executor, input: { pendingId: number; amount?: bigint }): Promise<TransferResult> {
  return resolve(db, 'post_pending', input.pendingId, input.amount);
}

/** Releases a hold back to the debit account's available balance. */
export function voidHold(db: Executor, input: { pendingId: number }): Promise<TransferResult> {
  return resolve(db, 'void_pending', input.pendingId);
}
