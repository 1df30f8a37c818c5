// Browser e2e: starts the real gateway (serving the built app from dist/) on a free port with a fresh
// embedded database, then runs every tests/e2e/*.e2e.ts with node's test runner against it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-e2e-'));
const env = {
  ...process.env,
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SANDBOX: 'true',
  NODE_ENV: 'test',
  // Short access tokens would make the suite flaky; the expiry journey forges an expired token instead.
  ACCESS_TOKEN_TTL: '300',
};

const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let log = '';
gateway.stdout.on('data', (d) => (log += d));
gateway.stderr.on('data', (d) => (log += d));

async function waitReady() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (gateway.exitCode !== null) throw new Error(`gateway exited early:\n${log}`);
    try {
      const res = await fetch(`${baseUrl}/realms/wallet/.well-known/openid-configuration`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`gateway did not start in 60 s:\n${log}`);
}

let code = 1;
try {
  await waitReady();
  const only = process.env.E2E_ONLY;
  const files = readdirSync('tests/e2e').filter((f) => f.endsWith('.e2e.ts') && (!only || f.includes(only))).map((f) => path.join('tests/e2e', f));
  const runner = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], {
    env: { ...process.env, E2E_BASE_URL: baseUrl },
    stdio: 'inherit',
  });
  code = await new Promise((resolve) => runner.on('exit', (c) => resolve(c ?? 1)));
  if (code !== 0) console.error(`--- gateway log ---\n${log.slice(-8000)}`);
} catch (e) {
  console.error(e);
} finally {
  gateway.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
