/**
 * `npm run ledger:check`: runs the ledger invariant check against the configured database
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR — stop the gateway first, PGlite allows
 * one process at a time). Prints OK or every violation; the exit code says which.
 */
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const violations = await checkLedgerInvariants(database.db);
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  if (violations.length === 0) {
    console.log(`ledger OK (${where})`);
  } else {
    console.error(`ledger: ${violations.length} violation(s) (${where})`);
    for (const v of violations) console.error(`- ${v.check}: ${v.detail}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
