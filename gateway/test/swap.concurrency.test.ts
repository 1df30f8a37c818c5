import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfers, swapOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirm, order } from './swap-support.js';
import { fund, walletUser } from './wallet-support.js';
import { balanceOf } from './withdraw-support.js';

// No injected clock here: expiry is the database's now(), as in production.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
  expect(await checkSwapInvariants(t.db)).toEqual([]);
});

describe('swap confirms under concurrency', () => {
  it('orders expire SWAP_ORDER_TTL_SECONDS after creation by the database clock', async () => {
    const u = await walletUser(t, 'ttl');
    const created = (
      await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    const [row] = await t.db.select().from(swapOrders).where(eq(swapOrders.id, created.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(300_000);
  });

  it('10 concurrent confirms of one order make one swap and the same answer', async () => {
    const u = await walletUser(t, 'tenfold');
    await fund(t, u, 'BTC', 1_000_000n);
    const created = (
      await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    const results = await Promise.all(Array.from({ length: 10 }, () => confirm(t, u, created.id)));
    const statuses = results.map((r) => r.status);
    expect(statuses).toEqual(Array(10).fill(200));
    for (const r of results) expect(r.body).toEqual({ ...created, state: 'COMPLETED' });
    const [legs] = await t.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `swap-%:${created.id}`));
    expect(legs!.n).toBe(2);
    expect((await balanceOf(t, u, 'BTC')).available).toBe('0.009');
    expect((await balanceOf(t, u, 'USDT_TRX')).available).toBe(created.destinationAmount);
    console.log(
      `[figures] swap: 10 concurrent confirms of one order → ${statuses.filter((s) => s === 200).length}×200, ${legs!.n} ledger legs (one swap)`,
    );
  });

  it('50 orders confirmed concurrently against one balance: exactly the affordable number, the rest a clean 400', async () => {
    const u = await walletUser(t, 'crowd');
    await fund(t, u, 'BTC', 1_000_000n); // 0.01 BTC covers 33 orders of 0.0003 (0.0099), leaving 0.0001
    const orders = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.0003' });
      expect(res.status).toBe(200);
      orders.push(res.body);
    }
    const started = performance.now();
    const results = await Promise.all(orders.map((o) => confirm(t, u, o.id)));
    const elapsed = performance.now() - started;
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(33);
    for (const r of ok) expect(r.body.state).toBe('COMPLETED');
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('NOT_ENOUGH_FUNDS');
    }
    expect((await balanceOf(t, u, 'BTC')).available).toBe('0.0001');
    const received = ok.reduce(
      (sum, r) =>
        sum +
        BigInt(r.body.destinationAmount.replace('.', '').padEnd(1, '0')) *
          10n ** BigInt(6 - (r.body.destinationAmount.split('.')[1] ?? '').length),
      0n,
    );
    const usdt = (await balanceOf(t, u, 'USDT_TRX')).available;
    const [w, f = ''] = usdt.split('.');
    expect(BigInt(w! + f.padEnd(6, '0'))).toBe(received);
    const [open] = await t.db
      .select({ n: count() })
      .from(swapOrders)
      .where(and(eq(swapOrders.accountId, u.account), eq(swapOrders.state, 'NEW')));
    expect(open!.n).toBe(17);
    console.log(
      `[figures] swap: 50 concurrent confirms against 0.01 BTC (0.0003 each) → ${ok.length} COMPLETED, ${refused.length}×400 NOT_ENOUGH_FUNDS, 0×5xx; BTC left 0.0001; ${Math.round(elapsed)} ms`,
    );
  });
});
