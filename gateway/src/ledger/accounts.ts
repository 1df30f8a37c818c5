import { createHash } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ledgerAccounts, type LedgerAccount } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';

/**
 * Hot system accounts are split so concurrent postings do not queue on one row lock. 64, not 8: a
 * send holds its clearing and fee shard rows until commit, and with 8 the 20 transactions of a busy
 * pool collided on nearly every one (npm run bench:gateway, docs/performance.md "Gateway benchmark").
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
  and(
    eq(ledgerAccounts.kind, 'user'),
    eq(ledgerAccounts.ownerAccountId, ownerAccountId),
    eq(ledgerAccounts.currency, currency),
  );
const systemAccount = (currency: string, code: string) =>
  and(eq(ledgerAccounts.kind, 'system'), eq(ledgerAccounts.currency, currency), eq(ledgerAccounts.code, code));

/**
 * Read, and create only when missing: the account is nearly always there already, so the common
 * case is one round trip inside the caller's transaction. Creating is the database's one rule for it,
 * ledger_account_for (gateway/src/db/functions/ledger_account_for.sql, which withdrawal_open and the
 * swap functions call too): a concurrent first use is settled by the unique index there.
 */
async function findOrCreate(
  db: Executor,
  where: ReturnType<typeof userAccount>,
  create: { owner: string | null; currency: string; code: string | null },
) {
  const [existing] = await db.select().from(ledgerAccounts).where(where);
  if (existing) return existing;
  const { rows } = (await db.execute(
    sql`select ledger_account_for(${create.owner}::uuid, ${create.currency}::text, ${create.code}::text) as id`,
  )) as unknown as { rows: { id: string | number }[] };
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, Number(rows[0]!.id)));
  return row!;
}

/** The user's ledger account for a currency, created on first use (idempotent under races). */
export function ensureUserAccount(db: Executor, ownerAccountId: string, currency: string): Promise<LedgerAccount> {
  return findOrCreate(db, userAccount(ownerAccountId, currency), { owner: ownerAccountId, currency, code: null });
}

export function ensureSystemAccount(db: Executor, currency: string, code: string): Promise<LedgerAccount> {
  return findOrCreate(db, systemAccount(currency, code), { owner: null, currency, code });
}

/**
 * The code of one shard of a split system account (`{name}:{0..63}`). The shard follows from a
 * stable key so a replayed posting lands on the same row; different keys spread over all shards.
 */
export function shardCode(name: string, key: string): string {
  return `${name}:${createHash('sha256').update(key).digest().readUInt32BE(0) % SYSTEM_SHARDS}`;
}

/** One shard of a split system account, created on first use. */
export async function systemShard(db: Executor, currency: string, name: string, key: string): Promise<LedgerAccount> {
  return ensureSystemAccount(db, currency, shardCode(name, key));
}

/** An account ensureLedgerAccounts looks up: a user's for a currency, or a system account by code. */
export type WantedAccount =
  | { kind: 'user'; ownerAccountId: string; currency: string }
  | { kind: 'system'; currency: string; code: string };

export const userWanted = (ownerAccountId: string, currency: string): WantedAccount => ({
  kind: 'user',
  ownerAccountId,
  currency,
});
export const shardWanted = (currency: string, name: string, key: string): WantedAccount => ({
  kind: 'system',
  currency,
  code: shardCode(name, key),
});

const matches = (w: WantedAccount) => (row: LedgerAccount) =>
  row.kind === w.kind &&
  row.currency === w.currency &&
  (w.kind === 'user' ? row.ownerAccountId?.toLowerCase() === w.ownerAccountId.toLowerCase() : row.code === w.code);

/**
 * Several accounts in one read (a send needs the user's, a clearing shard and a fee shard): one
 * round trip where there was one per account, on the money routes' hot path. Each arm of the OR is
 * answered by its partial unique index. One missing (first use only) is created as
 * ensureUserAccount / ensureSystemAccount would, under the same unique-index race rules.
 */
export async function ensureLedgerAccounts(db: Executor, wanted: WantedAccount[]): Promise<LedgerAccount[]> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(
      or(
        ...wanted.map((w) =>
          w.kind === 'user' ? userAccount(w.ownerAccountId, w.currency) : systemAccount(w.currency, w.code),
        ),
      ),
    );
  const found: LedgerAccount[] = [];
  for (const w of wanted) {
    found.push(
      rows.find(matches(w)) ??
        (w.kind === 'user'
          ? await ensureUserAccount(db, w.ownerAccountId, w.currency)
          : await ensureSystemAccount(db, w.currency, w.code)),
    );
  }
  return found;
}

export async function accountsByIds(db: Executor, ids: number[]): Promise<LedgerAccount[]> {
  if (ids.length === 0) return [];
  return db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, ids));
}
