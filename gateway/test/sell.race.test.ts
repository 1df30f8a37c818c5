import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sellOrders } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSellInvariants } from '../src/sell/invariants.js';
import { byCard, minor, sellRate, setPayouts, settledSell } from './sell-support.js';
import { createTestApp, type TestApp } from './support/app.js';
import { fund, walletUser } from './wallet-support.js';
import { balanceOf } from './withdraw-support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setPayouts(t, { delayMs: 50 });
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
  expect(await checkSellInvariants(t.db)).toEqual([]);
});

const completedSells = async (account: string) => {
  const [row] = await t.db
    .select({ n: count() })
    .from(sellOrders)
    .where(and(eq(sellOrders.accountId, account), eq(sellOrders.state, 'COMPLETED')));
  return BigInt(row!.n);
};

describe('sells under concurrency', () => {
  it('50 concurrent sells against one balance: exactly the affordable number, the rest a clean 400, never a 5xx', async () => {
    const u = await walletUser(t, 'crowd');
    await fund(t, u, 'USDT_TRX', 200_000_000n); // 200 USDT
    const r = await sellRate(t, u);
    const results = await (async () => {
      const started = performance.now();
      const out = await Promise.all(
        Array.from({ length: 50 }, () => byCard(t, u, { fixedRateId: r.rateId, fiatAmount: '1000' })),
      );
      return { out, ms: performance.now() - started };
    })();
    const ok = results.out.filter((x) => x.status === 200);
    const refused = results.out.filter((x) => x.status !== 200);
    expect(results.out.filter((x) => x.status >= 500)).toEqual([]);
    const each = minor(ok[0]!.body.amount, 6);
    const affordable = 200_000_000n / each;
    expect(BigInt(ok.length)).toBe(affordable);
    for (const x of refused) expect(x.body).toMatchObject({ code: 'NOT_ENOUGH_FUNDS', field: 'fiatAmount' });
    expect(refused).toHaveLength(50 - ok.length);
    // Payouts settle while we look (50 ms each), so the balance is read between two counts of
    // completed sells: held + available must be 200 USDT less a whole number of paid-out sells,
    // no fewer than had completed before the read and no more than after it.
    const completedBefore = await completedSells(u.account);
    const during = await balanceOf(t, u, 'USDT_TRX');
    const completedAfter = await completedSells(u.account);
    const gone = 200_000_000n - (minor(during.onHold, 6) + minor(during.available, 6));
    expect(gone % each).toBe(0n);
    expect(gone / each).toBeGreaterThanOrEqual(completedBefore);
    expect(gone / each).toBeLessThanOrEqual(completedAfter);
    for (const x of ok) expect((await settledSell(t, u, x.body.id)).state).toBe('COMPLETED');
    const after = await balanceOf(t, u, 'USDT_TRX');
    expect(after.onHold).toBe('0');
    expect(minor(after.available, 6)).toBe(200_000_000n - each * affordable);
    const [rows] = await t.db
      .select({ n: count() })
      .from(sellOrders)
      .where(and(eq(sellOrders.accountId, u.account)));
    expect(BigInt(rows!.n)).toBe(affordable);
    console.log(
      `[figures] sell race: 50 concurrent sells of 1000 RUB (${ok[0]!.body.amount} USDT each at ${r.rate}) against 200 USDT → ${ok.length}×200, ${refused.length}×400 NOT_ENOUGH_FUNDS, 0×5xx in ${Math.round(results.ms)} ms; all ${ok.length} COMPLETED`,
    );
  });
});
