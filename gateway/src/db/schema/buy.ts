import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './users.js';
import { walletTransactions } from './wallet.js';

export const BUY_ORDER_STATES = ['NEW', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type BuyOrderRowState = (typeof BUY_ORDER_STATES)[number];

const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * A fixed buy rate (spec §7 POST /b2c/rate → fixedRateId): the price of one crypto unit in fiat,
 * spread included, valid until `expires_at`. Bound to the deposit address (by its lookup key), the
 * coin and the region, so an id issued for another wallet or coin is refused by the order.
 */
export const buyRates = pgTable(
  'buy_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    addressKey: text('address_key').notNull(),
    currency: text('currency').notNull(),
    geoId: text('geo_id').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    fiatSettingsItemId: text('fiat_settings_item_id').notNull(),
    /** Fiat per one crypto unit, exact decimal string. */
    rate: text('rate').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('buy_rates_expires_idx').on(t.expiresAt)],
);

/**
 * One card buy order (spec §7 POST /b2c/order). Amounts in minor units: fiat in hundredths, crypto
 * in the coin's ledger units. The id is random (uuid v4) and is all the tokenless status call takes.
 * No card data is kept beyond the masked number the acquirer reports.
 */
export const buyOrders = pgTable(
  'buy_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    currency: text('currency').notNull(),
    depositAddress: text('deposit_address').notNull(),
    fiatCurrency: text('fiat_currency').notNull(),
    geoId: text('geo_id').notNull(),
    fiatSettingsItemId: text('fiat_settings_item_id').notNull(),
    rateId: uuid('rate_id').notNull(),
    rate: text('rate').notNull(),
    fiatAmount: amount('fiat_amount').notNull(),
    cryptoAmount: amount('crypto_amount').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<BuyOrderRowState>().notNull().default('NEW'),
    failureReason: text('failure_reason'),
    acquirer: text('acquirer').notNull(),
    paymentId: text('payment_id'),
    paymentUrl: text('payment_url'),
    maskedCard: text('masked_card'),
    transactionId: uuid('transaction_id').references(() => walletTransactions.id),
    /** Unpaid after this instant, the order fails as EXPIRED. */
    payBefore: timestamp('pay_before', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('buy_orders_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('buy_orders_payment_id').on(t.paymentId),
    // History reads a card buy's fiat, rate, card and order id through its row (wallet/history.ts).
    index('buy_orders_transaction_idx').on(t.transactionId),
    check('buy_orders_state', sql`${t.state} in ('NEW', 'PROCESSING', 'COMPLETED', 'FAILED')`),
    check('buy_orders_amounts_positive', sql`${t.fiatAmount} > 0 and ${t.cryptoAmount} > 0`),
    check('buy_orders_failed_reason', sql`(${t.state} = 'FAILED') = (${t.failureReason} is not null)`),
  ],
);

export type BuyRate = typeof buyRates.$inferSelect;
export type BuyOrder = typeof buyOrders.$inferSelect;
