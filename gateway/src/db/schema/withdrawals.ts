import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import { accounts } from './users.js';
import { walletTransactions } from './wallet.js';

export const WITHDRAWAL_STATES = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];
export const WITHDRAWAL_KINDS = ['EXTERNAL', 'INTERNAL'] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * One send request (spec §7 POST /{account}/withdrawal). The unique (account, idempotency_key)
 * index is the gate every replay meets: the first request inserts the row, twins find it and are
 * answered from it (or refused when `request_hash` differs). Money itself moves only in the ledger:
 * an external send holds amount and fee (two holds) until the chain confirms; an internal one is a
 * direct ledger transfer to the recipient's account.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    network: text('network').notNull(),
    kind: text('kind').$type<WithdrawalKind>().notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee').notNull(),
    toAddress: text('to_address').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the normalised request (currency, amount in minor units, address). */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<WithdrawalState>().notNull(),
    /** Internal sends: the receiving wallet account and its history row. */
    recipientAccountId: uuid('recipient_account_id').references(() => accounts.id),
    recipientTransactionId: uuid('recipient_transaction_id').references(() => walletTransactions.id),
    /** The sender's history row. */
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id),
    /** External: the holds of amount and fee. Internal: the one posted transfer (hold_transfer_id). */
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    feeHoldTransferId: bigint('fee_hold_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** Set by the run of the send's job that broadcasts, before the adapter is called: the exactly-once mark. */
    broadcastAttemptedAt: timestamp('broadcast_attempted_at', { withTimezone: true }),
    txHash: text('tx_hash'),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_account_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('withdrawals_open_idx').on(t.createdAt).where(sql`${t.state} = 'IN_PROGRESS'`),
    // The withdrawal worker's follow-up reads a network's in-flight sends once per block.
    index('withdrawals_in_flight_idx').on(t.network).where(sql`${t.state} = 'IN_PROGRESS' AND ${t.txHash} IS NOT NULL`),
    check('withdrawals_state', sql`${t.state} in ('IN_PROGRESS', 'COMPLETED', 'FAILED')`),
    check('withdrawals_kind', sql`${t.kind} in ('EXTERNAL', 'INTERNAL')`),
    check('withdrawals_amount_positive', sql`${t.amount} > 0 and ${t.fee} >= 0`),
    check('withdrawals_internal_recipient', sql`(${t.kind} = 'INTERNAL') = (${t.recipientAccountId} is not null)`),
  ],
);

export type Withdrawal = typeof withdrawals.$inferSelect;
