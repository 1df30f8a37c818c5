// Starts the real gateway (serving the built app from dist/) on a free port with a fresh database of its
// own, as the e2e suite, the size budget and the web benchmark all need: a new PostgreSQL database when
// E2E_DATABASE_URL (else DATABASE_URL) names a server, embedded PGlite otherwise (`E2E_DATABASE_URL=` forces
// it). PGlite runs inside the gateway's own event loop, so on a busy 2-core machine PostgreSQL is the
// cheaper of the two; the gateway suite exercises both databases either way.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const serverUrl = () => process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
let databases = 0;

/** A fresh, empty database on the server (the gateway migrates it at start); `drop` removes it. */
async function freshDatabase(url) {
  const name = `e2e_${process.pid}_${++databases}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    try {
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await cleanup.end();
    }
  };
  return { url: own.toString(), drop };
}

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
  const database = serverUrl() ? await freshDatabase(serverUrl()) : undefined;
  const env = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    SANDBOX: 'true',
    NODE_ENV: 'test',
    // Short access tokens would make the runs flaky; the expiry journey forges an expired token instead.
    ACCESS_TOKEN_TTL: '300',
    ...extraEnv,
  };
  // GATEWAY_COMPILED: the build of gateway/build.mjs (the e2e run makes it first), else the sources via tsx.
  const entry = process.env.GATEWAY_COMPILED
    ? ['gateway/dist/gateway/src/main.js']
    : ['--import', 'tsx', 'gateway/src/main.ts'];
  // The log goes straight to a file the test reads only when it needs it (a failed journey, a failed start):
  // piped, every request's lines crossed into the test process and were kept in a string there.
  const logPath = path.join(dataDir, 'gateway.log');
  const logFd = openSync(logPath, 'a');
  const gateway = spawn(process.execPath, entry, { env, stdio: ['ignore', logFd, logFd] });
  closeSync(logFd);
  const log = () => {
    try {
      return readFileSync(logPath, 'utf8');
    } catch {
      return '';
    }
  };
  /** Ends the gateway; resolves once its database is gone (a leftover one is only disk space). */
  const stop = async () => {
    const exited = gateway.exitCode !== null ? Promise.resolve() : new Promise((r) => gateway.once('exit', r));
    gateway.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop().catch(() => {});
  };

  // A loaded machine (several suites sharing two cores) can take longer: GATEWAY_START_MS raises it.
  const startMs = Number(process.env.GATEWAY_START_MS ?? startTimeoutMs ?? 60_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (gateway.exitCode !== null) {
      const said = log();
      await stop();
      throw new Error(`gateway exited early:\n${said}`);
    }
    try {
      const res = await fetch(`${baseUrl}/realms/wallet/.well-known/openid-configuration`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      const said = log();
      await stop();
      throw new Error(`gateway did not start in ${startMs / 1000} s:\n${said}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return { baseUrl, stop, log };
}
