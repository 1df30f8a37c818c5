import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The browser talks only to Vite (5173), which proxies API and IdP paths to the gateway, so the
// dev origin is the public one: tokens are issued for it and mails link to it.
const DEV_ORIGIN = 'http://localhost:5173';
process.env.PORT ??= '8080';
process.env.PUBLIC_URL ??= DEV_ORIGIN;
process.env.ALLOWED_ORIGINS ??= [DEV_ORIGIN, `http://localhost:${process.env.PORT}`].join(',');
process.env.GATEWAY_URL ??= `http://localhost:${process.env.PORT}`;

const { buildApp } = await import('./app.js');
const { loadConfig } = await import('./config.js');
const { openDatabase } = await import('./db/client.js');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, logger: { level: process.env.LOG_LEVEL ?? 'warn' } });
await app.listen({ port: config.port, host: config.host });

const { createServer } = await import('vite');
const vite = await createServer({ root: repoRoot, configFile: path.join(repoRoot, 'vite.config.ts'), server: { port: 5173, strictPort: true } });
await vite.listen();

console.log(`\nWallet (dev) is running at ${DEV_ORIGIN}`);
console.log(`  gateway ${process.env.GATEWAY_URL}, database ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`);
if (config.sandbox) console.log(`  sandbox mail: ${DEV_ORIGIN}/dev/mail   API docs: ${DEV_ORIGIN}/docs/json\n`);

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
