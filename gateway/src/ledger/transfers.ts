import { sql, type SQL } from 'drizzle-orm';
import { ledgerTransfers, type LedgerTransfer } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { rowMapper } from '../db/rows.js';
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

const transferRow = rowMapper(ledgerTransfers);
const fromRow = (raw: Record<string, unknown>): TransferResult => ({
  ...transferRow(raw),
  replayed: raw.replayed === true,
});

/**
 * One call of a ledger function (migration 0011_ledger_functions.sql): the locks, the idempotency
 * check, the journal row and the totals in one round trip. A single statement is atomic on its own,
 * so outside a transaction it needs no BEGIN/COMMIT; inside one it runs there, with no savepoint. A
 * refusal then aborts the caller's transaction, which every caller lets roll back; one that must
 * carry on after a refusal wraps the call in its own savepoint, as swap/confirm.ts settleNow does.
 */
async function call(db: Executor, statement: SQL): Promise<TransferResult> {
  try {
    const { rows } = (await db.execute(statement)) as unknown as { rows: Record<string, unknown>[] };
    return fromRow(rows[0]!);
  } catch (err) {
    throw translateDbError(err);
  }
}

function checkAmount(amount: bigint) {
  if (typeof amount !== 'bigint' || amount <= 0n)
    throw new LedgerError('INVALID_AMOUNT', 'Amounts are positive integers of minor units');
}

/**
 * Row locks in id order (deadlock freedom), idempotency by key scope (the user-owned side, else the
 * debit side), IDEMPOTENCY_CONFLICT for another request under a used key, and the no-overdraft
 * CHECK: all kept by ledger_open in the database. Amounts travel as decimal strings, never floats.
 */
async function open(db: Executor, kind: 'single' | 'pending', input: TransferInput): Promise<TransferResult> {
  checkAmount(input.amount);
  if (input.debitAccountId === input.creditAccountId)
    throw new LedgerError('INVALID_AMOUNT', 'Debit and credit accounts must differ');
  return call(
    db,
    sql`select (r.transfer).*, r.replayed from ledger_open(${kind}::text, ${input.debitAccountId}::bigint,
    ${input.creditAccountId}::bigint, ${input.amount.toString()}::numeric, ${input.currency}::text,
    ${input.idempotencyKey ?? null}::text, ${input.reference ?? null}::text) r`,
  );
}

/** Moves posted funds from one account to another. */
export function transfer(db: Executor, input: TransferInput): Promise<TransferResult> {
  return open(db, 'single', input);
}

/** Reserves funds: they leave `available` at once and show as on hold until posted or voided. */
export function hold(db: Executor, input: TransferInput): Promise<TransferResult> {
  return open(db, 'pending', input);
}

/** ledger_resolve: the hold read, its accounts locked in id order, a second resolution refused or replayed. */
async function resolve(
  db: Executor,
  kind: 'post_pending' | 'void_pending',
  pendingId: number,
  postAmount?: bigint,
): Promise<TransferResult> {
  if (postAmount !== undefined) checkAmount(postAmount);
  return call(
    db,
    sql`select (r.transfer).*, r.replayed from ledger_resolve(${kind}::text, ${pendingId}::bigint,
    ${postAmount === undefined ? null : postAmount.toString()}::numeric) r`,
  );
}

/** Settles a hold, for its full amount or less (the rest is released). Replays return the first post. */
export function postHold(db: Executor, input: { pendingId: number; amount?: bigint }): Promise<TransferResult> {
  return resolve(db, 'post_pending', input.pendingId, input.amount);
}

/** Releases a hold back to the debit account's available balance. */
export function voidHold(db: Executor, input: { pendingId: number }): Promise<TransferResult> {
  return resolve(db, 'void_pending', input.pendingId);
}
