import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { ledgerTransfers, sandboxChainTransactions, withdrawals } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkWithdrawalInvariants } from '../src/withdrawals/invariants.js';
import { Client, crashDatabase, startGateway, type Gateway } from './withdraw-process.js';
import { strangerAddress, waitFor } from './withdraw-support.js';

/**
 * Guide §8 item 4 with a real kill -9: the gateway runs as a child process, is SIGKILLed while
 * withdrawals are being created, broadcast and confirmed, and is restarted on the same database.
 */
const store = crashDatabase('crash');
const { scratch } = store;
let gateway: Gateway | undefined;

afterAll(async () => {
  await gateway?.kill9();
  await store.drop();
});

async function settled(client: Client): Promise<boolean> {
  const history = (await client.request('POST', `/b2c-wallet/${client.account}/asset/transactions`, {})).body
    .content as { direction: string; state: string }[];
  return history.filter((h) => h.direction === 'WITHDRAWAL').every((h) => h.state !== 'IN_PROGRESS');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kill -9 mid-withdrawal', () => {
  it('after restart every hold ends posted or voided, nothing lost, nothing broadcast twice', async () => {
    const env = {
      ...(await store.prepare()),
      DATA_DIR: scratch,
      STATIC_DIR: path.join(scratch, 'no-dist'),
      SANDBOX_BLOCK_MS: '100',
      WITHDRAWAL_POLL_MS: '50',
      WITHDRAWAL_FOLLOW_MS: '100',
      SANDBOX_CONFIRMATIONS: '3',
      WITHDRAWAL_LEASE_MS: '1500',
    };
    const telegramId = 900_000_000 + randomInt(1_000_000);
    gateway = await startGateway(env);
    let client = new Client(gateway.url);
    await client.signIn(telegramId);
    const asset = await client.request('POST', `/b2c-wallet/${client.account}/account/currency`, { currency: 'BTC' });
    expect(
      (
        await client.request('POST', '/dev/chain/deposit', {
          currency: 'BTC',
          address: asset.body.depositAddress,
          amount: '1',
        })
      ).status,
    ).toBe(200);
    await waitFor(
      'funding',
      async () => (await client.request('GET', `/b2c-wallet/${client.account}/asset`)).body[0]?.totalAvailable === '1',
    );

    // How each round ends: a kill from outside while sends are being created, a kill right after
    // they were all answered (the worker is broadcasting and confirming), and the gateway killing
    // itself at the two exactly-once edges: after the claim that marks a broadcast, and after the
    // network accepted one but before its hash was written down.
    const rounds = [
      { kill: 'while creating', size: 20 },
      { kill: 'while broadcasting', size: 20 },
      { kill: 'after-claim', size: 10 },
      { kill: 'after-broadcast', size: 10 },
    ] as const;
    const sent = new Map<string, object>(); // idempotency key → body
    let inFlightAtKill = 0;
    for (const [round, { kill, size }] of rounds.entries()) {
      const selfKill = kill === 'after-claim' || kill === 'after-broadcast';
      if (selfKill) {
        // Let the earlier rounds' sends settle first: a self-killing gateway's worker would otherwise
        // claim one of them at start-up and die before this round has signed in (CI saw ECONNRESET).
        await waitFor('earlier withdrawals settled', async () => settled(client), 150_000);
        await gateway.stop();
        gateway = await startGateway({ ...env, SANDBOX_CRASH_POINT: kill });
        client = new Client(gateway.url);
        await client.signIn(telegramId);
      }
      // Two refusals in the outside-kill rounds, so voids are interrupted as well as posts.
      if (!selfKill) await client.request('POST', '/dev/chain/behaviour', { failNextBroadcasts: 2 });
      const bodies = Array.from({ length: size }, (_, i) => ({
        currency: 'BTC',
        amount: `0.00${round + 1}${String(i).padStart(2, '0')}`,
        depositAddress: strangerAddress('bitcoin'),
        idempotencyKey: `crash-${round}-${i}-${randomBytes(4).toString('hex')}`,
      }));
      for (const b of bodies) sent.set(b.idempotencyKey, b);
      const requests = bodies.map(async (b, i) => {
        await sleep(i * 15); // spread out, so the kill lands between creation, broadcast and confirmation
        return client.request('POST', `/b2c-wallet/${client.account}/withdrawal`, b).catch(() => undefined);
      });
      if (kill === 'while creating') await sleep(150 + randomInt(250));
      if (kill === 'while broadcasting') await Promise.all(requests).then(() => sleep(randomInt(150)));
      if (selfKill) await gateway.exited;
      else await gateway.kill9();
      const answers = await Promise.all(requests);
      inFlightAtKill += answers.filter((a) => a === undefined).length;
      expect(answers.filter((a) => a && a.status >= 500)).toEqual([]);

      gateway = await startGateway(env);
      client = new Client(gateway.url);
      await client.signIn(telegramId);
      // The app retries an unanswered send with the same key and body: one withdrawal either way.
      for (const [i, b] of bodies.entries()) {
        if (answers[i] === undefined) {
          const retry = await client.request('POST', `/b2c-wallet/${client.account}/withdrawal`, b);
          expect([200, 400]).toContain(retry.status);
        }
      }
    }
    // Everything settles after the last restart. On a loaded 2-core machine (PGlite, a browser suite beside)
    // settling took over 60 s once; a stuck withdrawal still fails here, just later (the test has 240 s).
    await waitFor('every withdrawal settled', async () => settled(client), 150_000);
    const finalAsset = (await client.request('GET', `/b2c-wallet/${client.account}/asset`)).body[0];
    await gateway.stop();
    gateway = undefined;

    // Inspect the books with the gateway down (PGlite allows one process at a time).
    const database = await openDatabase({ databaseUrl: store.url, dataDir: scratch });
    try {
      const rows = await database.db
        .select()
        .from(withdrawals)
        .where(inArray(withdrawals.idempotencyKey, [...sent.keys()]));
      const keys = new Set(rows.map((r) => r.idempotencyKey));
      expect(rows.length).toBe(keys.size); // one withdrawal per key
      let doubles = 0;
      let lost = 0;
      for (const w of rows) {
        const out = await database.db
          .select()
          .from(sandboxChainTransactions)
          .where(and(eq(sandboxChainTransactions.reference, w.id), eq(sandboxChainTransactions.direction, 'OUT')));
        if (out.length > 1) doubles += 1;
        const holdIds = [w.holdTransferId!, ...(w.feeHoldTransferId ? [w.feeHoldTransferId] : [])];
        const resolutions = await database.db
          .select()
          .from(ledgerTransfers)
          .where(inArray(ledgerTransfers.pendingId, holdIds));
        if (w.state === 'IN_PROGRESS' || resolutions.length !== holdIds.length) lost += 1;
        const kind = w.state === 'COMPLETED' ? 'post_pending' : 'void_pending';
        expect(
          resolutions.every((r) => r.kind === kind),
          `${w.id} ${w.state}`,
        ).toBe(true);
        if (w.state === 'COMPLETED') expect(out).toHaveLength(1);
        if (out.length === 1 && out[0]!.status === 'COMPLETED') expect(w.state).toBe('COMPLETED');
      }
      expect(doubles).toBe(0);
      expect(lost).toBe(0);
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      expect(await checkWithdrawalInvariants(database.db)).toEqual([]);
      const completed = rows.filter((r) => r.state === 'COMPLETED');
      const spent = completed.reduce((sum, r) => sum + r.amount + r.fee, 0n);
      expect(finalAsset).toMatchObject({ onHold: '0' });
      expect(BigInt(Math.round(Number(finalAsset.totalAvailable) * 1e8))).toBe(100_000_000n - spent);
      const refused = rows.filter((r) => r.failureReason?.includes('failNextBroadcasts')).length;
      // A send cut by a crash is resumed, not failed: every failure is one the sandbox refused on purpose.
      const neverSent = rows.filter(
        (r) => r.state === 'FAILED' && !r.failureReason?.includes('failNextBroadcasts'),
      ).length;
      expect(neverSent).toBe(0);
      const recorded = rows.filter((r) => r.txHash !== null).length;
      console.log(
        `[figures] kill -9 (${store.url ? 'postgres' : 'pglite'}): ${rounds.length} kills (${rounds.map((r) => r.kill).join(', ')}), ${rows.length} withdrawals ` +
          `(${completed.length} completed, ${rows.length - completed.length} failed: ${refused} refused by the sandbox, ${neverSent} failed by the crash alone), ` +
          `${inFlightAtKill} requests unanswered at the kill and retried, ${lost} lost, ${doubles} double broadcasts, ${recorded} broadcasts on chain, ledger invariants OK`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
