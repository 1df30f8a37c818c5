import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

/**
 * The PGlite databases of one test worker. Loading the migrated dump costs about 0.85 CPU-seconds (most of
 * it PostgreSQL's own start-up inside WebAssembly), which over a run's test files was the largest single
 * cost of the PGlite project. A database a file has closed is kept and handed to a later file of the same
 * worker after `reset`: every table emptied, identities restarted, the session's state discarded; a fresh
 * migrated database holds no rows (globalSetup checks it), so the later file sees what a new load would give.
 */
const idle: PGlite[] = [];
let dump: Blob | undefined;

/** Every table of the gateway's schema; drizzle's own journal (schema `drizzle`) stays as migrated. */
const TABLES = `select string_agg(format('%I.%I', schemaname, tablename), ', ') as list
  from pg_tables where schemaname = 'public'`;

async function reset(client: PGlite): Promise<void> {
  // A transaction a closed app left open (none should) ends here; outside one it is only a warning.
  await client.exec('ROLLBACK');
  // Prepared statements, session settings, temporary tables, advisory locks, LISTENs.
  await client.exec('DISCARD ALL');
  const { rows } = await client.query<{ list: string | null }>(TABLES);
  if (rows[0]?.list) await client.exec(`TRUNCATE ${rows[0].list} RESTART IDENTITY CASCADE`);
}

/** A database as a fresh load of the migrated dump would be: a worker's idle one, reset, or a new load. */
export async function takePglite(file: string): Promise<PGlite> {
  const reused = idle.pop();
  if (reused) {
    try {
      await reset(reused);
      return reused;
    } catch {
      // A database a test broke is not handed on.
      await reused.close().catch(() => {});
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  dump ??= new Blob([readFileSync(file)]);
  const client = new PGlite({ loadDataDir: dump });
  await client.waitReady;
  return client;
}

/** A file is done with its database: kept for the worker's next file. */
export function givePglite(client: PGlite): void {
  // A database closed twice is still one database: handed to one file at a time.
  if (!client.closed && !idle.includes(client)) idle.push(client);
}
