// The bench's surroundings: a throwaway PostgreSQL database and the gateway as its own process.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export async function createDatabase(): Promise<string> {
  const name = `wallet_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}

/** BENCH_CPU_PROF's directory and BENCH_TRACE reach the gateway as node flags. */
export async function startGateway(
  databaseUrl: string,
  port: number,
  opts: { cpuProf?: string; trace: boolean; rateLimits: boolean },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-'));
  const profile = opts.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', opts.cpuProf] : [];
  const trace = opts.trace ? ['--import', path.resolve('gateway/scripts/query-trace.ts')] : [];
  // BENCH_GATEWAY_ROOT: another checkout's gateway (e.g. the commit before a change) under the same load.
  const cwd = process.env.BENCH_GATEWAY_ROOT ?? process.cwd();
  // The compiled gateway, as production runs it (gateway/build.mjs); through tsx for the query trace
  // (a TypeScript preload) or a checkout from before the build existed.
  const compiled = !opts.trace && existsSync(path.join(cwd, 'gateway/build.mjs'));
  if (compiled) execFileSync(process.execPath, ['gateway/build.mjs'], { cwd, stdio: 'inherit' });
  const entry = compiled ? ['gateway/dist/gateway/src/main.js'] : ['--import', 'tsx', ...trace, 'gateway/src/main.ts'];
  const child = spawn(process.execPath, [...profile, ...entry], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SANDBOX: 'true',
      ACCESS_TOKEN_TTL: '3600',
      LOG_LEVEL: 'error',
      // BENCH_RATE_LIMITS=default: production's limits, counted in the database as with no REDIS_URL; the
      // bench is the loopback proxy and names each user's own address (traffic.ts). Otherwise none at all.
      ...(opts.rateLimits ? { TRUST_PROXY: 'loopback', RATE_LIMITS: '', REDIS_URL: '' } : { RATE_LIMITS: 'off' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Starting (tsx compiling the gateway) takes minutes on a loaded machine.
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/docs/json`)).ok) break;
    } catch {}
    if (i === 1200) throw new Error('the gateway did not answer within 5 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    base,
    pid: child.pid!,
    /** Ends a phase of the query trace: the gateway prints its counts since the last mark. */
    mark: async (label: string) => {
      if (!opts.trace) return;
      console.error(`[trace] ${label}`);
      child.kill('SIGUSR2');
      await new Promise((r) => setTimeout(r, 200));
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
