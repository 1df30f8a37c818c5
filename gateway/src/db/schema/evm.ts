import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

/**
 * The Ethereum adapter's own records (chain/evm/, migration 0022): what it has read from the node
 * and what it has signed. None of it is the ledger; the wallet learns deposits through reportDeposit
 * and withdrawals through the adapter's findBroadcast.
 */

/** One row per chain: the last block followed, and which replica follows (a lease, so one at a time). */
export const evmFollower = pgTable('evm_follower', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  leaseHolder: text('lease_holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The recent blocks followed, by number: a parent hash that no longer matches one of them is a re-org. */
export const evmBlocks = pgTable(
  'evm_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: bigint('number', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

export const EVM_DEPOSIT_STATES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type EvmDepositState = (typeof EVM_DEPOSIT_STATES)[number];

/**
 * Transfers to our addresses as the follower saw them. `blockNumber` null: re-orged out and not
 * (yet) seen again. PENDING until reported COMPLETED at the required confirmations; FAILED when it
 * vanished (it may be seen again, and then completes).
 */
export const evmDeposits = pgTable(
  'evm_deposits',
  {
    chainId: integer('chain_id').notNull(),
    currency: text('currency').notNull(),
    txHash: text('tx_hash').notNull(),
    /** 0 for a plain ETH transfer, the log index for a token Transfer. */
    outputIndex: integer('output_index').notNull(),
    address: text('address').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    state: text('state').$type<EvmDepositState>().notNull().default('PENDING'),
    reportedConfirmations: integer('reported_confirmations').notNull().default(-1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.currency, t.txHash, t.outputIndex] }),
    index('evm_deposits_open_idx').on(t.chainId).where(sql`${t.state} <> 'COMPLETED'`),
    check('evm_deposits_state', sql`${t.state} in ('PENDING', 'COMPLETED', 'FAILED')`),
  ],
);

/** The next nonce of each address we send from (the hot wallet; a deposit address while it is swept). */
export const evmNonces = pgTable(
  'evm_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

export const EVM_TX_KINDS = ['WITHDRAWAL', 'SWEEP', 'TOPUP'] as const;
export type EvmTxKind = (typeof EVM_TX_KINDS)[number];
export const EVM_TX_STATES = ['SIGNED', 'SENT', 'MINED', 'REPLACED', 'FAILED'] as const;
export type EvmTxState = (typeof EVM_TX_STATES)[number];

/**
 * Every transaction we signed, written BEFORE it is sent: a retry after a crash sends these same bytes
 * again, and the adapter's findBroadcast answers from here. A replacement (higher fee, same nonce)
 * is the next `attempt` under the same reference.
 */
export const evmTransactions = pgTable(
  'evm_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainId: integer('chain_id').notNull(),
    kind: text('kind').$type<EvmTxKind>().notNull(),
    /** The withdrawal's id, or sweep:/topup: keys. */
    reference: text('reference').notNull(),
    attempt: integer('attempt').notNull().default(0),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    currency: text('currency').notNull(),
    amount: numeric('amount', { precision: 78, scale: 0 }).notNull(),
    nonce: bigint('nonce', { mode: 'bigint' }).notNull(),
    gasLimit: numeric('gas_limit', { precision: 78, scale: 0 }).notNull(),
    maxFeePerGas: numeric('max_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    maxPriorityFeePerGas: numeric('max_priority_fee_per_gas', { precision: 78, scale: 0 }).notNull(),
    rawTx: text('raw_tx').notNull(),
    txHash: text('tx_hash').notNull(),
    state: text('state').$type<EvmTxState>().notNull().default('SIGNED'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** Wei the transaction burnt and tipped (gasUsed × effectiveGasPrice), once mined. */
    gasCost: numeric('gas_cost', { precision: 78, scale: 0 }),
    gasBooked: boolean('gas_booked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('evm_transactions_reference_attempt_key').on(t.reference, t.attempt),
    uniqueIndex('evm_transactions_tx_hash_key').on(t.txHash),
    index('evm_transactions_open_idx').on(t.chainId, t.fromAddress).where(sql`${t.state} in ('SIGNED', 'SENT')`),
    check('evm_transactions_kind', sql`${t.kind} in ('WITHDRAWAL', 'SWEEP', 'TOPUP')`),
    check('evm_transactions_state', sql`${t.state} in ('SIGNED', 'SENT', 'MINED', 'REPLACED', 'FAILED')`),
  ],
);

/** Deposit addresses holding a credited deposit not yet moved to the hot wallet. */
export const evmSweeps = pgTable(
  'evm_sweeps',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    currency: text('currency').notNull(),
    hdIndex: integer('hd_index').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address, t.currency] })],
);
