import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import { accounts } from './users.js';
import { walletTransactions } from './wallet.js';

export const SELL_ORDER_STATES = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type SellOrderState = (typeof SELL_ORDER_STATES)[number];

const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * A sell rate handed out under a rateId (spec §3): fiat per one crypto unit, fixed until
 * `expires_at` (the database's clock). A sell names it as fixedRateId; it may be used by several.
 */
export const sellRates = pgTable(
  'sell_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    /** Fiat minor units (kopecks) per one whole crypto unit. */
    rateMinor: amount('rate_minor').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sell_rates_positive', sql`${t.rateMinor} > 0`),
    index('sell_rates_account_expires_idx').on(t.accountId, t.expiresAt),
  ],
);

/**
 * A saved bank card. Never the number: the payout provider's vault token, its fingerprint of the
 * number (a keyed hash the vault computes), the masked number (first 6 and last 4), bank code and
 * payment system. One row per (account, fingerprint): two cards with one mask are two rows. Rows saved
 * before fingerprints (migration 0017) have none; they are never matched or overwritten.
 */
export const sellCards = pgTable(
  'sell_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    fiatCurrency: text('fiat_currency').notNull(),
    vaultToken: text('vault_token').notNull(),
    /** The vault's fingerprint of the card number; null on a row saved before migration 0017. */
    fingerprint: text('fingerprint'),
    mascCard: text('masc_card').notNull(),
    bankCode: text('bank_code').notNull(),
    bankSystem: text('bank_system').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sell_cards_account_fingerprint')
      .on(t.accountId, t.fingerprint)
      .where(sql`${t.fingerprint} is not null`),
    index('sell_cards_account_idx').on(t.accountId, t.fiatCurrency),
    check('sell_cards_masked', sql`${t.mascCard} ~ '^[0-9]{6}[*]{6}[0-9]{4}$'`),
  ],
);

/**
 * One sell (spec §7 sell with a new or a saved card). (account, idempotency_key) is the replay gate;
 * the crypto is held in the ledger until the payout provider answers, then posted or voided.
 */
export const sellOrders = pgTable(
  'sell_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    amount: amount('amount').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    fiatAmount: amount('fiat_amount').notNull(),
    rateMinor: amount('rate_minor').notNull(),
    rateId: uuid('rate_id')
      .notNull()
      .references(() => sellRates.id),
    cardId: uuid('card_id').references(() => sellCards.id),
    vaultToken: text('vault_token').notNull(),
    mascCard: text('masc_card').notNull(),
    bankCode: text('bank_code').notNull(),
    bankSystem: text('bank_system').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the normalised request; the card enters it as the vault's fingerprint (a saved card as its id). */
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<SellOrderState>().notNull(),
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    walletTransactionId: uuid('wallet_transaction_id').references(() => walletTransactions.id),
    /** Set in the claim transaction before the provider is called: a payout is submitted at most once. */
    payoutAttemptedAt: timestamp('payout_attempted_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sell_orders_account_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('sell_orders_rate_idx').on(t.rateId),
    check('sell_orders_state', sql`${t.state} in ('IN_PROGRESS', 'COMPLETED', 'FAILED')`),
    check('sell_orders_amounts_positive', sql`${t.amount} > 0 and ${t.fiatAmount} > 0`),
    check('sell_orders_masked', sql`${t.mascCard} ~ '^[0-9]{6}[*]{6}[0-9]{4}$'`),
  ],
);

/** Sandbox only: the pretend payout provider's own book, so a payout it accepted survives a restart. */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  reference: text('reference').primaryKey(),
  vaultToken: text('vault_token').notNull(),
  fiatCurrency: text('fiat_currency').notNull(),
  fiatAmount: amount('fiat_amount').notNull(),
  outcome: text('outcome').$type<'COMPLETED' | 'FAILED'>().notNull(),
  settlesAt: timestamp('settles_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox only: the pretend vault's fingerprint key (one row, made on first use). */
export const sandboxVaultKeys = pgTable(
  'sandbox_vault_keys',
  {
    id: integer('id').primaryKey(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_vault_keys_single', sql`${t.id} = 1`)],
);

export type SellRate = typeof sellRates.$inferSelect;
export type SellCard = typeof sellCards.$inferSelect;
export type SellOrderRow = typeof sellOrders.$inferSelect;
