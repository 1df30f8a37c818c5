import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { createServerDatabase } from './support/database.js';
import { gatewayEntry } from './support/gatewayEntry.js';
import { TEST_PASSWORD_HASH_COST } from './support/passwordCost.js';

/** The gateway as a real child process (support/gatewayEntry.ts), for crash tests. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Gateway {
  url: string;
  proc: ChildProcess;
  output: () => string;
  /** Resolves when the process has exited, however. */
  exited: Promise<void>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

const exited = (proc: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve();
    else proc.once('exit', () => resolve());
  });

export async function startGateway(env: Record<string, string>): Promise<Gateway> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, gatewayEntry(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SANDBOX: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'error',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout!.on('data', (d) => {
    log += d;
  });
  proc.stderr!.on('data', (d) => {
    log += d;
  });
  const started = Date.now();
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`gateway exited with ${proc.exitCode}:\n${log}`);
    try {
      const res = await fetch(`${url}/b2c-wallet/dev-health-probe`, { signal: AbortSignal.timeout(1000) });
      if (res.status > 0 && log.includes('Wallet is running')) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() - started > 60_000) throw new Error(`gateway did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    proc,
    output: () => log,
    exited: exited(proc),
    async kill9() {
      proc.kill('SIGKILL');
      await exited(proc);
    },
    async stop() {
      proc.kill('SIGTERM');
      await exited(proc);
    },
  };
}

/** A thin HTTP client bound to one gateway and (after signIn) one Telegram user. */
export class Client {
  token = '';
  account = '';
  constructor(public base: string) {}

  async request<T = any>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async signIn(telegramId: number) {
    const init = await this.request<{ initData: string }>('POST', '/dev/telegram/init-data', {
      user: { id: telegramId, first_name: 'Crash' },
    });
    const session = await this.request<{ access_token: string }>('POST', '/b2c-user-management/auth/tg', {
      initData: init.body.initData,
    });
    if (session.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(session.body)}`);
    this.token = session.body.access_token;
    const profile = await this.request<{ accounts: { id: string }[] }>('GET', '/b2c-user-management/user');
    this.account = profile.body.accounts[0]!.id;
  }
}

/**
 * The database a crash test's gateway processes share: a fresh PostgreSQL database when DATABASE_URL
 * names a server, else PGlite in the scratch folder (one process at a time). `drop` removes both.
 */
export function crashDatabase(prefix: string) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), `gw-${prefix}-`));
  const adminUrl = process.env.DATABASE_URL;
  const dbName = `gw_${prefix.replace(/-/g, '_')}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let url: string | undefined;
  return {
    scratch,
    /** The PostgreSQL database's URL once created; undefined on PGlite. */
    get url() {
      return url;
    },
    /**
     * Creates the database as freshly migrated, from the run's migrated copy when there is one (support/
     * globalSetup.ts): the PGlite dump unpacked into the gateway's data dir, or a clone of the PostgreSQL
     * template. A PGlite gateway's first start otherwise runs initdb and every migration (10.9 CPU-seconds
     * against 5.2 for a restart). Returns the gateway's environment for it.
     */
    async prepare(): Promise<Record<string, string>> {
      if (!adminUrl) {
        const dump = inject('gatewayPgliteDump');
        if (dump) {
          mkdirSync(path.join(scratch, 'pglite'));
          execFileSync('tar', ['-xf', dump, '-C', path.join(scratch, 'pglite')]);
        }
        return {};
      }
      url = (await createServerDatabase(adminUrl, dbName, inject('gatewayTemplateDb'))).toString();
      return { DATABASE_URL: url };
    },
    async drop() {
      if (adminUrl && url) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => admin.end());
      }
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
