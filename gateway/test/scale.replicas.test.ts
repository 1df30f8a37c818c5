import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { sandboxChainTransactions, withdrawals } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { Client, startGateway, type Gateway } from './withdraw-process.js';
import { strangerAddress, waitFor } from './withdraw-support.js';

/**
 * Scale-out (issue 13): two gateway processes on one PostgreSQL database, as behind a load balancer.
 * PGlite is one process's file, so this runs only when DATABASE_URL names a server (`.ci/run` sets it).
 */
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) console.log('scale.replicas: skipped, DATABASE_URL is unset (two replicas need a shared PostgreSQL)');

const scratch = mkdtempSync(path.join(os.tmpdir(), 'gw-replicas-'));
const dbName = `gw_replicas_${Date.now()}_${randomBytes(3).toString('hex')}`;
let databaseUrl: string | undefined;
const replicas: Gateway[] = [];

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.stop()));
  if (adminUrl && databaseUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).finally(() => admin.end());
  }
  rmSync(scratch, { recursive: true, force: true });
});

/** Pino lines of one replica's output with the given message. */
const linesOf = (gateway: Gateway, msg: string) =>
  gateway
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    })
    .filter((entry) => entry?.msg === msg) as Record<string, unknown>[];

describe.skipIf(!adminUrl)('two replicas on one PostgreSQL', () => {
  it('a token from one works on the other; a send race split over both never overdraws; each send goes out once', async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`).finally(() => admin.end());
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    // Both run the withdrawal worker and the sandbox chain; LOG_LEVEL=info makes every offer to the
    // network a line, so the test can count them. Rate limits stay at their defaults. PUBLIC_URL is the
    // balancer's address on both: it is the tokens' issuer, and with each replica's own address a
    // token from A is 401 on B.
    const env = {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://wallet.balancer.test',
      STATIC_DIR: path.join(scratch, 'no-dist'),
      SANDBOX_BLOCK_MS: '100',
      WITHDRAWAL_POLL_MS: '50',
      WITHDRAWAL_FOLLOW_MS: '100',
      SANDBOX_CONFIRMATIONS: '2',
      LOG_LEVEL: 'info',
    };
    // Both start at once on the empty database: one migrates while the other waits for its lock.
    // Each has its own DATA_DIR; the wallet seed is configured, the same on both, as production requires.
    const mnemonic = generateMnemonic(wordlist, 256);
    replicas.push(
      ...(await Promise.all(
        ['a', 'b'].map((dir) => startGateway({ ...env, DATA_DIR: path.join(scratch, dir), WALLET_MNEMONIC: mnemonic })),
      )),
    );
    const [a, b] = replicas as [Gateway, Gateway];

    // Signed in on A, the same token on B.
    const onA = new Client(a.url);
    await onA.signIn(900_000_000 + randomInt(1_000_000));
    const onB = new Client(b.url);
    onB.token = onA.token;
    onB.account = onA.account;
    const profileOnB = await onB.request('GET', '/b2c-user-management/user');
    expect(profileOnB.status).toBe(200);
    expect(profileOnB.body.accounts[0].id).toBe(onA.account);

    const asset = await onB.request('POST', `/b2c-wallet/${onA.account}/account/currency`, { currency: 'BTC' });
    expect(asset.status).toBe(200);
    expect(
      (
        await onA.request('POST', '/dev/chain/deposit', {
          currency: 'BTC',
          address: asset.body.depositAddress,
          amount: '0.01',
        })
      ).status,
    ).toBe(200);
    await waitFor(
      'funding',
      async () => (await onA.request('GET', `/b2c-wallet/${onA.account}/asset`)).body[0]?.totalAvailable === '0.01',
    );

    // 40 sends at once, alternating replicas: 0.0005 + 0.00002 fee each, so 0.01 affords 19 (0.00988).
    const SENDS = 40;
    const AFFORDABLE = 19;
    const bodies = Array.from({ length: SENDS }, (_, i) => ({
      currency: 'BTC',
      amount: '0.0005',
      depositAddress: strangerAddress('bitcoin'),
      idempotencyKey: `replica-${i}-${randomBytes(6).toString('hex')}`,
    }));
    const started = performance.now();
    const answers = await Promise.all(
      bodies.map((body, i) => (i % 2 ? onB : onA).request('POST', `/b2c-wallet/${onA.account}/withdrawal`, body)),
    );
    const raceMs = Math.round(performance.now() - started);
    expect(answers.filter((r) => r.status !== 200 && r.status !== 400)).toEqual([]);
    const ok = answers.filter((r) => r.status === 200);
    for (const r of answers.filter((r) => r.status === 400)) expect(r.body).toMatchObject({ code: 'NOT_ENOUGH_FUNDS' });
    expect(ok).toHaveLength(AFFORDABLE);
    const okPerReplica = [0, 1].map((side) => answers.filter((r, i) => i % 2 === side && r.status === 200).length);

    await waitFor(
      'every send settled',
      async () => {
        const history = (await onB.request('POST', `/b2c-wallet/${onA.account}/asset/transactions`, {})).body
          .content as { direction: string; state: string }[];
        const sends = history.filter((h) => h.direction === 'WITHDRAWAL');
        return sends.length === AFFORDABLE && sends.every((h) => h.state === 'COMPLETED');
      },
      60_000,
    );
    const finalAsset = (await onA.request('GET', `/b2c-wallet/${onA.account}/asset`)).body[0];
    expect(finalAsset).toMatchObject({ totalAvailable: '0.00012', onHold: '0' });
    await Promise.all(replicas.map((r) => r.stop()));

    // One offer to the network per send, made by whichever replica's worker claimed it.
    const offers = replicas.map((r) => linesOf(r, 'withdrawal broadcast offered').map((e) => e.withdrawal as string));
    const all = offers.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(AFFORDABLE);
    expect(
      replicas.flatMap((r) =>
        linesOf(r, 'withdrawal claimed but never broadcast (cut by a crash); broadcasting it now'),
      ),
    ).toEqual([]);

    const database = await openDatabase({ databaseUrl, dataDir: scratch });
    try {
      const rows = await database.db
        .select()
        .from(withdrawals)
        .where(
          inArray(
            withdrawals.idempotencyKey,
            bodies.map((b) => b.idempotencyKey),
          ),
        );
      expect(rows).toHaveLength(AFFORDABLE);
      expect(new Set(all)).toEqual(new Set(rows.map((r) => r.id)));
      for (const w of rows) {
        expect(w.state).toBe('COMPLETED');
        const out = await database.db
          .select()
          .from(sandboxChainTransactions)
          .where(and(eq(sandboxChainTransactions.reference, w.id), eq(sandboxChainTransactions.direction, 'OUT')));
        expect(out).toHaveLength(1);
      }
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      expect(await checkWithdrawalInvariants(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    console.log(
      `scale.replicas: ${SENDS} sends split over 2 replicas in ${raceMs} ms: ${ok.length} accepted (${okPerReplica.join(' on A, ')} on B), ` +
        `${SENDS - ok.length} NOT_ENOUGH_FUNDS, 0 overdraft; broadcasts offered ${offers.map((o) => o.length).join(' by A, ')} by B, one per send; invariants hold`,
    );
  }, 180_000);
});
