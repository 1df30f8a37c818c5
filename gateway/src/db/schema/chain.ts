import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const CHAIN_TX_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type ChainTxStatus = (typeof CHAIN_TX_STATUSES)[number];
export const CHAIN_TX_DIRECTIONS = ['IN', 'OUT'] as const;
export type ChainTxDirection = (typeof CHAIN_TX_DIRECTIONS)[number];

/**
 * The sandbox chain's own record of transfers: what a node or indexer would tell a real adapter.
 * It is not the ledger. Incoming rows (IN) are reported to the wallet, which credits each once;
 * outgoing rows (OUT) are our broadcasts, one per withdrawal (`reference`, unique), which the
 * withdrawal worker follows to confirmation.
 */
export const sandboxChainTransactions = pgTable(
  'sandbox_chain_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    currency: text('currency').notNull(),
    txHash: text('tx_hash').notNull(),
    outputIndex: integer('output_index').notNull().default(0),
    toAddress: text('to_address').notNull(),
    // Minor units of the currency; numeric(38,0) holds 18-decimal amounts without floats.
    amount: numeric('amount', { precision: 38, scale: 0 }).notNull(),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status').$type<ChainTxStatus>().notNull().default('IN_PROGRESS'),
    direction: text('direction').$type<ChainTxDirection>().notNull().default('IN'),
    /** Outgoing only: the wallet's withdrawal id; a second broadcast with it returns the first row. */
    reference: text('reference'),
    // When the last block "arrived"; the next confirmation is due one block time later.
    lastBlockAt: timestamp('last_block_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_chain_transactions_tx_hash_key').on(t.txHash),
    uniqueIndex('sandbox_chain_transactions_reference_key').on(t.reference),
    // The worker only ever scans unfinished rows by due time.
    index('sandbox_chain_transactions_due_idx').on(t.lastBlockAt).where(sql`${t.status} = 'IN_PROGRESS'`),
    check('sandbox_chain_transactions_amount_positive', sql`${t.amount} > 0`),
    check('sandbox_chain_transactions_status', sql`${t.status} in ('IN_PROGRESS', 'COMPLETED', 'FAILED')`),
    check(
      'sandbox_chain_transactions_direction',
      sql`${t.direction} in ('IN', 'OUT') and (${t.direction} = 'OUT') = (${t.reference} is not null)`,
    ),
    check('sandbox_chain_transactions_confirmations', sql`${t.confirmations} >= 0 and ${t.requiredConfirmations} >= 1`),
  ],
);

/** One row ('default') of knobs set through POST /dev/chain/behaviour; absent means config defaults. */
export const sandboxChainBehaviour = pgTable(
  'sandbox_chain_behaviour',
  {
    id: text('id').primaryKey(),
    confirmationMs: integer('confirmation_ms'),
    requiredConfirmations: integer('required_confirmations'),
    /** Broadcasts still to refuse (POST /dev/chain/behaviour failNextBroadcasts); each refusal takes one. */
    failNextBroadcasts: integer('fail_next_broadcasts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_chain_behaviour_confirmation_ms', sql`${t.confirmationMs} is null or ${t.confirmationMs} >= 10`),
    check('sandbox_chain_behaviour_fail_next', sql`${t.failNextBroadcasts} >= 0`),
    check(
      'sandbox_chain_behaviour_required',
      sql`${t.requiredConfirmations} is null or ${t.requiredConfirmations} >= 1`,
    ),
  ],
);
