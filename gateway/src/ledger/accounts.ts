import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ledgerAccounts, type LedgerAccount } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';

/**
 * Hot system accounts are split so concurrent postings do not queue on one row lock. 64, not 8: a
 * send holds its clearing and fee shard rows until commit, and with 8 the 20 transactions of a busy
 * pool collided on nearly every one (npm run bench:gateway, README "Benchmark").
 */
export const SYSTEM_SHARDS = 64;

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

const userAccount = (ownerAccountId: string, currency: string) =>
  and(eq(ledgerAccounts.kind, 'user'), eq(ledgerAccounts.ownerAccountId, ownerAccountId), eq(ledgerAccounts.currency, currency));
const systemAccount = (currency: string, code: string) =>
  and(eq(ledgerAccounts.kind, 'system'), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.code, code));

/**
 * Read, and insert only when missing: the account is nearly always there already, so the common
 * case is one round trip inside the caller's transaction. A concurrent first use is settled by the
 * unique index (the loser reads the winner's row).
 */
async function findOrCreate(db: Executor, where: ReturnType<typeof userAccount>, insert: () => Promise<LedgerAccount[]>) {
  const [existing] = await db.select().from(ledgerAccounts).where(where);
  if (existing) return existing;
  const [created] = await insert();
  if (created) return created;
  const [row] = await db.select().from(ledgerAccounts).where(where);
  return row!;
}

/** The user's ledger account for a currency, created on first use (idempotent under races). */
export function ensureUserAccount(db: Executor, ownerAccountId: string, currency: string): Promise<LedgerAccount> {
  return findOrCreate(db, userAccount(ownerAccountId, currency), () => db
    .insert(ledgerAccounts)
    .values({ currency, kind: 'user', ownerAccountId })
    .onConflictDoNothing({ target: [ledgerAccounts.ownerAccountId, ledgerAccounts.currency], where: sql`kind = 'user'` })
    .returning());
}

export function ensureSystemAccount(db: Executor, currency: string, code: string): Promise<LedgerAccount> {
  return findOrCreate(db, systemAccount(currency, code), () => db
    .insert(ledgerAccounts)
    .values({ currency, kind: 'system', code })
    .onConflictDoNothing({ target: [ledgerAccounts.currency, ledgerAccounts.code], where: sql`kind = 'system'` })
    .returning());
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
