import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerAccounts, type LedgerAccount } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';

/** Hot system accounts are split so concurrent postings do not queue on one row lock. */
export const SYSTEM_SHARDS = 8;

export interface Balance {
  /** credits_posted − debits_posted − debits_pending */
  available: bigint;
  /** debits_pending */
  onHold: bigint;
}

export function balanceOf(account: Pick<LedgerAccount, 'creditsPosted' | 'debitsPosted' | 'debitsPending'>): Balance {
  return {
    available: account.creditsPosted - account.debitsPosted - account.debitsPending,
    onHold: account.debitsPending,
  };
}

/** The user's ledger account for a currency, created on first use (idempotent under races). */
export async function ensureUserAccount(db: Executor, ownerAccountId: string, currency: string): Promise<LedgerAccount> {
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ currency, kind: 'user', ownerAccountId })
    .onConflictDoNothing({ target: [ledgerAccounts.ownerAccountId, ledgerAccounts.currency], where: sql`kind = 'user'` })
    .returning();
  if (created) return created;
  const [row] = await db.select().from(ledgerAccounts).where(and(
    eq(ledgerAccounts.kind, 'user'), eq(ledgerAccounts.ownerAccountId, ownerAccountId), eq(ledgerAccounts.currency, currency),
  ));
  return row!;
}

export async function ensureSystemAccount(db: Executor, currency: string, code: string): Promise<LedgerAccount> {
  const [created] = await db
    .insert(ledgerAccounts)
    .values({ currency, kind: 'system', code })
    .onConflictDoNothing({ target: [ledgerAccounts.currency, ledgerAccounts.code], where: sql`kind = 'system'` })
    .returning();
  if (created) return created;
  const [row] = await db.select().from(ledgerAccounts).where(and(
    eq(ledgerAccounts.kind, 'system'), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.code, code),
  ));
  return row!;
}

/**
 * One shard of a split system account (`{name}:{0..7}`). The shard follows from a stable key so a
 * replayed posting lands on the same row; different keys spread over all shards.
 */
export async function systemShard(db: Executor, currency: string, name: string, key: string): Promise<LedgerAccount> {
  const shard = createHash('sha256').update(key).digest().readUInt32BE(0) % SYSTEM_SHARDS;
  return ensureSystemAccount(db, currency, `${name}:${shard}`);
}

export async function accountsByIds(db: Executor, ids: number[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return [];
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
}
