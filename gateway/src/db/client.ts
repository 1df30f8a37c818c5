import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { applyFunctions, migrationsFolder } from './migrator.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** One type for both drivers so repositories never care which database runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction on either driver. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction: calls taking one nest as savepoints inside a caller's transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Any fixed bigint: the advisory lock key every gateway takes around its migrations. */
const MIGRATION_LOCK = '7266537301';

/**
 * Connections per gateway process when DATABASE_POOL_SIZE is not set: twice the cores, the PostgreSQL
 * wiki's starting point for a server on this host. More connections than the cores can run made
 * every money request dearer: on 2 cores, 20 connections served 983 money requests/s flat out and 4
 * served 1,234, at less CPU per request on both sides (npm run bench:gateway, docs/performance.md "Gateway benchmark").
 * With PostgreSQL on another host, or N replicas sharing one, size it by that server's cores.
 */
export const defaultPoolSize = () => 2 * availableParallelism();

/** PostgreSQL when a URL is given, else embedded PGlite in `<dataDir>/pglite` (or in memory for `memory://`). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number | undefined;
}): Promise<Database> {
  if (opts.databaseUrl && !opts.databaseUrl.startsWith('memory://')) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? defaultPoolSize() });
    // An idle pooled connection the server ends (a restart, a failover, DROP DATABASE … FORCE) is an 'error'
    // event on the pool; unheard, it is an uncaught exception that takes the whole process down. The pool
    // has already dropped that connection and opens a new one when needed: saying so is all there is to do.
    pool.on('error', (err) => console.warn(`database: an idle connection was closed by the server (${err.message})`));
    const db = drizzle(pool, { schema });
    // Replicas starting together would each apply the same migration and all but one crash on
    // "already exists": a session lock on its own connection lets one migrate while the others wait.
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(db, { migrationsFolder });
      await applyFunctions((text) => lock.query(text));
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let client;
  if (opts.databaseUrl?.startsWith('memory://')) {
    client = new PGlite();
  } else {
    // PGlite does not create parent folders itself.
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(path.join(opts.dataDir, 'pglite'));
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  await applyFunctions((text) => client.exec(text));
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
