import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { walletTransactions } from '../db/schema/index.js';
import { DomainError, invalid } from '../domain/errors.js';
import { systemShard } from '../ledger/accounts.js';
import { transfer } from '../ledger/transfers.js';
import { findAccountByAddress } from './addresses.js';
import { ensureAsset } from './assets.js';
import { findCoin } from './catalogue.js';
import { enqueueNotification } from '../notifications/outbox.js';

export { findAccountByAddress } from './addresses.js';

export type DepositReportStatus = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';

/** What a chain adapter says about one incoming output. It may say it any number of times, in any order. */
export interface DepositReportInput {
  currency: string;
  address: string;
  txHash: string;
  outputIndex: number;
  /** Minor units of `currency`. */
  amountMinor: bigint;
  confirmations: number;
  requiredConfirmations: number;
  status: DepositReportStatus;
  /**
   * Where the money comes from in the ledger: the chain clearing account unless another source
   * (the card acquirer's) is named. Each source keeps its own clearing so each balances on its own.
   */
  clearing?: string;
  /** False for deposits with no chain transaction (a card buy): history shows no hash or explorer link. */
  onChain?: boolean;
  /** Spec §3's type of the history row: a card buy is F2C (fiat to crypto), anything else a DEPOSIT. */
  transactionType?: 'DEPOSIT' | 'F2C';
}

/** The deposit address belongs to no account: the route answers 400 with field `address`. */
export class UnknownAddressError extends DomainError {
  constructor(address: string) {
    super('invalid', 'UNKNOWN_ADDRESS', `No account has the deposit address ${address}`, { field: 'address' });
    this.name = 'UnknownAddressError';
  }
}

/** Clearing account on the chain side of every deposit, split into shards (see ledger/accounts.ts). */
export const DEPOSIT_CLEARING = 'chain-deposits';

export const depositKeyOf = (r: Pick<DepositReportInput, 'currency' | 'txHash' | 'outputIndex'>) =>
  `${r.currency}:${r.txHash}:${r.outputIndex}`;

function validate(report: DepositReportInput) {
  if (!findCoin(report.currency)) throw invalid('UNKNOWN_CURRENCY', `Unknown currency ${report.currency}`, 'currency');
  if (typeof report.amountMinor !== 'bigint' || report.amountMinor <= 0n)
    throw invalid('INVALID_AMOUNT', 'Deposit amount must be positive', 'amount');
  if (!report.txHash) throw invalid('VALIDATION_ERROR', 'txHash is required', 'txHash');
  if (!Number.isInteger(report.outputIndex) || report.outputIndex < 0)
    throw invalid('VALIDATION_ERROR', 'outputIndex must be a non-negative integer', 'outputIndex');
  if (!['IN_PROGRESS', 'COMPLETED', 'FAILED'].includes(report.status))
    throw invalid('VALIDATION_ERROR', 'Unknown status', 'status');
}

// States only move forward: IN_PROGRESS < FAILED < COMPLETED. COMPLETED is final because it is
// credited; a FAILED output may still be re-included by the chain and complete later.
const rank = (state: SQL) => sql`array_position(array['IN_PROGRESS','FAILED','COMPLETED']::text[], ${state})`;

/**
 * Records a chain deposit in history and credits it exactly once. Idempotent and order-proof:
 * `(currency, txHash, outputIndex)` identifies the deposit, the history row is upserted (so an
 * IN_PROGRESS report shows at once), and the first COMPLETED report posts one ledger transfer from
 * the chain clearing account to the owner, under the key `deposit:{currency}:{txHash}:{outputIndex}`.
 * The upsert holds the row lock until commit, so concurrent twins queue and see the credit.
 */
export async function reportDeposit(
  db: Executor,
  report: DepositReportInput,
): Promise<{ transactionId: string; credited: boolean }> {
  validate(report);
  const coin = findCoin(report.currency)!;
  const depositKey = depositKeyOf(report);
  return db.transaction(async (tx) => {
    const owner = await findAccountByAddress(tx, report.currency, report.address);
    if (!owner) throw new UnknownAddressError(report.address);
    // Money arriving makes the asset visible even if it was never added, or archived.
    const ledgerAccount = await ensureAsset(tx, owner.accountId, report.currency);
    const incoming = sql.raw('excluded.state');
    const current = sql.raw('wallet_transactions.state');
    const nextState = sql`case when ${rank(incoming)} > ${rank(current)} then ${incoming} else ${current} end`;
    const [row] = await tx
      .insert(walletTransactions)
      .values({
        accountId: owner.accountId,
        currency: report.currency,
        direction: 'DEPOSIT',
        transactionType: report.transactionType ?? 'DEPOSIT',
        state: report.status,
        amount: report.amountMinor,
        toAddress: owner.address,
        hash: report.onChain === false ? null : report.txHash,
        outputIndex: report.outputIndex,
        network: coin.network,
        confirmations: report.confirmations,
        requiredConfirmations: report.requiredConfirmations,
        depositKey,
        completedAt: report.status === 'COMPLETED' ? sql`now()` : null,
      })
      .onConflictDoUpdate({
        target: walletTransactions.depositKey,
        set: {
          state: sql`${nextState}`,
          confirmations: sql`greatest(wallet_transactions.confirmations, excluded.confirmations)`,
          requiredConfirmations: sql`excluded.required_confirmations`,
          completedAt: sql`case when ${nextState} = 'COMPLETED' then coalesce(wallet_transactions.completed_at, now()) else wallet_transactions.completed_at end`,
          updatedAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('deposit upsert returned no row');

    if (row.state !== 'COMPLETED' || row.ledgerTransferId !== null) return { transactionId: row.id, credited: false };
    // The stored amount is credited, not this report's: the first report fixed what the output holds.
    const clearing = await systemShard(tx, report.currency, report.clearing ?? DEPOSIT_CLEARING, depositKey);
    const posted = await transfer(tx, {
      debitAccountId: clearing.id,
      creditAccountId: ledgerAccount.id,
      amount: row.amount,
      currency: report.currency,
      idempotencyKey: `deposit:${depositKey}`,
      reference: `deposit ${row.id}`,
    });
    await tx.update(walletTransactions).set({ ledgerTransferId: posted.id }).where(eq(walletTransactions.id, row.id));
    // Told once, with the credit (issue 24): the outbox row commits with this transaction or not at all.
    await enqueueNotification(tx, {
      accountId: owner.accountId,
      event: row.transactionType === 'F2C' ? 'buy.credited' : 'deposit.credited',
      ref: row.id,
      data: {
        transactionId: row.id,
        transactionType: row.transactionType,
        currency: row.currency,
        amountMinor: String(row.amount),
      },
    });
    return { transactionId: row.id, credited: !posted.replayed };
  });
}
