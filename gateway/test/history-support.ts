import { sql } from 'drizzle-orm';
import { walletTransactions } from '../src/db/schema/index.js';
import type { TestApp } from './support/app.js';

export type SeedRow = Partial<typeof walletTransactions.$inferInsert> &
  Pick<typeof walletTransactions.$inferInsert, 'currency' | 'transactionType' | 'amount'>;

/**
 * History rows written straight to the table, with the dates and kinds a test needs. They carry no
 * deposit key and no ledger transfer: history is what the user reads, the ledger is not involved.
 */
export async function seedHistory(t: TestApp, accountId: string, rows: SeedRow[]) {
  const inserted = await t.db
    .insert(walletTransactions)
    .values(
      rows.map((r) => ({
        accountId,
        state: 'COMPLETED' as const,
        direction:
          r.transactionType === 'DEPOSIT' || r.transactionType === 'F2C'
            ? ('DEPOSIT' as const)
            : ('WITHDRAWAL' as const),
        ...r,
      })),
    )
    .returning({ id: walletTransactions.id });
  return inserted.map((r) => r.id);
}

/**
 * `n` ETH deposits in one INSERT … SELECT generate_series, one second apart going back from now; row g
 * has amount g·10^10 + 1 wei (0.000000010000000001 ETH for g = 1: 18 decimals, no float could hold it).
 */
export async function seedMany(t: TestApp, accountId: string, n: number) {
  await t.db.execute(sql`insert into wallet_transactions (account_id, currency, direction, transaction_type, state, amount, to_address, hash, created_at)
    select ${accountId}::uuid, 'ETH', 'DEPOSIT', 'DEPOSIT', 'COMPLETED', g::numeric * 10000000000 + 1,
      '0x' || substr(md5(g::text), 1, 20) || substr(md5(g::text), 1, 20), md5(g::text) || md5((g + 1)::text),
      now() - g * interval '1 second'
    from generate_series(1, ${n}::int) g`);
  // A history this long grows over months, and PostgreSQL's autovacuum analyzes the table as it does; one
  // INSERT of it leaves the planner believing the table is tiny, so every page is read by sorting the whole
  // history (190 ms a batch of 1,000 on PGlite, 36 ms with statistics). Plan the queries as a live gateway would.
  await t.db.execute(sql`analyze wallet_transactions`);
}

/** Amount of seedMany's row g, as the exact decimal the CSV must carry. */
export function seededAmount(g: number): string {
  const wei = BigInt(g) * 10_000_000_000n + 1n;
  const text = wei.toString().padStart(19, '0');
  return `${text.slice(0, -18)}.${text.slice(-18)}`.replace(/\.?0+$/, '');
}
