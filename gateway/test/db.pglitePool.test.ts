import { describe, expect, inject, it } from 'vitest';
import { givePglite, takePglite } from './support/pglitePool.js';

/**
 * A PGlite database a test file closed is handed to the worker's next file (support/pglitePool.ts): that
 * file must find it as a fresh load of the migrated dump would be, whatever the previous file left.
 */
const dump = process.env.DATABASE_URL ? '' : inject('gatewayPgliteDump');

const rowsIn = async (client: Awaited<ReturnType<typeof takePglite>>) => {
  const { rows } = await client.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  let total = 0;
  for (const { tablename } of rows) {
    total += (await client.query<{ n: number }>(`select count(*)::int as n from "${tablename}"`)).rows[0]!.n;
  }
  return total;
};

describe.skipIf(!dump)('a PGlite database handed on to the next test file', () => {
  it('comes back empty, identities restarted, with no session state of the last file', async () => {
    const first = await takePglite(dump);
    const mail = `insert into mail_outbox ("to", subject, text) values ('a@example.com', 'hi', 'hi') returning id`;
    const { rows: before } = await first.query<{ id: number }>(mail);
    await first.exec('select pg_advisory_lock(42)');
    await first.exec(`set statement_timeout = '1ms'`);
    await first.exec('begin');
    givePglite(first);

    const second = await takePglite(dump);
    expect(second).toBe(first);
    expect(await rowsIn(second)).toBe(0);
    // Ids start again as in a fresh database (the first insert's id), not after the last file's.
    const { rows: after } = await second.query<{ id: number }>(mail);
    expect(after).toEqual(before);
    expect(before).toEqual([{ id: 1 }]);
    // The advisory lock and the setting went with the last file's session; its transaction was rolled back.
    const lock = await second.query<{ ok: boolean }>('select pg_try_advisory_lock(42) as ok');
    expect(lock.rows[0]!.ok).toBe(true);
    const timeout = await second.query<{ statement_timeout: string }>('show statement_timeout');
    expect(timeout.rows[0]!.statement_timeout).toBe('0');
    expect(second.isInTransaction()).toBe(false);
    givePglite(second);
  });

  it('a closed database is never handed on', async () => {
    const first = await takePglite(dump);
    await first.close();
    givePglite(first);
    const next = await takePglite(dump);
    expect(next).not.toBe(first);
    expect(next.closed).toBe(false);
    givePglite(next);
  });
});
