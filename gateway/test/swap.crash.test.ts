import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { inArray, like, or } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { ledgerTransfers, swapOrders, walletTransactions } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import { Client, crashDatabase, startGateway, type Gateway } from './withdraw-process.js';
import { waitFor } from './withdraw-support.js';

/**
 * Issue 9 "kill -9 between the two legs": the gateway runs as a child process with
 * SANDBOX_SWAP_CRASH_POINT=between-legs, so it SIGKILLs itself after a swap's source is held and the
 * provider has answered, before the settlement writes the legs: once on a confirm (synchronous
 * provider) and once in the settlement worker (asynchronous provider). Each time it restarts on the
 * same database. Since issue 23 a confirm holds the source and commits before it asks the provider
 * (no row locked while the provider answers), so a killed confirm leaves its order held, never half
 * a swap, and the retried confirm or the settlement job settles it once.
 */
const store = crashDatabase('swap-crash');
const { scratch } = store;
let gateway: Gateway | undefined;

afterAll(async () => {
  await gateway?.kill9();
  await store.drop();
});

const minor = (v: string, decimals: number) => {
  const [w, f = ''] = v.split('.');
  return BigInt(w! + f.padEnd(decimals, '0'));
};

describe('kill -9 between the two legs of a swap', () => {
  it('after restart no half swap: both legs or none, exact balances, consistent order, retried confirm agrees', async () => {
    const env = {
      ...(await store.prepare()),
      DATA_DIR: scratch,
      STATIC_DIR: path.join(scratch, 'no-dist'),
      SANDBOX_BLOCK_MS: '100',
      SANDBOX_CONFIRMATIONS: '2',
      SWAP_SETTLEMENT_POLL_MS: '100',
    };
    // Round 1: a held confirm's settlement job waits the default lease (30 s), so what the kill left
    // can be looked at before anything settles it; the app's retried confirm settles it first.
    const crashing = { ...env, SANDBOX_SWAP_CRASH_POINT: 'between-legs' };
    // Round 2: the killed worker's claim runs out soon after the restart.
    const crashingWorker = { ...crashing, SWAP_SETTLEMENT_LEASE_MS: '1500' };
    const telegramId = 910_000_000 + randomInt(1_000_000);
    const restart = async (withEnv: Record<string, string>) => {
      gateway = await startGateway(withEnv);
      const c = new Client(gateway.url);
      await c.signIn(telegramId);
      return c;
    };
    const assetOf = async (c: Client, currency: string) => {
      const list = (await c.request('GET', `/b2c-wallet/${c.account}/asset`)).body as {
        currency: string;
        totalAvailable: string;
        onHold: string;
      }[];
      const a = list.find((x) => x.currency === currency);
      return { available: a?.totalAvailable ?? '0', onHold: a?.onHold ?? '0' };
    };
    const exchangeRows = async (c: Client) =>
      (
        (await c.request('POST', `/b2c-wallet/${c.account}/asset/transactions`, {})).body.content as {
          transactionType: string;
          state: string;
        }[]
      ).filter((r) => r.transactionType === 'EXCHANGE');
    const newOrder = async (c: Client, sourceAmount: string) => {
      const res = await c.request('POST', `/b2c-wallet/${c.account}/exchange`, {
        sourceCurrency: 'BTC',
        destinationCurrency: 'USDT_TRX',
        sourceAmount,
        idempotencyKey: `crash-${randomBytes(8).toString('hex')}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: string; sourceAmount: string; destinationAmount: string };
    };
    const confirm = (c: Client, id: string) => c.request('POST', `/b2c-wallet/${c.account}/exchange/confirm/${id}`);

    // --- Round 1: synchronous provider, the confirm itself dies between the legs.
    let client = await restart(crashing);
    const btc = (await client.request('POST', `/b2c-wallet/${client.account}/account/currency`, { currency: 'BTC' }))
      .body;
    expect(
      (
        await client.request('POST', '/dev/chain/deposit', {
          currency: 'BTC',
          address: btc.depositAddress,
          amount: '0.1',
        })
      ).status,
    ).toBe(200);
    await waitFor('funding', async () => (await assetOf(client, 'BTC')).available === '0.1', 30_000);
    const syncOrders = [
      await newOrder(client, '0.002'),
      await newOrder(client, '0.003'),
      await newOrder(client, '0.004'),
    ];
    const inFlight = await Promise.all(syncOrders.map((o) => confirm(client, o.id).catch(() => undefined)));
    await gateway!.exited;
    const unansweredSync = inFlight.filter((a) => a === undefined).length;
    expect(unansweredSync).toBeGreaterThan(0); // at least the confirm that reached the legs never answered
    expect(inFlight.filter((a) => a && a.status >= 500)).toEqual([]);

    // --- Restarted without the crash switch: what the kill left, then the app's retries.
    client = await restart(env);
    // No legs for an unanswered confirm: its source is held (committed before the provider was
    // asked), nothing was credited, and its history rows say IN_PROGRESS.
    const completedBefore = inFlight.filter((a) => a?.body?.state === 'COMPLETED').length;
    expect(completedBefore).toBe(0);
    const afterKill = await assetOf(client, 'BTC');
    expect(minor(afterKill.available, 8) + minor(afterKill.onHold, 8)).toBe(minor('0.1', 8));
    expect(minor(afterKill.onHold, 8)).toBeGreaterThan(0n);
    expect((await assetOf(client, 'USDT_TRX')).available).toBe('0');
    const heldRows = await exchangeRows(client);
    expect(heldRows.length).toBeGreaterThan(0);
    expect(heldRows.every((r) => r.state === 'IN_PROGRESS')).toBe(true);
    // The app retries the confirm of the same order: one swap each, at the order's own amounts.
    for (const o of syncOrders) {
      const retried = await confirm(client, o.id);
      expect(retried.status, JSON.stringify(retried.body)).toBe(200);
      expect(retried.body).toMatchObject({
        id: o.id,
        state: 'COMPLETED',
        sourceAmount: o.sourceAmount,
        destinationAmount: o.destinationAmount,
      });
      expect((await confirm(client, o.id)).body).toEqual(retried.body);
    }
    expect(await assetOf(client, 'BTC')).toEqual({ available: '0.091', onHold: '0' });
    await gateway!.stop();

    // --- Round 2: asynchronous provider; the settlement worker dies between posting the hold and crediting.
    client = await restart(crashingWorker);
    const asyncOrders = [
      await newOrder(client, '0.005'),
      await newOrder(client, '0.006'),
      await newOrder(client, '0.007'),
    ];
    // Long enough to look at the holds before the worker's first settlement kills the process.
    expect((await client.request('POST', '/dev/swap/behaviour', { settleAfterMs: 3000 })).status).toBe(200);
    const held = await Promise.all(asyncOrders.map((o) => confirm(client, o.id)));
    expect(held.map((h) => h.body.state)).toEqual(['IN_PROGRESS', 'IN_PROGRESS', 'IN_PROGRESS']);
    expect(await assetOf(client, 'BTC')).toEqual({ available: '0.073', onHold: '0.018' });
    await gateway!.exited; // the worker reached the first due order and killed the process mid-settlement

    client = await restart(env);
    const syncOut = syncOrders.reduce((s, o) => s + minor(o.destinationAmount, 6), 0n);
    const settledAfter = await waitFor(
      'async orders settled after restart',
      async () => {
        const answers = await Promise.all(asyncOrders.map((o) => confirm(client, o.id)));
        return answers.every((a) => a.body.state === 'COMPLETED') && answers;
      },
      30_000,
    );
    for (const [i, a] of settledAfter.entries()) {
      expect(a.body).toMatchObject({
        id: asyncOrders[i]!.id,
        sourceAmount: asyncOrders[i]!.sourceAmount,
        destinationAmount: asyncOrders[i]!.destinationAmount,
      });
    }
    expect(await assetOf(client, 'BTC')).toEqual({ available: '0.073', onHold: '0' });
    const asyncOut = asyncOrders.reduce((s, o) => s + minor(o.destinationAmount, 6), 0n);
    expect(minor((await assetOf(client, 'USDT_TRX')).available, 6)).toBe(syncOut + asyncOut);
    expect((await exchangeRows(client)).map((r) => r.state)).toEqual(Array(12).fill('COMPLETED'));
    await gateway!.stop();
    gateway = undefined;

    // Inspect the books with the gateway down (PGlite allows one process at a time).
    const database = await openDatabase({ databaseUrl: store.url, dataDir: scratch });
    try {
      const ids = [...syncOrders, ...asyncOrders].map((o) => o.id);
      const rows = await database.db.select().from(swapOrders).where(inArray(swapOrders.id, ids));
      expect(rows.map((r) => r.state)).toEqual(Array(6).fill('COMPLETED'));
      const legs = await database.db
        .select()
        .from(ledgerTransfers)
        .where(
          or(
            like(ledgerTransfers.reference, 'swap %'),
            inArray(
              ledgerTransfers.pendingId,
              rows.map((r) => r.holdTransferId ?? -1),
            ),
          ),
        );
      // Per order, sync or async: hold + its post + in. Nothing twice, nothing half.
      expect(legs.filter((l) => l.kind === 'single')).toHaveLength(6);
      expect(legs.filter((l) => l.kind === 'pending')).toHaveLength(6);
      expect(legs.filter((l) => l.kind === 'post_pending')).toHaveLength(6);
      expect(legs.filter((l) => l.kind === 'void_pending')).toHaveLength(0);
      const history = await database.db
        .select()
        .from(walletTransactions)
        .where(inArray(walletTransactions.swapOrderId, ids));
      expect(history).toHaveLength(12);
      expect(await checkLedgerInvariants(database.db)).toEqual([]);
      expect(await checkSwapInvariants(database.db)).toEqual([]);
      console.log(
        `[figures] swap kill -9 between legs (${store.url ? 'postgres' : 'pglite'}): 2 kills (a confirm mid-settlement, the settlement worker mid-settlement); ` +
          `round 1: ${syncOrders.length} confirms in flight, ${unansweredSync} unanswered, ${heldRows.length / 2} left held (no legs), ${syncOrders.length} retried → COMPLETED once; ` +
          `round 2: ${asyncOrders.length} held IN_PROGRESS, settled after restart → ${asyncOrders.length} COMPLETED, ${legs.length} ledger rows ` +
          `(${legs.filter((l) => l.kind === 'single').length} single, 6 holds, 6 posts, 0 voids), 0 half swaps, BTC 0.1 → 0.073 exact, ledger and swap invariants OK`,
      );
    } finally {
      await database.close();
    }
  }, 240_000);
});
