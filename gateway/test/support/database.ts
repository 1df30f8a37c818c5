import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { checkLedgerInvariants } from '../../src/ledger/invariants.js';

/** Databases of the running test file that are still open. */
const live = new Set<Database>();

// Guide §8 item 2: after every gateway test the books must balance, whatever the test did.
// Importing this module (every gateway test does, through the app helpers) installs the hook.
afterEach(async () => {
  for (const database of live) {
    const violations = await checkLedgerInvariants(database.db);
    if (violations.length > 0) {
      throw new Error(`Ledger invariants violated:\n${violations.map((v) => `- ${v.check}: ${v.detail}`).join('\n')}`);
    }
  }
});

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

/**
 * A brand-new database per test file: in-memory PGlite by default, or a throwaway PostgreSQL
 * database (created and dropped here) when DATABASE_URL is set, so runs never see each other's rows.
 */
export async function freshDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return track(await openDatabase({ databaseUrl: 'memory://', dataDir: '.' }));

  const name = `gw_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '.' });
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
          const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
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
