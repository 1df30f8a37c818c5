import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { applyFunctions, functionFiles } from '../src/db/migrator.js';
import { freshDatabase } from './support/database.js';

/**
 * Issue 23 "one home per money rule": every database function lives in one file of
 * gateway/src/db/functions/, named after it, applied by the migrator after the migrations. These
 * hold that shape, and that applying the files again (every start does) changes nothing.
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => database?.close());

const nameOf = (text: string) => /CREATE OR REPLACE FUNCTION "?([a-z_]+)"?\s*\(/i.exec(text)?.[1];

describe('database functions', () => {
  it('one CREATE OR REPLACE per file, named as the file, each present in a migrated database', async () => {
    const files = functionFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.sql.match(/CREATE (OR REPLACE )?FUNCTION/gi), file.name).toHaveLength(1);
      expect(file.sql, file.name).toMatch(/CREATE OR REPLACE FUNCTION/i);
      expect(nameOf(file.sql), file.name).toBe(file.name.replace(/\.sql$/, ''));
    }
    const { rows } = (await database.db.execute(
      sql`select proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
    )) as unknown as { rows: { proname: string }[] };
    const present = new Set(rows.map((r) => r.proname));
    for (const file of files) expect(present.has(nameOf(file.sql)!), file.name).toBe(true);
  });

  it('applying them again is harmless (every start does it)', async () => {
    await applyFunctions((text) => database.db.execute(sql.raw(text)));
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from jobs`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('no function the files replaced is left behind (swap_confirm and swap_legs were dropped)', async () => {
    const { rows } = (await database.db.execute(
      sql`select proname from pg_proc where proname in ('swap_confirm', 'swap_legs')`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([]);
  });
});
