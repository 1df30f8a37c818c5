import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerAccounts, ledgerTransfers } from './ledger.js';
import { swapOrders } from './swap.js';
import { accounts } from './users.js';

export const TX_DIRECTIONS = ['DEPOSIT', 'WITHDRAWAL'] as const;
export type TxDirection = (typeof TX_DIRECTIONS)[number];
export const TX_TYPES = ['DEPOSIT', 'WITHDRAWAL', 'EXCHANGE', 'C2F', 'F2C'] as const;
export type TxType = (typeof TX_TYPES)[number];
export const TX_STATES = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type TxState = (typeof TX_STATES)[number];

const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * The HD derivation index of each wallet account: a stable small integer handed out once, so every
 * network derives the account's addresses at the same index and a restore from the seed finds them.
 */
export const accountHdIndexes = pgTable('account_hd_indexes', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  hdIndex: integer('hd_index').notNull().unique().generatedAlwaysAsIdentity({ startWith: 0, minValue: 0 }),
});

/** One deposit address per account and network; tokens reuse their network's row. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    network: text('network').notNull(),
    address: text('address').notNull(),
    /** The address as compared on lookup (lower-case for EVM, whose checksum is only letter case). */
    addressKey: text('address_key').notNull(),
    hdIndex: integer('hd_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.network] }),
    uniqueIndex('deposit_addresses_network_key').on(t.network, t.addressKey),
  ],
);

/** The assets a user has added; archiving hides the row but keeps the ledger account and address. */
export const walletAssets = pgTable(
  'wallet_assets',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    ledgerAccountId: bigint('ledger_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency] })],
);

/** What history shows (spec §3 transaction). Money itself moves only in the ledger. */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    direction: text('direction').$type<TxDirection>().notNull(),
    transactionType: text('transaction_type').$type<TxType>().notNull(),
    state: text('state').$type<TxState>().notNull(),
    amount: amount('amount').notNull(),
    fee: amount('fee'),
    serviceFee: amount('service_fee'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    hash: text('hash'),
    outputIndex: integer('output_index'),
    network: text('network'),
    confirmations: integer('confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    /** `{currency}:{hash}:{output}` for chain deposits: the dedupe key however often a deposit is reported. */
    depositKey: text('deposit_key'),
    /** The other side's account type when it is a wallet account too (internal transfers: 'B2C'); null for the chain. */
    counterpartyType: text('counterparty_type').$type<'B2C' | 'B2B'>(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** EXCHANGE rows: both sides of the swap, in minor units of their own currency, and the order's rate. */
    fromCurrency: text('from_currency'),
    toCurrency: text('to_currency'),
    fromAmount: amount('from_amount'),
    toAmount: amount('to_amount'),
    exchangeRate: text('exchange_rate'),
    /** EXCHANGE rows: the swap order they show, so checks match history to orders by id, not by amounts. */
    swapOrderId: uuid('swap_order_id').references(() => swapOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_transactions_deposit_key').on(t.depositKey),
    index('wallet_transactions_account_created_idx').on(t.accountId, t.createdAt, t.id),
    index('wallet_transactions_account_currency_created_idx').on(t.accountId, t.currency, t.createdAt, t.id),
    uniqueIndex('wallet_transactions_swap_order_side').on(t.swapOrderId, t.direction),
    check('wallet_transactions_state', sql`${t.state} in ('IN_PROGRESS', 'COMPLETED', 'FAILED')`),
    check('wallet_transactions_direction', sql`${t.direction} in ('DEPOSIT', 'WITHDRAWAL')`),
    check('wallet_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type WalletTransaction = typeof walletTransactions.$inferSelect;
