import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The gateway's folder (gateway/, the one holding migrations/), found upwards from this file, so
 * the same code runs from the sources (gateway/src/db/) and from the build
 * (gateway/dist/gateway/src/db/, gateway/build.mjs), which reads the migrations and functions where
 * they are kept.
 */
function findGatewayRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'migrations/meta/_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('gateway/migrations not found above the database module');
    dir = parent;
  }
}
const gatewayRoot = findGatewayRoot();

/** drizzle-kit's migrations: the tables, applied once each, in order, recorded by drizzle. */
export const migrationsFolder = path.join(gatewayRoot, 'migrations');

/**
 * The repeatable SQL: one file per database function, each a single CREATE OR REPLACE, applied after
 * the migrations on every start. A function's rules live in its file alone: changing one is an edit
 * of that file, not a migration that copies the whole function again. A migration that changes a
 * table a function reads ships with the function's new file in the same commit.
 */
export const functionsFolder = path.join(gatewayRoot, 'src/db/functions');

export function functionFiles(): { name: string; sql: string }[] {
  return readdirSync(functionsFolder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f, sql: readFileSync(path.join(functionsFolder, f), 'utf8') }));
}

/**
 * Applies every function file through `exec` (one simple-protocol call per file). PL/pgSQL resolves
 * the names inside a body when it runs, so the files' order does not matter. The caller holds the
 * migration lock, so replicas starting together never replace the same function at once.
 */
export async function applyFunctions(exec: (sql: string) => Promise<unknown>): Promise<void> {
  for (const file of functionFiles()) {
    try {
      await exec(file.sql);
    } catch (err) {
      throw new Error(`database function ${file.name} failed to apply: ${(err as Error).message}`, { cause: err });
    }
  }
}
