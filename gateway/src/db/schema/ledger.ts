import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './users.js';

export const LEDGER_ACCOUNT_KINDS = ['user', 'system'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];
export const TRANSFER_KINDS = ['single', 'pending', 'post_pending', 'void_pending'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** Integer minor units; 38 digits hold any supply of any asset at 18 decimals. */
const amount = (name: string) => numeric(name, { precision: 38, scale: 0, mode: 'bigint' });

/**
 * Double-entry accounts after TigerBeetle: four running totals per account, kept in step with the
 * journal by ledger/transfers.ts. The CHECK is the last line against overdraft: even a bug in the
 * application cannot leave a user account below zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency').notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The wallet account owning a user ledger account; null for system accounts. */
    ownerAccountId: uuid('owner_account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    /** Name of a system account, e.g. `chain-deposits:3` (one shard of the deposit clearing account). */
    code: text('code'),
    debitsPending: amount('debits_pending').notNull().default(sql`0`),
    debitsPosted: amount('debits_posted').notNull().default(sql`0`),
    creditsPending: amount('credits_pending').notNull().default(sql`0`),
    creditsPosted: amount('credits_posted').notNull().default(sql`0`),
    flags: integer('flags').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_owner_currency_key').on(t.ownerAccountId, t.currency).where(sql`${t.kind} = 'user'`),
    uniqueIndex('ledger_accounts_system_code_key').on(t.currency, t.code).where(sql`${t.kind} = 'system'`),
    check('ledger_accounts_kind', sql`${t.kind} in ('user', 'system')`),
    check(
      'ledger_accounts_owner',
      sql`(${t.kind} = 'user') = (${t.ownerAccountId} is not null) and (${t.kind} = 'system') = (${t.code} is not null)`,
    ),
    check(
      'ledger_accounts_non_negative',
      sql`${t.debitsPending} >= 0 and ${t.debitsPosted} >= 0 and ${t.creditsPending} >= 0 and ${t.creditsPosted} >= 0`,
    ),
    check(
      'ledger_accounts_no_overdraft',
      sql`${t.kind} <> 'user' or ${t.creditsPosted} - ${t.debitsPosted} - ${t.debitsPending} >= 0`,
    ),
  ],
);

/**
 * The journal: rows are only ever inserted (a trigger in the migration refuses UPDATE and DELETE).
 * A hold is a `pending` row; exactly one `post_pending` or `void_pending` row may point at it.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    kind: text('kind').$type<TransferKind>().notNull(),
    pendingId: bigint('pending_id', { mode: 'number' }),
    /** The account an idempotency key is scoped to: the user-owned side, else the debit side. */
    keyAccountId: bigint('key_account_id', { mode: 'number' }),
    idempotencyKey: text('idempotency_key'),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.pendingId], foreignColumns: [t.id], name: 'ledger_transfers_pending_id_fk' }),
    uniqueIndex('ledger_transfers_pending_id_key').on(t.pendingId),
    uniqueIndex('ledger_transfers_idempotency_key').on(t.keyAccountId, t.idempotencyKey),
    index('ledger_transfers_debit_idx').on(t.debitAccountId),
    index('ledger_transfers_credit_idx').on(t.creditAccountId),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_kind', sql`${t.kind} in ('single', 'pending', 'post_pending', 'void_pending')`),
    check(
      'ledger_transfers_pending_ref',
      sql`(${t.kind} in ('post_pending', 'void_pending')) = (${t.pendingId} is not null)`,
    ),
    check('ledger_transfers_key_scope', sql`(${t.idempotencyKey} is null) = (${t.keyAccountId} is null)`),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type LedgerTransfer = typeof ledgerTransfers.$inferSelect;
