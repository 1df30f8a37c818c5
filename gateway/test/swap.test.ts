import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { walletTransactions } from '../src/db/schema/index.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { pin } from './passcode-support.js';
import { confirm, newKey, order, swapCall } from './swap-support.js';
import { call, fund, walletUser, type WalletUser } from './wallet-support.js';
import { balanceOf, historyOf } from './withdraw-support.js';

let t: TestApp;
let alice: WalletUser;
let bob: WalletUser;
// The clock swap orders expire by: tests move it, the server never reads the client's.
let clockMs = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  // Prices frozen at one instant, so quotes made a few ms apart compare exactly.
  const rates = createSandboxRateProvider({
    now: () => Date.parse('2026-01-01T00:00:00Z'),
    parentOf: (c) => findCoin(c)?.parent,
  });
  t = await createTestApp({ swapClock: () => new Date(clockMs), rates });
  alice = await walletUser(t, 'alice');
  bob = await walletUser(t, 'bob');
  await fund(t, alice, 'BTC', 10_000_000n); // 0.1 BTC
  await fund(t, bob, 'BTC', 10_000_000n);
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
  expect(await checkSwapInvariants(t.db)).toEqual([]);
  await call(t, 'POST', '/dev/swap/behaviour', { failNextSwaps: 0 });
});

const preCalc = (u: WalletUser, body: object) => swapCall(t, u, 'POST', '/exchange/pre-calculate', body);
/** Exact decimal → minor units, for comparing amounts without floats. */
const minor = (v: string, decimals: number) => {
  const [w, f = ''] = v.split('.');
  return BigInt(w! + f.padEnd(decimals, '0'));
};

describe('pairs and limits', () => {
  it('lists directed pairs among active coins, some one-way', async () => {
    const res = await swapCall(t, alice, 'GET', '/currency-pair');
    expect(res.status).toBe(200);
    const pairs = new Set(
      (res.body as { sourceCurrency: string; destinationCurrency: string }[]).map(
        (p) => `${p.sourceCurrency}>${p.destinationCurrency}`,
      ),
    );
    expect(pairs.has('BTC>USDT_TRX')).toBe(true);
    expect(pairs.has('USDT_TRX>BTC')).toBe(true);
    expect(pairs.has('DOGE>BTC')).toBe(true);
    expect(pairs.has('BTC>DOGE')).toBe(false);
    expect(pairs.has('USDT_TRX>DOGE')).toBe(true);
    expect([...pairs].some((p) => p.split('>')[0] === p.split('>')[1])).toBe(false);
  });

  it('gives limits in the source currency and refuses unsupported pairs', async () => {
    expect((await swapCall(t, alice, 'GET', '/limit/BTC/USDT_TRX')).body).toEqual({
      minLimit: '0.0001',
      maxLimit: '2',
      currency: 'BTC',
    });
    expect((await swapCall(t, alice, 'GET', '/limit/USDT_TRX/BTC')).body).toEqual({
      minLimit: '10',
      maxLimit: '100000',
      currency: 'USDT_TRX',
    });
    const oneWay = await swapCall(t, alice, 'GET', '/limit/BTC/DOGE');
    expect(oneWay.status).toBe(400);
    expect(oneWay.body.code).toBe('UNSUPPORTED_PAIR');
    expect((await swapCall(t, alice, 'GET', '/limit/NOPE/BTC')).body.code).toBe('UNKNOWN_CURRENCY');
  });

  it("another user's account is 404", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/b2c-wallet/${bob.account}/currency-pair`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('pre-calculate', () => {
  it('is consistent both ways, destination rounded down, spread visible', async () => {
    const fromSource = await preCalc(alice, {
      sourceCurrency: 'BTC',
      destinationCurrency: 'USDT_TRX',
      sourceAmount: '0.01234567',
    });
    expect(fromSource.status, JSON.stringify(fromSource.body)).toBe(200);
    const { sourceAmount, destinationAmount, rate, minLimit, maxLimit } = fromSource.body;
    expect({ sourceAmount, minLimit, maxLimit }).toEqual({
      sourceAmount: '0.01234567',
      minLimit: '0.0001',
      maxLimit: '2',
    });
    // Rounded down to USDT_TRX's 6 decimals: floor(source × rate).
    const rateScale = 10n ** BigInt((rate.split('.')[1] ?? '').length);
    const exact =
      (minor('0.01234567', 8) * minor(rate, (rate.split('.')[1] ?? '').length) * 10n ** 6n) / (10n ** 8n * rateScale);
    expect(minor(destinationAmount, 6)).toBe(exact);
    const back = await preCalc(alice, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', destinationAmount });
    expect(back.status).toBe(200);
    expect(back.body.destinationAmount).toBe(destinationAmount);
    expect(minor(back.body.sourceAmount, 8) <= minor(sourceAmount, 8)).toBe(true);
    // And the source it found quotes to the same destination again.
    expect(
      (
        await preCalc(alice, {
          sourceCurrency: 'BTC',
          destinationCurrency: 'USDT_TRX',
          sourceAmount: back.body.sourceAmount,
        })
      ).body.destinationAmount,
    ).toBe(destinationAmount);
    // The rate is the market's less the sandbox spread (1 % by default).
    const rates = await call(t, 'POST', '/b2c-wallet/rate', { from: ['BTC'], to: ['USDT_TRX'] });
    expect(rates.status).toBe(200);
    const market = rates.body.ratesMap.BTC.USDT_TRX as number;
    expect(Number(rate)).toBeLessThan(market);
    expect(Number(rate)).toBeGreaterThan(market * 0.985);
    // The mid-market rate comes with it, exact: the rate is it less exactly the spread (100 bps), so the
    // app can say the fee before the swap is confirmed (issue 22).
    const { midRate } = fromSource.body;
    expect(midRate).toMatch(/^\d+(\.\d+)?$/);
    expect(Math.abs(Number(midRate) - market) / market).toBeLessThan(1e-6);
    const scale = 12;
    expect(minor(rate, scale)).toBe((minor(midRate, scale) * 9_900n) / 10_000n);
  });

  it('from a destination amount the smallest source reaching it', async () => {
    const res = await preCalc(alice, {
      sourceCurrency: 'USDT_TRX',
      destinationCurrency: 'BTC',
      destinationAmount: '0.001',
    });
    expect(res.status).toBe(200);
    expect(res.body.destinationAmount).toBe('0.001');
    // One micro-USDT less would not reach it.
    const less = (minor(res.body.sourceAmount, 6) - 1n).toString().padStart(7, '0');
    const lessStr = `${less.slice(0, -6)}.${less.slice(-6)}`;
    const lower = await preCalc(alice, {
      sourceCurrency: 'USDT_TRX',
      destinationCurrency: 'BTC',
      sourceAmount: lessStr,
    });
    expect(minor(lower.body.destinationAmount, 8) < minor('0.001', 8)).toBe(true);
  });

  it('needs exactly one amount, and a supported pair', async () => {
    for (const body of [
      { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX' },
      { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '1', destinationAmount: '1' },
      { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0' },
    ]) {
      const res = await preCalc(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('INVALID_AMOUNT');
    }
    expect(
      (await preCalc(alice, { sourceCurrency: 'BTC', destinationCurrency: 'DOGE', sourceAmount: '0.01' })).body.code,
    ).toBe('UNSUPPORTED_PAIR');
  });
});

describe('orders', () => {
  it('fixes the quote with a server-side expiry and replays by idempotencyKey', async () => {
    const idempotencyKey = newKey();
    const body = { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001', idempotencyKey };
    const first = await order(t, alice, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      sourceCurrency: 'BTC',
      destinationCurrency: 'USDT_TRX',
      sourceAmount: '0.001',
      state: 'NEW',
    });
    expect(Date.parse(first.body.expiresAt) - clockMs).toBe(300_000);
    const again = await order(t, alice, body);
    expect(again.body).toEqual(first.body);
    const other = await order(t, alice, { ...body, sourceAmount: '0.002' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_CONFLICT');
  });

  it('enforces the limits', async () => {
    const low = await order(t, alice, {
      sourceCurrency: 'BTC',
      destinationCurrency: 'USDT_TRX',
      sourceAmount: '0.00001',
    });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ code: 'SWAP_MIN_LIMIT', message: 'Min amount limit is: 0.0001 BTC' });
    const high = await order(t, alice, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '3' });
    expect(high.body.code).toBe('SWAP_MAX_LIMIT');
  });
});

describe('confirm', () => {
  it("at 299 s moves exactly the order's amounts; history shows it for both assets; repeats answer the same", async () => {
    const before = await balanceOf(t, alice, 'BTC');
    const created = (
      await order(t, alice, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    clockMs += 299_000;
    const res = await confirm(t, alice, created.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ...created, state: 'COMPLETED' });
    expect(minor(before.available, 8) - minor((await balanceOf(t, alice, 'BTC')).available, 8)).toBe(100_000n);
    expect((await balanceOf(t, alice, 'USDT_TRX')).available).toBe(created.destinationAmount);
    const rows = (await historyOf(t, alice)).filter((r) => r.transactionType === 'EXCHANGE');
    expect(rows.map((r) => r.currency).sort()).toEqual(['BTC', 'USDT_TRX']);
    for (const r of rows) {
      expect(r).toMatchObject({
        state: 'COMPLETED',
        fromCurrency: 'BTC',
        toCurrency: 'USDT_TRX',
        fromAmount: '0.001',
        toAmount: created.destinationAmount,
      });
    }
    clockMs += 10_000;
    expect((await confirm(t, alice, created.id)).body).toEqual(res.body);
  });

  it('at 301 s is refused with SWAP_ORDER_EXPIRED and nothing moves', async () => {
    const before = await balanceOf(t, alice, 'BTC');
    const created = (
      await order(t, alice, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    clockMs += 301_000;
    const res = await confirm(t, alice, created.id);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SWAP_ORDER_EXPIRED');
    expect(await balanceOf(t, alice, 'BTC')).toEqual(before);
  });

  it("another user's order is 404, and so is a made-up id", async () => {
    const created = (
      await order(t, alice, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    const res = await confirm(t, bob, created.id);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('SWAP_ORDER_NOT_FOUND');
    expect((await confirm(t, bob, 'not-a-uuid')).status).toBe(404);
  });

  it('not enough funds is a clean 400 and the order stays open', async () => {
    const poor = await walletUser(t, 'poor');
    await fund(t, poor, 'BTC', 50_000n);
    const created = (
      await order(t, poor, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    const res = await confirm(t, poor, created.id);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'NOT_ENOUGH_FUNDS' });
    expect((await balanceOf(t, poor, 'BTC')).available).toBe('0.0005');
    await fund(t, poor, 'BTC', 100_000n);
    expect((await confirm(t, poor, created.id)).body.state).toBe('COMPLETED');
  });

  it('provider failure: order FAILED, FAILED history rows, nothing moves', async () => {
    const before = await balanceOf(t, bob, 'BTC');
    expect((await call(t, 'POST', '/dev/swap/behaviour', { failNextSwaps: 1 })).body).toMatchObject({
      failNextSwaps: 1,
    });
    const created = (await order(t, bob, { sourceCurrency: 'BTC', destinationCurrency: 'ETH', sourceAmount: '0.002' }))
      .body;
    const res = await confirm(t, bob, created.id);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('FAILED');
    expect(await balanceOf(t, bob, 'BTC')).toEqual(before);
    expect((await balanceOf(t, bob, 'ETH')).available).toBe('0');
    const rows = (await historyOf(t, bob)).filter((r) => r.transactionType === 'EXCHANGE');
    expect(rows.map((r) => r.state)).toEqual(['FAILED', 'FAILED']);
    // The switch was used up; a repeat of the failed order stays failed.
    expect((await confirm(t, bob, created.id)).body.state).toBe('FAILED');
  });

  it('asks for the passcode when one is active', async () => {
    const u = await walletUser(t, 'pin');
    await fund(t, u, 'BTC', 1_000_000n);
    expect((await pin(t, u, 'enable', undefined, { pinCode: '1357' })).status).toBe(200);
    const created = (
      await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
    ).body;
    expect((await confirm(t, u, created.id)).body.code).toBe('PINCODE_REQUIRED');
    expect((await confirm(t, u, created.id, '1357')).body.state).toBe('COMPLETED');
  });
});

describe('swap invariant', () => {
  it('matches history to orders by order id: two identical swaps with a row lost or crossed are caught', async () => {
    const u = await walletUser(t, 'twins');
    await fund(t, u, 'BTC', 1_000_000n);
    const twins: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const created = (
        await order(t, u, { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' })
      ).body;
      expect((await confirm(t, u, created.id)).body.state).toBe('COMPLETED');
      twins.push(created.id as string);
    }
    // Same user, same pair, same amounts: matching by amounts could not tell these rows apart.
    const rows = await t.db.select().from(walletTransactions).where(inArray(walletTransactions.swapOrderId, twins));
    expect(rows).toHaveLength(4);
    let found: { detail: string }[] = [];
    // Corrupt inside a transaction that is rolled back, so the books stay whole for the after-each check.
    await t.db
      .transaction(async (tx) => {
        await tx
          .update(walletTransactions)
          .set({ swapOrderId: null })
          .where(and(eq(walletTransactions.swapOrderId, twins[0]!), eq(walletTransactions.direction, 'DEPOSIT')));
        found = await checkSwapInvariants(tx);
        tx.rollback();
      })
      .catch(() => {});
    expect(found).toHaveLength(2);
    expect(found.map((v) => v.detail)).toEqual(
      expect.arrayContaining([
        `order ${twins[0]} COMPLETED: history rows missing, extra or in another state`,
        expect.stringMatching(/: an EXCHANGE history row without its swap order$/),
      ]),
    );
    // Cross the twins' destination rows: each order still has two rows at its own amounts (a match by
    // amounts would pass), but they point at the other order's leg.
    found = [];
    await t.db
      .transaction(async (tx) => {
        const deposit = (id: string) =>
          and(eq(walletTransactions.swapOrderId, id), eq(walletTransactions.direction, 'DEPOSIT'));
        const [first] = await tx
          .update(walletTransactions)
          .set({ swapOrderId: null })
          .where(deposit(twins[0]!))
          .returning();
        await tx.update(walletTransactions).set({ swapOrderId: twins[0]! }).where(deposit(twins[1]!));
        await tx.update(walletTransactions).set({ swapOrderId: twins[1]! }).where(eq(walletTransactions.id, first!.id));
        found = await checkSwapInvariants(tx);
        tx.rollback();
      })
      .catch(() => {});
    expect(found.map((v) => v.detail).sort()).toEqual(
      twins.map((id) => `order ${id} COMPLETED: history rows missing, extra or in another state`).sort(),
    );
  });
});
