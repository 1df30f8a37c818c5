/**
 * `npm run bench:gateway`: on this machine, against PostgreSQL,
 *  1. GET /b2c-wallet/{account}/asset for 1,000 signed-in users (one token each): the saturation
 *     throughput and p99 with 1,000 connections, and latency when each user polls every 10 s as the app does;
 *  2. ledger transfers/s with 16 concurrent writers among 200 funded accounts, then the invariant check.
 * The gateway runs as its own process, so the load generator does not share its event loop.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { ensureSystemAccount, ensureUserAccount } from '../src/ledger/accounts.js';
import { transfer } from '../src/ledger/transfers.js';
import { LedgerError } from '../src/ledger/errors.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function createDatabase(): Promise<string> {
  const name = `wallet_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(url: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
}

async function startGateway(databaseUrl: string, port: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts'], {
    env: { ...process.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SANDBOX: 'true', ACCESS_TOKEN_TTL: '3600', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/docs/json`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop: () => { child.kill('SIGTERM'); rmSync(dataDir, { recursive: true, force: true }); } };
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

/** Signs users in through Telegram init data (no password hashing), each with BTC and USDT_TRX. */
async function signInUsers(base: string, count: number) {
  const users: { account: string; token: string }[] = [];
  const batch = 25;
  for (let start = 0; start < count; start += batch) {
    const created = await Promise.all(Array.from({ length: Math.min(batch, count - start) }, async (_, k) => {
      const id = 900_000_000 + start + k;
      const { initData } = (await (await post(`${base}/dev/telegram/init-data`, { user: { id, first_name: `Bench ${id}` } })).json()) as { initData: string };
      const tokens = (await (await post(`${base}/b2c-user-management/auth/tg`, { initData })).json()) as { access_token: string };
      const profile = (await (await fetch(`${base}/b2c-user-management/user`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as { accounts: { id: string }[] };
      const account = profile.accounts[0]!.id;
      await post(`${base}/b2c-wallet/${account}/account/currency/list`, { currencies: ['BTC', 'USDT_TRX'] }, tokens.access_token);
      return { account, token: tokens.access_token };
    }));
    users.push(...created);
  }
  return users;
}

function pollAssets(base: string, users: { account: string; token: string }[], opts: { seconds: number }) {
  let next = 0;
  return autocannon({
    url: base,
    connections: users.length,
    duration: opts.seconds,
    setupClient(client: any) {
      const user = users[next++ % users.length]!;
      client.setHeaders({ authorization: `Bearer ${user.token}` });
      client.setRequest({ method: 'GET', path: `/b2c-wallet/${user.account}/asset`, headers: { authorization: `Bearer ${user.token}` } });
    },
  } as autocannon.Options & { setupClient: (client: any) => void });
}

/** What the app really does: every user asks every 10 s, users spread evenly over the period. */
async function pollLikeUsers(base: string, users: { account: string; token: string }[], seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(users.map(async (user, i) => {
    await new Promise((r) => setTimeout(r, (i * 10_000) / users.length));
    while (Date.now() < end) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/b2c-wallet/${user.account}/asset`, { headers: { authorization: `Bearer ${user.token}` } });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 10_000 - (performance.now() - started)));
    }
  }));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), count: latencies.length, errors };
}

async function ledgerWriters(databaseUrl: string, accounts: string[]) {
  const database = await openDatabase({ databaseUrl, dataDir: '.' });
  const { db } = database;
  const funding = await ensureSystemAccount(db, 'USDT_TRX', 'bench-funding');
  const ledger: number[] = [];
  for (const owner of accounts) {
    const acc = await ensureUserAccount(db, owner, 'USDT_TRX');
    await transfer(db, { debitAccountId: funding.id, creditAccountId: acc.id, amount: 1_000_000_000n, currency: 'USDT_TRX' });
    ledger.push(acc.id);
  }
  let done = 0;
  let refused = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(Array.from({ length: WRITERS }, async () => {
    while (Date.now() < deadline) {
      const a = ledger[Math.floor(Math.random() * ledger.length)]!;
      let b = ledger[Math.floor(Math.random() * ledger.length)]!;
      if (a === b) b = ledger[(ledger.indexOf(a) + 1) % ledger.length]!;
      try {
        await transfer(db, { debitAccountId: a, creditAccountId: b, amount: BigInt(1 + Math.floor(Math.random() * 1000)), currency: 'USDT_TRX', idempotencyKey: randomBytes(8).toString('hex') });
        done++;
      } catch (error) {
        if (!(error instanceof LedgerError)) throw error;
        refused++;
      }
    }
  }));
  const elapsed = (Date.now() - started) / 1000;
  const violations = await checkLedgerInvariants(db);
  await database.close();
  return { perSecond: done / elapsed, done, refused, violations };
}

const databaseUrl = await createDatabase();
const port = 18000 + Math.floor(Math.random() * 1000);
const gateway = await startGateway(databaseUrl, port);
try {
  console.log(`bench: PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, ${os.cpus().length} cores, node ${process.version}`);
  const t0 = Date.now();
  const users = await signInUsers(gateway.base, USERS);
  console.log(`signed in ${users.length} users with 2 assets each in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const saturated = await pollAssets(gateway.base, users, { seconds: SECONDS });
  console.log(`GET /{account}/asset, ${users.length} connections flat out: ${saturated.requests.average.toFixed(0)} req/s, p99 ${saturated.latency.p99} ms, errors ${saturated.errors + saturated.non2xx}`);
  const polling = await pollLikeUsers(gateway.base, users, 20);
  console.log(`GET /{account}/asset, ${users.length} users each polling every 10 s (${users.length / 10} req/s, staggered): p50 ${polling.p50} ms, p99 ${polling.p99} ms, ${polling.count} requests, errors ${polling.errors}`);

  const ledger = await ledgerWriters(databaseUrl, users.slice(0, 200).map((u) => u.account));
  console.log(`ledger: ${ledger.perSecond.toFixed(0)} transfers/s with ${WRITERS} concurrent writers (${ledger.done} transfers, ${ledger.refused} refused), invariant ${ledger.violations.length === 0 ? 'holds' : `BROKEN: ${JSON.stringify(ledger.violations.slice(0, 3))}`}`);
  if (saturated.non2xx || polling.errors || ledger.violations.length) process.exitCode = 1;
} finally {
  gateway.stop();
  await new Promise((r) => setTimeout(r, 500));
  await dropDatabase(databaseUrl);
}
