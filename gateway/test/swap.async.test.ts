import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, swapOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import { createSandboxLiquidity } from '../src/swap/sandbox/provider.js';
import { createSwapSettlementWorker } from '../src/swap/settlement.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirm, order } from './swap-support.js';
import { call, fund, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, historyOf, waitFor } from './withdraw-support.js';

/**
 * Spec §7 Swap "holds first if the provider settles asynchronously": with the sandbox's
 * settleAfterMs the confirm only holds the source; the settlement worker finishes the swap later.
 */
const rates = createSandboxRateProvider({
  now: () => Date.parse('2026-01-01T00:00:00Z'),
  parentOf: (c) => findCoin(c)?.parent,
});
// Due times are seconds away so the held state can be looked at on a loaded machine; polls are quick.
const FAST = { SWAP_SETTLEMENT_POLL_MS: '50' };
let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp({ rates, env: FAST });
  alice = await walletUser(t, 'alice');
  await fund(t, alice, 'BTC', 10_000_000n); // 0.1 BTC
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
  expect(await checkSwapInvariants(t.db)).toEqual([]);
  await call(t, 'POST', '/dev/swap/behaviour', { failNextSwaps: 0, settleAfterMs: 0 });
});

const exchangeRows = async (u: WalletUser) => (await historyOf(t, u)).filter((r) => r.transactionType === 'EXCHANGE');
const orderRow = async (db: TestApp['db'], id: string) =>
  (await db.select().from(swapOrders).where(eq(swapOrders.id, id)))[0]!;

describe('asynchronous settlement (settleAfterMs)', () => {
  it('confirm holds the source and shows swapping; later the hold is posted and the destination credited, once', async () => {
    const u = await walletUser(t, 'later');
    await fund(t, u, 'BTC', 1_000_000n); // 0.01 BTC
    expect((await call(t, 'POST', '/dev/swap/behaviour', { settleAfterMs: 3000 })).body).toMatchObject({
      settleAfterMs: 3000,
    });
    const created = (
      await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.004' })
    ).body;
    const res = await confirm(t, u, created.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ...created, state: 'IN_PROGRESS' });
    // Held, not yet moved: 0.004 leaves available at once and shows on hold; nothing arrived yet.
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.006', onHold: '0.004' });
    expect((await balanceOf(t, u, 'USDT_TRX')).available).toBe('0');
    expect((await exchangeRows(u)).map((r) => `${r.currency} ${r.state}`).sort()).toEqual([
      'BTC IN_PROGRESS',
      'USDT_TRX IN_PROGRESS',
    ]);
    expect(await checkSwapInvariants(t.db)).toEqual([]);
    // A repeated confirm while swapping answers the same order, and places no second hold.
    expect((await confirm(t, u, created.id)).body).toEqual(res.body);

    const done = await waitFor(
      'settled',
      async () => {
        const again = await confirm(t, u, created.id);
        return again.body.state !== 'IN_PROGRESS' && again.body;
      },
      15_000,
    );
    expect(done).toEqual({ ...created, state: 'COMPLETED' });
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.006', onHold: '0' });
    expect((await balanceOf(t, u, 'USDT_TRX')).available).toBe(created.destinationAmount);
    expect((await exchangeRows(u)).map((r) => `${r.currency} ${r.state}`).sort()).toEqual([
      'BTC COMPLETED',
      'USDT_TRX COMPLETED',
    ]);
    const row = await orderRow(t.db, created.id);
    const resolutions = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.pendingId, row.holdTransferId!));
    expect(resolutions.map((r) => r.kind)).toEqual(['post_pending']);
    expect(row.sourceTransferId).toBe(resolutions[0]!.id);
  });

  it('a late refusal voids the hold: FAILED order and history, balances as before', async () => {
    const u = await walletUser(t, 'refused');
    await fund(t, u, 'BTC', 1_000_000n);
    await call(t, 'POST', '/dev/swap/behaviour', { settleAfterMs: 2000, failNextSwaps: 1 });
    const created = (await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'ETH', sourceAmount: '0.002' }))
      .body;
    expect((await confirm(t, u, created.id)).body.state).toBe('IN_PROGRESS');
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.008', onHold: '0.002' });
    await waitFor('refused', async () => (await confirm(t, u, created.id)).body.state === 'FAILED', 15_000);
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.01', onHold: '0' });
    expect((await balanceOf(t, u, 'ETH')).available).toBe('0');
    expect((await exchangeRows(u)).map((r) => r.state)).toEqual(['FAILED', 'FAILED']);
    const row = await orderRow(t.db, created.id);
    expect(row.failureReason).toContain('failNextSwaps');
    const resolutions = await t.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.pendingId, row.holdTransferId!));
    expect(resolutions.map((r) => r.kind)).toEqual(['void_pending']);
  });

  it('not enough funds for the hold is a clean 400 and the order stays NEW', async () => {
    const u = await walletUser(t, 'poor');
    await fund(t, u, 'BTC', 50_000n);
    await call(t, 'POST', '/dev/swap/behaviour', { settleAfterMs: 300 });
    const created = (
      await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    const res = await confirm(t, u, created.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('NOT_ENOUGH_FUNDS');
    expect((await orderRow(t.db, created.id)).state).toBe('NEW');
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.0005', onHold: '0' });
  });

  it('five workers racing over the same due orders settle each exactly once', async () => {
    const u = await walletUser(t, 'race');
    await fund(t, u, 'BTC', 10_000_000n);
    // The app's own worker polls every 50 ms too: it is a sixth racer.
    await call(t, 'POST', '/dev/swap/behaviour', { settleAfterMs: 400, failNextSwaps: 2 });
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = (
        await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: `0.00${i + 1}` })
      ).body;
      expect((await confirm(t, u, created.id)).body.state).toBe('IN_PROGRESS');
      ids.push(created.id);
    }
    const provider = createSandboxLiquidity(rates);
    const workers = Array.from({ length: 5 }, () =>
      createSwapSettlementWorker({
        db: t.db,
        config: t.config,
        provider,
        settings: { ...t.config.jobs.swapSettlement, pollMs: 10 },
      }),
    );
    await waitFor(
      'all settled',
      async () => {
        await Promise.all(workers.map((w) => w.tick()));
        const rows = await t.db.select().from(swapOrders).where(inArray(swapOrders.id, ids));
        return rows.every((r) => r.state !== 'IN_PROGRESS');
      },
      15_000,
    );
    const rows = await t.db.select().from(swapOrders).where(inArray(swapOrders.id, ids));
    const holds = rows.map((r) => r.holdTransferId!);
    const resolutions = await t.db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.pendingId, holds));
    expect(resolutions).toHaveLength(6);
    expect(rows.filter((r) => r.state === 'FAILED')).toHaveLength(2);
    // 1+2+…+6 thousandths ordered, the two refused ones (the first two confirmed) given back.
    expect(await balanceOf(t, u, 'BTC')).toEqual({ available: '0.082', onHold: '0' });
  });

  it('survives a restart: an order left IN_PROGRESS by a closed gateway is finished by the next one', async () => {
    const first = await createTestApp({ rates, env: FAST });
    const u = await walletUser(first, 'restart');
    await fund(first, u, 'BTC', 1_000_000n);
    await call(first, 'POST', '/dev/swap/behaviour', { settleAfterMs: 3000 });
    const created = (
      await order(first, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.003' })
    ).body;
    expect((await confirm(first, u, created.id)).body.state).toBe('IN_PROGRESS');
    await first.app.close(); // stops its worker before the provider's answer is due; the database stays
    expect((await orderRow(first.db, created.id)).state).toBe('IN_PROGRESS');

    // A new gateway forgets the in-memory switches (settleAfterMs is back to 0), yet the order's
    // provider reference still says when and how it settles.
    const second = await createTestApp({ rates, env: FAST, database: first.database });
    try {
      await waitFor(
        'finished after restart',
        async () => (await orderRow(second.db, created.id)).state === 'COMPLETED',
        15_000,
      );
      expect(await balanceOf(second, u, 'BTC')).toEqual({ available: '0.007', onHold: '0' });
      expect((await balanceOf(second, u, 'USDT_TRX')).available).toBe(created.destinationAmount);
      expect(await checkSwapInvariants(second.db)).toEqual([]);
    } finally {
      await second.close();
    }
  });
});
