import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // A bad setting is the operator's to fix: say which, without a stack trace.
  if (!(err instanceof ConfigError)) throw err;
  console.error(`The gateway did not start. ${err.message}`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, database, logger: { level: config.logLevel } });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // A second signal or a hung connection must not keep the process alive forever.
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
console.log(
  `\nWallet is running at ${config.publicUrl}  (database: ${where}${config.sandbox ? ', sandbox mode' : ''})`,
);
if (config.sandbox)
  console.log(`Sandbox mail outbox: ${config.publicUrl}/dev/mail   API docs: ${config.publicUrl}/docs/json\n`);
