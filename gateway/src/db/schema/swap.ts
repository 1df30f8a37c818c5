import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import { accounts } from './users.js';

/** IN_PROGRESS: confirmed with an asynchronous provider; the source is on hold until it settles. */
export const SWAP_ORDER_STATES = ['NEW', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type SwapOrderState = (typeof SWAP_ORDER_STATES)[number];

const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * One swap order (spec §7 POST /{account}/exchange): the quote fixed until `expires_at`, counted
 * on the server. Confirm moves exactly these amounts; (account, idempotency_key) is the replay gate.
 */
export const swapOrders = pgTable(
  'swap_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    sourceCurrency: text('source_currency').notNull(),
    destinationCurrency: text('destination_currency').notNull(),
    sourceAmount: amount('source_amount').notNull(),
    destinationAmount: amount('destination_amount').notNull(),
    rate: text('rate').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<SwapOrderState>().notNull().default('NEW'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sourceTransferId: bigint('source_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    destinationTransferId: bigint('destination_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** Asynchronous settlement: the hold on the source placed at confirm, posted or voided when the provider answers. */
    holdTransferId: bigint('hold_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** The provider's own reference for an order it settles asynchronously (what the settlement worker polls). */
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('swap_orders_account_idempotency_key').on(t.accountId, t.idempotencyKey),
    index('swap_orders_in_progress_idx').on(t.confirmedAt).where(sql`${t.state} = 'IN_PROGRESS'`),
    check('swap_orders_state', sql`${t.state} in ('NEW', 'IN_PROGRESS', 'COMPLETED', 'FAILED')`),
    // Held before the provider is asked (swap_hold); provider_ref comes when it answers pending.
    check('swap_orders_in_progress_held', sql`${t.state} <> 'IN_PROGRESS' or ${t.holdTransferId} is not null`),
    check('swap_orders_amounts_positive', sql`${t.sourceAmount} > 0 and ${t.destinationAmount} > 0`),
    check(
      'swap_orders_completed_legs',
      sql`(${t.state} = 'COMPLETED') = (${t.sourceTransferId} is not null and ${t.destinationTransferId} is not null)`,
    ),
  ],
);

export type SwapOrder = typeof swapOrders.$inferSelect;
