import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import * as schema from '../../src/db/schema/index.js';
import { checkLedgerInvariants } from '../../src/ledger/invariants.js';
import { givePglite, takePglite } from './pglitePool.js';

/** Databases of the running test file that are still open. */
const live = new Set<Database>();

/**
 * Guide §8 item 2: after every gateway test the books must balance, whatever the test did. Called by the
 * projects' setup file (support/setup.ts) after each test: a module's own `afterEach` would be registered
 * once per worker only wherever files share their modules (`--no-isolate`).
 */
export async function checkOpenDatabases() {
  for (const database of live) {
    const violations = await checkLedgerInvariants(database.db);
    if (violations.length > 0) {
      throw new Error(`Ledger invariants violated:\n${violations.map((v) => `- ${v.check}: ${v.detail}`).join('\n')}`);
    }
  }
}

/** A file's databases are its own: one a previous file left open is not checked again (setup.ts). */
export function forgetOpenDatabases() {
  live.clear();
}

function track(database: Database): Database {
  const tracked: Database = {
    ...database,
    async close() {
      live.delete(tracked);
      await database.close();
    },
  };
  live.add(tracked);
  return tracked;
}

/** A fresh in-memory PGlite from the run's migrated dump (no initdb, no migrations), reused per worker. */
async function pgliteFromDump(file: string): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await takePglite(file);
  const db = drizzle(client, { schema });
  return { db: db as unknown as Db, kind: 'pglite', close: async () => givePglite(client) };
}

/**
 * Creates database `name` on the server `adminUrl` names, a clone of `template` (the run's migrated database,
 * support/globalSetup.ts) when given, else empty; answers its URL.
 */
export async function createServerDatabase(adminUrl: string, name: string, template: string): Promise<URL> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url;
}

/**
 * A database of the test file's own, as freshly migrated, so runs never see each other's rows: in-memory
 * PGlite loaded from the migrated dump globalSetup made, or, when DATABASE_URL is set, a PostgreSQL database
 * cloned from the migrated template (created and dropped here). A PGlite database a file has closed goes to
 * the worker's next file emptied (pglitePool.ts): loading one per file was most of the PGlite project's time.
 * Without globalSetup (a bare vitest call) each file migrates its own.
 */
export async function freshDatabase(opts: { poolSize?: number } = {}): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  // GATEWAY_TEST_MIGRATE_PER_FILE=1: the old way (initdb + migrations in every file), to compare timings.
  const perFile = process.env.GATEWAY_TEST_MIGRATE_PER_FILE === '1';
  if (!adminUrl) {
    const file = perFile ? '' : inject('gatewayPgliteDump');
    if (file) return track(await pgliteFromDump(file));
    return track(await openDatabase({ databaseUrl: 'memory://', dataDir: '.' }));
  }

  const name = `gw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const url = await createServerDatabase(adminUrl, name, perFile ? '' : inject('gatewayTemplateDb'));
  // On a clone the migrator only reads its journal and finds nothing to do.
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.', poolSize: opts.poolSize });
  return track({
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        // pool.end() resolves before its sockets are closed; a forced drop would then kill a
        // closing connection and surface as an uncaught FATAL. Give them a moment to go.
        for (let i = 0; i < 50; i += 1) {
          const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  });
}
