/**
 * `npm run bench:gateway`: on this machine, against PostgreSQL,
 *  1. GET /b2c-wallet/{account}/asset for 1,000 signed-in users (one token each): the saturation
 *     throughput and p99 with 1,000 connections; then latency when each user polls every 10 s as the
 *     app does, for those 1,000 and for BENCH_POLL_USERS (10,000: 1,000 req/s) signed-in users;
 *  2. money-moving requests through the HTTP API from the same 1,000 users (each funded by a sandbox
 *     deposit): sends (POST …/withdrawal) and swaps (POST …/exchange, then …/exchange/confirm/{id}),
 *     first at a fixed arrival rate (BENCH_MONEY_RATE, 1,000 req/s, spread over the users), then
 *     flat out with every user keeping one request in flight; p50/p99 and errors, invariants after;
 *  3. ledger transfers/s with 16 concurrent writers among 200 funded accounts, then the invariant check.
 * Every figure is printed with the machine's load averages, and the polling and money figures with
 * the CPU each request cost the gateway, PostgreSQL and the load generator (from /proc).
 * BENCH_PHASES=poll,money,ledger picks the parts; BENCH_TRACE=1 prints the statements and requests
 * of each phase as the gateway saw them (scripts/query-trace.ts).
 * BENCH_PASSCODE=1 gives every user a passcode, sent with each money request (the gate checks it);
 * BENCH_RATE_LIMITS=default runs the gateway with its default rate limits, counted in the database.
 * BENCH_CPU_PROF=<dir> writes the gateway's CPU profile there (node --cpu-prof), read on its exit.
 * The gateway runs as its own process, so the load generator does not share its event loop.
 * Its parts: bench/environment.ts (database, gateway), bench/traffic.ts (users, polling, money),
 * bench/ledger.ts (ledger writers), bench/cpu.ts (CPU per request, load averages).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../src/db/client.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { deriveDepositAddress } from '../src/chain/addresses.js';
import { cpuMeter, load } from './bench/cpu.js';
import { createDatabase, dropDatabase, startGateway } from './bench/environment.js';
import { ledgerWriters } from './bench/ledger.js';
import {
  fundUsers,
  moneyAtRate,
  moneyClient,
  moneyFlatOut,
  keepAlivePool,
  pollAssets,
  pollLikeUsers,
  signInUsers,
} from './bench/traffic.js';

const USERS = Number(process.env.BENCH_USERS ?? 1000);
/** Users polling their assets every 10 s as the app does (the first USERS of them also move money). */
const POLL_USERS = Number(process.env.BENCH_POLL_USERS ?? 10_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const MONEY_RATE = Number(process.env.BENCH_MONEY_RATE ?? 1000);
const MONEY_SECONDS = Number(process.env.BENCH_MONEY_SECONDS ?? 10);
/** Seconds of money traffic at half the rate before the measured phases (0: none). */
const MONEY_WARMUP = Number(process.env.BENCH_MONEY_WARMUP ?? 0);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** Which parts to run (comma-separated): poll, money, ledger. */
const PHASES = new Set((process.env.BENCH_PHASES ?? 'poll,money,ledger').split(',').map((p) => p.trim()));
/** Statement and request counts per phase from inside the gateway (scripts/query-trace.ts). */
const TRACE = Boolean(process.env.BENCH_TRACE);
const PASSCODE = process.env.BENCH_PASSCODE ? '2580' : undefined;
const RATE_LIMITS = process.env.BENCH_RATE_LIMITS === 'default';

const databaseUrl = await createDatabase();
const port = 18000 + Math.floor(Math.random() * 1000);
const gateway = await startGateway(databaseUrl, port, { cpuProf: CPU_PROF, trace: TRACE, rateLimits: RATE_LIMITS });
try {
  console.log(
    `bench: PostgreSQL ${new URL(databaseUrl).pathname.slice(1)}, ${os.cpus().length} cores, node ${process.version}, passcode ${PASSCODE ? 'on' : 'off'}, rate limits ${RATE_LIMITS ? 'default' : 'off'}, ${load()}`,
  );
  const t0 = Date.now();
  const users = await signInUsers(gateway.base, USERS, 0, PASSCODE);
  console.log(`signed in ${users.length} users with 2 assets each in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await gateway.mark('sign-in');

  if (PHASES.has('poll')) {
    const flatMeter = await cpuMeter(gateway.pid, databaseUrl);
    const saturated = await pollAssets(gateway.base, users, { seconds: SECONDS });
    console.log(
      `GET /{account}/asset, ${users.length} connections flat out: ${saturated.requests.average.toFixed(0)} req/s, p99 ${saturated.latency.p99} ms, errors ${saturated.errors + saturated.non2xx} (${load()})`,
    );
    console.log(`  ${await flatMeter(saturated.requests.total)}`);
    await gateway.mark('poll flat out');
    const pollers = [...users];
    if (POLL_USERS > pollers.length) {
      const ts = Date.now();
      pollers.push(...(await signInUsers(gateway.base, POLL_USERS - pollers.length, pollers.length)));
      console.log(
        `signed in ${POLL_USERS - users.length} more users (2 assets each) for polling in ${((Date.now() - ts) / 1000).toFixed(1)} s`,
      );
      await gateway.mark('sign-in of the pollers');
    }
    for (const who of POLL_USERS > users.length ? [users, pollers] : [users]) {
      const meter = await cpuMeter(gateway.pid, databaseUrl);
      const polling = await pollLikeUsers(gateway.base, who, 20);
      console.log(
        `GET /{account}/asset, ${who.length} users each polling every 10 s (${who.length / 10} req/s, staggered): p50 ${polling.p50} ms, p99 ${polling.p99} ms, ${polling.count} requests, errors ${polling.errors} (${load()})`,
      );
      console.log(`  ${await meter(polling.count)}`);
      await gateway.mark(`${who.length} users polling every 10 s`);
      if (polling.errors) process.exitCode = 1;
    }
    if (saturated.non2xx) process.exitCode = 1;
  }

  if (PHASES.has('money')) {
    const tf = Date.now();
    await fundUsers(gateway.base, users);
    console.log(
      `funded ${users.length} users with 20,000 USDT_TRX each through sandbox deposits in ${((Date.now() - tf) / 1000).toFixed(1)} s`,
    );
    await gateway.mark('funding');
    const limit = (await (
      await fetch(`${gateway.base}/b2c-wallet/${users[0]!.account}/limit/USDT_TRX/BTC`, {
        headers: { authorization: `Bearer ${users[0]!.token}`, 'x-forwarded-for': users[0]!.address },
      })
    ).json()) as { minLimit: string };
    const stranger = deriveDepositAddress(randomBytes(32), 'tron', 0);
    if (PASSCODE) {
      // The gate really judges the code: the same send without it is refused.
      const u = users[0]!;
      const refused = await fetch(`${gateway.base}/b2c-wallet/${u.account}/withdrawal`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${u.token}`,
          'x-forwarded-for': u.address,
        },
        body: JSON.stringify({
          currency: 'USDT_TRX',
          amount: '1',
          depositAddress: stranger,
          idempotencyKey: randomBytes(12).toString('hex'),
        }),
      });
      const code = ((await refused.json()) as { code?: string }).code;
      if (code !== 'PINCODE_REQUIRED')
        throw new Error(`a send without the passcode answered ${refused.status} ${code}`);
      console.log('passcode: a send without it is refused (PINCODE_REQUIRED); every money request below carries it');
    }
    const pool = keepAlivePool(gateway.base, users.length);
    const clients = users.map((u) => moneyClient(pool, u, limit.minLimit, stranger));
    if (MONEY_WARMUP > 0) {
      // Every route's first requests pay for compiling: V8's JIT, and per pooled connection PostgreSQL's
      // plans of the prepared statements and the PL/pgSQL functions. Run cold, the measured phase began
      // with a backlog that a rate this close to capacity never drained. Printed, not hidden.
      const warm = await moneyAtRate(clients, MONEY_RATE / 2, MONEY_WARMUP);
      console.log(
        `money warm-up at ${MONEY_RATE / 2} req/s for ${MONEY_WARMUP} s: ${warm.perSecond.toFixed(0)} req/s done, p50 ${warm.p50} ms, p99 ${warm.p99} ms, errors ${warm.errors} (${load()})`,
      );
      await gateway.mark('money warm-up');
    }
    let meter = await cpuMeter(gateway.pid, databaseUrl);
    const atRate = await moneyAtRate(clients, MONEY_RATE, MONEY_SECONDS);
    console.log(
      `money (send, swap order, swap confirm in turn), ${users.length} users at ${MONEY_RATE} req/s offered: ${atRate.perSecond.toFixed(0)} req/s done, p50 ${atRate.p50} ms, p99 ${atRate.p99} ms, ${atRate.count} requests (${atRate.kinds}), errors ${atRate.errors}${atRate.errorKinds ? ` (${atRate.errorKinds})` : ''} (${load()})`,
    );
    console.log(`  ${await meter(atRate.count)}`);
    await gateway.mark('money at a fixed rate');
    meter = await cpuMeter(gateway.pid, databaseUrl);
    const flat = await moneyFlatOut(clients, MONEY_SECONDS);
    console.log(
      `money, ${users.length} users flat out (one request in flight each): ${flat.perSecond.toFixed(0)} req/s, p50 ${flat.p50} ms, p99 ${flat.p99} ms, ${flat.count} requests (${flat.kinds}), errors ${flat.errors}${flat.errorKinds ? ` (${flat.errorKinds})` : ''} (${load()})`,
    );
    console.log(`  ${await meter(flat.count)}`);
    await gateway.mark('money flat out');
    await pool.close();
    // Sends still being broadcast and confirmed are open holds, which the invariants allow.
    const check = await openDatabase({ databaseUrl, dataDir: '.' });
    const moneyViolations = [
      ...(await checkLedgerInvariants(check.db)),
      ...(await checkWithdrawalInvariants(check.db)),
      ...(await checkSwapInvariants(check.db)),
    ];
    await check.close();
    console.log(
      `money: ledger, withdrawal and swap invariants ${moneyViolations.length === 0 ? 'hold' : `BROKEN: ${JSON.stringify(moneyViolations.slice(0, 3))}`}`,
    );
    if (atRate.errors || flat.errors || moneyViolations.length) process.exitCode = 1;
  }

  if (PHASES.has('ledger')) {
    const ledger = await ledgerWriters(
      databaseUrl,
      users.slice(0, 200).map((u) => u.account),
      { writers: WRITERS, seconds: SECONDS },
    );
    console.log(
      `ledger: ${ledger.perSecond.toFixed(0)} transfers/s with ${WRITERS} concurrent writers (${ledger.done} transfers, ${ledger.refused} refused), invariant ${ledger.violations.length === 0 ? 'holds' : `BROKEN: ${JSON.stringify(ledger.violations.slice(0, 3))}`} (${load()})`,
    );
    if (ledger.violations.length) process.exitCode = 1;
  }
} finally {
  await gateway.stop();
  await dropDatabase(databaseUrl);
}
