import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, DEV_ORIGIN, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/client.js';

// The browser talks only to Vite (5173), which proxies API and IdP paths to the gateway, so the
// dev origin is the public one: tokens are issued for it and mails link to it (config's dev defaults).
let config: Config;
try {
  config = loadConfig(undefined, { dev: true });
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`The dev gateway did not start. ${err.message}`);
  process.exit(1);
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, database, logger: { level: config.logLevel } });
await app.listen({ port: config.port, host: config.host });

// vite.config.ts is Vite's, not the gateway's: it learns where to proxy through GATEWAY_URL.
process.env.GATEWAY_URL = config.gatewayUrl;
const { createServer } = await import('vite');
const vite = await createServer({
  root: repoRoot,
  configFile: path.join(repoRoot, 'vite.config.ts'),
  server: { port: 5173, strictPort: true },
});
await vite.listen();

console.log(`\nWallet (dev) is running at ${DEV_ORIGIN}`);
console.log(
  `  gateway ${config.gatewayUrl}, database ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`,
);
if (config.sandbox)
  console.log(
    `  sandbox mail: ${DEV_ORIGIN}/dev/mail   Telegram harness: ${DEV_ORIGIN}/dev/telegram   API docs: ${DEV_ORIGIN}/docs/json\n`,
  );

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await Promise.allSettled([vite.close(), app.close()]);
  await database.close().catch(() => undefined);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
