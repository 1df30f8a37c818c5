import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db, Executor, Tx } from '../db/client.js';
import { rowMapper } from '../db/rows.js';
import { depositAddresses, walletTransactions, withdrawalJobs, withdrawals, type WalletTransaction, type Withdrawal } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { ensureLedgerAccounts, ensureUserAccount, shardWanted, userWanted } from '../ledger/accounts.js';
import { LedgerError } from '../ledger/errors.js';
import { hold, transfer } from '../ledger/transfers.js';
import { parsePositiveAmount } from '../wallet/amounts.js';
import { ensureAsset } from '../wallet/assets.js';
import { checkAddress, sendableCoin, type CheckedAddress } from './addressCheck.js';
import { networkFee } from './fees.js';

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
}

const historyRow = rowMapper(walletTransactions);

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
    throw new DomainError('conflict', 'IDEMPOTENCY_CONFLICT', 'This idempotencyKey was already used for a different withdrawal', { field: 'idempotencyKey' });
  }
  return { withdrawal: existing, replayed: true };
}

async function byKey(db: Executor, accountId: string, key: string): Promise<Withdrawal | undefined> {
  const [row] = await db.select().from(withdrawals).where(and(eq(withdrawals.accountId, accountId), eq(withdrawals.idempotencyKey, key)));
  return row;
}

async function ownAddress(db: Executor, accountId: string, network: string): Promise<string | null> {
  const [row] = await db.select({ address: depositAddresses.address }).from(depositAddresses)
    .where(and(eq(depositAddresses.accountId, accountId), eq(depositAddresses.network, network)));
  return row?.address ?? null;
}

/** External: amount and fee held (two holds, one per system account), history IN_PROGRESS, a job for the worker. */
async function holdExternal(tx: Tx, w: Withdrawal) {
  // The user's account and both shards in one read.
  const [user, clearing, fees] = await ensureLedgerAccounts(tx, [
    userWanted(w.accountId, w.currency), shardWanted(w.currency, WITHDRAWAL_CLEARING, w.id),
    ...(w.fee > 0n ? [shardWanted(w.currency, FEE_ACCOUNT, w.id)] : []),
  ]);
  const main = await hold(tx, {
    debitAccountId: user!.id, creditAccountId: clearing!.id, amount: w.amount, currency: w.currency,
    idempotencyKey: `withdrawal:${w.id}`, reference: `withdrawal ${w.id}`,
  });
  let feeHoldId: number | null = null;
  if (fees) {
    feeHoldId = (await hold(tx, {
      debitAccountId: user!.id, creditAccountId: fees.id, amount: w.fee, currency: w.currency,
      idempotencyKey: `withdrawal-fee:${w.id}`, reference: `withdrawal fee ${w.id}`,
    })).id;
  }
  // History row, worker job and the withdrawal's links in one statement (three round trips before):
  // the history id is made here so the update can name it, and the foreign keys are checked at the
  // statement's end, when the sibling insert is there.
  const historyId = randomUUID();
  const links = { walletTransactionId: historyId, holdTransferId: main.id, feeHoldTransferId: feeHoldId };
  const { rows } = (await tx.execute(sql`with history as (${tx.insert(walletTransactions).values({
    id: historyId, accountId: w.accountId, currency: w.currency, direction: 'WITHDRAWAL', transactionType: 'WITHDRAWAL', state: 'IN_PROGRESS',
    amount: w.amount, fee: w.fee, toAddress: w.toAddress, network: w.network, confirmations: 0,
    // The sender's own address on the network, read inside this statement rather than in one of its own.
    fromAddress: sql`(select ${depositAddresses.address} from ${depositAddresses} where ${depositAddresses.accountId} = ${w.accountId} and ${depositAddresses.network} = ${w.network})`,
    ledgerTransferId: main.id,
  }).returning().getSQL()}),
    job as (${tx.insert(withdrawalJobs).values({ withdrawalId: w.id }).getSQL()}),
    linked as (${tx.update(withdrawals).set(links).where(eq(withdrawals.id, w.id)).getSQL()})
    select * from history`)) as unknown as { rows: Record<string, unknown>[] };
  return { row: { ...w, ...links }, history: historyRow(rows[0]!) };
}

/** Internal: one ledger transfer between the two users, settled now, in both histories. */
async function settleInternal(tx: Tx, w: Withdrawal, fromAddress: string | null) {
  const sender = await ensureUserAccount(tx, w.accountId, w.currency);
  // Money arriving makes the asset visible for the recipient, as a chain deposit does.
  const receiver = await ensureAsset(tx, w.recipientAccountId!, w.currency);
  const moved = await transfer(tx, {
    debitAccountId: sender.id, creditAccountId: receiver.id, amount: w.amount, currency: w.currency,
    idempotencyKey: `withdrawal:${w.id}`, reference: `withdrawal ${w.id}`,
  });
  const common = {
    currency: w.currency, state: 'COMPLETED' as const, amount: w.amount, fee: 0n, fromAddress, toAddress: w.toAddress,
    network: w.network, ledgerTransferId: moved.id, counterpartyType: 'B2C' as const, completedAt: sql`now()`,
  };
  const [sent] = await tx.insert(walletTransactions)
    .values({ ...common, accountId: w.accountId, direction: 'WITHDRAWAL', transactionType: 'WITHDRAWAL' }).returning();
  const [received] = await tx.insert(walletTransactions)
    .values({ ...common, accountId: w.recipientAccountId!, direction: 'DEPOSIT', transactionType: 'DEPOSIT' }).returning();
  const [row] = await tx.update(withdrawals).set({
    state: 'COMPLETED', completedAt: sql`now()`, updatedAt: sql`now()`,
    walletTransactionId: sent!.id, recipientTransactionId: received!.id, holdTransferId: moved.id,
  }).where(eq(withdrawals.id, w.id)).returning();
  return { row: row!, history: sent! };
}

/** Validations shared with the route's 400s, in the order the app shows its field errors. */
export async function validateWithdrawal(deps: CreateDeps, input: WithdrawalRequest) {
  const coin = sendableCoin(input.currency, deps.config);
  const amount = parsePositiveAmount(input.amount, { decimals: coin.decimals, userInput: true });
  const checked: CheckedAddress = await checkAddress(deps.db, deps.config, {
    userId: input.userId, currency: input.currency, address: input.depositAddress, field: 'depositAddress',
  });
  if (checked.checkResult !== 'OK') throw refuse('ADDRESS_NOT_USED', 'This address cannot receive transfers', 'depositAddress');
  if (checked.belongsToSameUser) throw refuse('SAME_USER', "You can't make a transfer to yourself", 'depositAddress');
  const internal = checked.ownerAccountId !== undefined;
  if (!internal && !deps.canBroadcast(checked.coin.network)) {
    throw refuse('UNSUPPORTED_CURRENCY', `Sending on ${checked.coin.blockchain} is not available`, 'currency');
  }
  const fee = internal ? 0n : networkFee(checked.coin.currency);
  const requestHash = createHash('sha256').update(JSON.stringify([checked.coin.currency, amount.toString(), checked.address])).digest('hex');
  return { checked, amount, fee, internal, requestHash };
}

/**
 * POST /{account}/withdrawal after the passcode: one transaction inserts the withdrawal (the
 * idempotency gate), holds or moves the money and writes history; not enough funds rolls it all
 * back as 400 NOT_ENOUGH_FUNDS. A replay, or a concurrent twin (which waits on the unique index),
 * finds its key taken and is answered from the first request's row. No read before the transaction:
 * new requests are the common case, and the insert answers both.
 */
export async function createWithdrawal(deps: CreateDeps, input: WithdrawalRequest): Promise<CreatedWithdrawal> {
  const { checked, amount, fee, internal, requestHash } = await validateWithdrawal(deps, input);
  try {
    return await deps.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(withdrawals).values({
        accountId: input.accountId, currency: checked.coin.currency, network: checked.coin.network,
        kind: internal ? 'INTERNAL' : 'EXTERNAL', amount, fee, toAddress: checked.address,
        idempotencyKey: input.idempotencyKey, requestHash, state: 'IN_PROGRESS',
        recipientAccountId: internal ? checked.ownerAccountId! : null,
      }).onConflictDoNothing({ target: [withdrawals.accountId, withdrawals.idempotencyKey] }).returning();
      if (!inserted) return replayOf((await byKey(tx, input.accountId, input.idempotencyKey))!, requestHash);
      const { row, history } = internal
        ? await settleInternal(tx, inserted, await ownAddress(tx, input.accountId, checked.coin.network))
        : await holdExternal(tx, inserted);
      return { withdrawal: row, history, replayed: false };
    });
  } catch (err) {
    if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
      throw refuse('NOT_ENOUGH_FUNDS', 'Not enough funds to make the transaction', 'amount');
    }
    throw err;
  }
}
