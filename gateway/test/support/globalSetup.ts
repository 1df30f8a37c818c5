import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a data-dir dump of a freshly migrated database, loaded by every test file. */
    gatewayPgliteDump: string;
    /** PostgreSQL: a migrated database every test file clones (CREATE DATABASE … TEMPLATE). */
    gatewayTemplateDb: string;
  }
}

/**
 * Migrates once per run instead of once per test file. Each file still gets a database of its own
 * (isolation stays honest): PGlite files load this dump, which skips initdb and the migrations
 * (the bulk of a fresh in-memory PGlite's start); PostgreSQL files clone the template database.
 */
export default async function setup(project: TestProject) {
  // The project's own database (vite.config.ts: PGlite for `gateway`, the server for `gateway-postgres`).
  const adminUrl = project.config.env?.DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gw-template-'));
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: dir });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    await expectNoRows(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
    const dump = path.join(dir, 'migrated.tar');
    writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    await database.close();
    project.provide('gatewayPgliteDump', dump);
    project.provide('gatewayTemplateDb', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `gw_template_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
  await database.close();
  // A template must have no sessions while it is copied; pool.end() lets its sockets linger a moment.
  for (let i = 0; i < 50; i += 1) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  project.provide('gatewayPgliteDump', '');
  project.provide('gatewayTemplateDb', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
    await admin.end();
  };
}

/**
 * Test workers reuse a closed database after emptying every table (pglitePool.ts): that equals a
 * fresh one only while the migrations leave no rows behind. A migration that seeds rows must change that reset.
 */
async function expectNoRows(rowsOf: (sql: string) => Promise<Array<Record<string, unknown>>>) {
  const tables = await rowsOf("select tablename from pg_tables where schemaname = 'public' order by tablename");
  for (const { tablename } of tables) {
    const [counted] = await rowsOf(`select count(*)::int as n from "${String(tablename)}"`);
    if (Number(counted?.n) > 0)
      throw new Error(`the migrations left ${counted?.n} rows in ${tablename}: see pglitePool.ts`);
  }
}
