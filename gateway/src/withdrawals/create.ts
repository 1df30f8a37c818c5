import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Executor, Tx } from '../db/client.js';
import { outRow } from '../db/rows.js';
import {
  depositAddresses,
  walletTransactions,
  withdrawals,
  type WalletTransaction,
  type Withdrawal,
} from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { ensureUserAccount, shardCode } from '../ledger/accounts.js';
import { LedgerError, translateDbError } from '../ledger/errors.js';
import { transfer } from '../ledger/transfers.js';
import { parsePositiveAmount } from '../wallet/amounts.js';
import { ensureAsset } from '../wallet/assets.js';
import { checkAddress, sendableCoin, type CheckedAddress } from './addressCheck.js';
import { networkFee } from './fees.js';
import { enqueueNotification } from '../notifications/outbox.js';

/** Clearing accounts on the chain side of external sends, split into shards (ledger/accounts.ts). */
export const WITHDRAWAL_CLEARING = 'chain-withdrawals';
export const FEE_ACCOUNT = 'network-fees';

export interface WithdrawalRequest {
  userId: string;
  accountId: string;
  currency: string;
  amount: string;
  depositAddress: string;
  idempotencyKey: string;
}

export interface CreateDeps {
  db: Db;
  config: Pick<Config, 'production' | 'sandbox'>;
  /** Networks a broadcast can go to; an external send elsewhere is refused before anything is held. */
  canBroadcast: (network: string) => boolean;
  /** The network fee of an external send (the adapter's live estimate); the flat fee when absent. */
  feeOf?: (currency: string) => Promise<bigint>;
}

const refuse = (code: string, message: string, field?: string) => invalid(code, message, field);

/** Same key + same request → the first withdrawal; same key + another request → 409, nothing done. */
export interface CreatedWithdrawal {
  withdrawal: Withdrawal;
  /** The sender's history row when this request wrote it (the route answers with it); absent on a replay. */
  history?: WalletTransaction;
  replayed: boolean;
}

function replayOf(existing: Withdrawal, requestHash: string): CreatedWithdrawal {
  if (existing.requestHash !== requestHash) {
    throw new DomainError(
      'conflict',
      'IDEMPOTENCY_CONFLICT',
      'This idempotencyKey was already used for a different withdrawal',
      { field: 'idempotencyKey' },
    );
  }
  return { withdrawal: existing, replayed: true };
}

async function byKey(db: Executor, accountId: string, key: string): Promise<Withdrawal | undefined> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.accountId, accountId), eq(withdrawals.idempotencyKey, key)));
  return row;
}

async function ownAddress(db: Executor, accountId: string, network: string): Promise<string | null> {
  const [row] = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.accountId, accountId), eq(depositAddresses.network, network)));
  return row?.address ?? null;
}

const opened = { withdrawal: outRow(withdrawals, 'w'), history: outRow(walletTransactions, 'h') };

/**
 * External: the withdrawal row, amount and fee held (two holds, one per system account shard),
 * history IN_PROGRESS and a job for the worker, in one call of withdrawal_open (migration 0012): one
 * round trip where there were seven. Its id is made here because the shards follow from it.
 */
async function openExternal(
  db: Executor,
  input: WithdrawalRequest,
  v: Awaited<ReturnType<typeof validateWithdrawal>>,
): Promise<CreatedWithdrawal> {
  const id = randomUUID();
  const { currency, network } = v.checked.coin;
  const { rows } = (await db.execute(sql`select ${opened.withdrawal.select}, ${opened.history.select}, r.replayed
    from withdrawal_open(${id}::uuid, ${input.accountId}::uuid, ${currency}::text, ${network}::text, ${v.amount.toString()}::numeric,
      ${v.fee.toString()}::numeric, ${v.checked.address}::text, ${input.idempotencyKey}::text, ${v.requestHash}::text,
      ${shardCode(WITHDRAWAL_CLEARING, id)}::text, ${v.fee > 0n ? shardCode(FEE_ACCOUNT, id) : null}::text) r`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  const withdrawal = opened.withdrawal.map(rows[0]!)!;
  if (rows[0]!.replayed === true) return replayOf(withdrawal, v.requestHash);
  return { withdrawal, history: opened.history.map(rows[0]!)!, replayed: false };
}

/** Internal: one ledger transfer between the two users, settled now, in both histories, both told. */
async function settleInternal(tx: Tx, w: Withdrawal, fromAddress: string | null) {
  const sender = await ensureUserAccount(tx, w.accountId, w.currency);
  // Money arriving makes the asset visible for the recipient, as a chain deposit does.
  const receiver = await ensureAsset(tx, w.recipientAccountId!, w.currency);
  const moved = await transfer(tx, {
    debitAccountId: sender.id,
    creditAccountId: receiver.id,
    amount: w.amount,
    currency: w.currency,
    idempotencyKey: `withdrawal:${w.id}`,
    reference: `withdrawal ${w.id}`,
  });
  const common = {
    currency: w.currency,
    state: 'COMPLETED' as const,
    amount: w.amount,
    fee: 0n,
    fromAddress,
    toAddress: w.toAddress,
    network: w.network,
    ledgerTransferId: moved.id,
    counterpartyType: 'B2C' as const,
    completedAt: sql`now()`,
  };
  const [sent] = await tx
    .insert(walletTransactions)
    .values({ ...common, accountId: w.accountId, direction: 'WITHDRAWAL', transactionType: 'WITHDRAWAL' })
    .returning();
  const [received] = await tx
    .insert(walletTransactions)
    .values({ ...common, accountId: w.recipientAccountId!, direction: 'DEPOSIT', transactionType: 'DEPOSIT' })
    .returning();
  const [row] = await tx
    .update(withdrawals)
    .set({
      state: 'COMPLETED',
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
      walletTransactionId: sent!.id,
      recipientTransactionId: received!.id,
      holdTransferId: moved.id,
    })
    .where(eq(withdrawals.id, w.id))
    .returning();
  // Both sides are told (issue 24), with the transfer: "sent" to the sender, "received" to the recipient.
  const told = { currency: w.currency, amountMinor: String(w.amount) };
  await enqueueNotification(tx, {
    accountId: w.accountId,
    event: 'send.completed',
    ref: w.id,
    data: { transactionId: sent!.id, transactionType: 'WITHDRAWAL', ...told },
  });
  await enqueueNotification(tx, {
    accountId: w.recipientAccountId!,
    event: 'deposit.credited',
    ref: received!.id,
    data: { transactionId: received!.id, transactionType: 'DEPOSIT', ...told },
  });
  return { row: row!, history: sent! };
}

/** Validations shared with the route's 400s, in the order the app shows its field errors. */
export async function validateWithdrawal(deps: CreateDeps, input: WithdrawalRequest) {
  const coin = sendableCoin(input.currency, deps.config);
  const amount = parsePositiveAmount(input.amount, { decimals: coin.decimals, userInput: true });
  const checked: CheckedAddress = await checkAddress(deps.db, deps.config, {
    userId: input.userId,
    currency: input.currency,
    address: input.depositAddress,
    field: 'depositAddress',
  });
  if (checked.checkResult !== 'OK')
    throw refuse('ADDRESS_NOT_USED', 'This address cannot receive transfers', 'depositAddress');
  if (checked.belongsToSameUser) throw refuse('SAME_USER', "You can't make a transfer to yourself", 'depositAddress');
  const internal = checked.ownerAccountId !== undefined;
  if (!internal && !deps.canBroadcast(checked.coin.network)) {
    throw refuse('UNSUPPORTED_CURRENCY', `Sending on ${checked.coin.blockchain} is not available`, 'currency');
  }
  const fee = internal ? 0n : deps.feeOf ? await deps.feeOf(checked.coin.currency) : networkFee(checked.coin.currency);
  const requestHash = createHash('sha256')
    .update(JSON.stringify([checked.coin.currency, amount.toString(), checked.address]))
    .digest('hex');
  return { checked, amount, fee, internal, requestHash };
}

/**
 * POST /{account}/withdrawal after the passcode: one transaction (for an external send, one call of
 * withdrawal_open) inserts the withdrawal (the idempotency gate), holds or moves the money and writes
 * history; not enough funds rolls it all back as 400 NOT_ENOUGH_FUNDS. A replay, or a concurrent twin (which waits on the unique index),
 * finds its key taken and is answered from the first request's row. No read before the transaction:
 * new requests are the common case, and the insert answers both.
 */
export async function createWithdrawal(deps: CreateDeps, input: WithdrawalRequest): Promise<CreatedWithdrawal> {
  const validated = await validateWithdrawal(deps, input);
  const { checked, amount, fee, requestHash } = validated;
  try {
    if (!validated.internal)
      return await openExternal(deps.db, input, validated).catch((err) => {
        throw translateDbError(err);
      });
    return await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(withdrawals)
        .values({
          accountId: input.accountId,
          currency: checked.coin.currency,
          network: checked.coin.network,
          kind: 'INTERNAL',
          amount,
          fee,
          toAddress: checked.address,
          idempotencyKey: input.idempotencyKey,
          requestHash,
          state: 'IN_PROGRESS',
          recipientAccountId: checked.ownerAccountId!,
        })
        .onConflictDoNothing({ target: [withdrawals.accountId, withdrawals.idempotencyKey] })
        .returning();
      if (!inserted) return replayOf((await byKey(tx, input.accountId, input.idempotencyKey))!, requestHash);
      const { row, history } = await settleInternal(
        tx,
        inserted,
        await ownAddress(tx, input.accountId, checked.coin.network),
      );
      return { withdrawal: row, history, replayed: false };
    });
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
      throw refuse('NOT_ENOUGH_FUNDS', 'Not enough funds to make the transaction', 'amount');
    }
    throw err;
  }
}
