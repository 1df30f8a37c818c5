// Starts the real gateway (serving the built app from dist/) on a free port with a fresh embedded
// database, as the e2e suite, the size budget and the web benchmark all need.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/** Resolves once the gateway answers; `stop()` ends it and removes its database. */
export async function startGateway(extraEnv = {}, { startTimeoutMs } = {}) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-gw-'));
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SANDBOX: 'true',
    NODE_ENV: 'test',
    // Short access tokens would make the runs flaky; the expiry journey forges an expired token instead.
    ACCESS_TOKEN_TTL: '300',
    ...extraEnv,
  };
  const gateway = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  gateway.stdout.on('data', (d) => (log += d));
  gateway.stderr.on('data', (d) => (log += d));
  const stop = () => {
    gateway.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A loaded machine (several suites sharing two cores) can take longer: GATEWAY_START_MS raises it.
  const startMs = Number(process.env.GATEWAY_START_MS ?? startTimeoutMs ?? 60_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (gateway.exitCode !== null) {
      stop();
      throw new Error(`gateway exited early:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/realms/wallet/.well-known/openid-configuration`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      stop();
      throw new Error(`gateway did not start in ${startMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, stop, log: () => log };
}
