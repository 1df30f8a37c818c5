import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { checkSwapInvariants } from '../src/swap/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { confirm, order } from './swap-support.js';
import { call, fund, walletUser, type WalletUser } from './wallet-support.js';

/** The sandbox switch the browser journey uses to see an order expire: /dev/swap/behaviour orderTtlSeconds. */
let t: TestApp;
let ann: WalletUser;
let clockMs = Date.parse('2026-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ swapClock: () => new Date(clockMs) });
  ann = await walletUser(t, 'ann');
  await fund(t, ann, 'BTC', 10_000_000n);
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
  expect(await checkSwapInvariants(t.db)).toEqual([]);
  await call(t, 'POST', '/dev/swap/behaviour', { orderTtlSeconds: null });
});

const btcToUsdt = { sourceCurrency: 'BTC', destinationCurrency: 'USDT_TRX', sourceAmount: '0.001' };
const lifetime = (o: { expiresAt: string }) => (Date.parse(o.expiresAt) - clockMs) / 1000;

describe('/dev/swap/behaviour orderTtlSeconds', () => {
  it('is null by default: orders live SWAP_ORDER_TTL_SECONDS (300 s)', async () => {
    expect((await call(t, 'GET', '/dev/swap/behaviour')).body).toMatchObject({ orderTtlSeconds: null });
    const res = await order(t, ann, btcToUsdt);
    expect(res.status).toBe(200);
    expect(lifetime(res.body)).toBe(300);
  });

  it('shortens orders created afterwards, which then expire on the server; null restores the configured lifetime', async () => {
    const before = await order(t, ann, btcToUsdt);
    const set = await call(t, 'POST', '/dev/swap/behaviour', { orderTtlSeconds: 5 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ orderTtlSeconds: 5, failNextSwaps: 0 });
    const short = await order(t, ann, btcToUsdt);
    expect(lifetime(short.body)).toBe(5);
    // The order made before the switch keeps its own expiry.
    expect(lifetime(before.body)).toBe(300);
    clockMs += 6_000;
    const late = await confirm(t, ann, short.body.id);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('SWAP_ORDER_EXPIRED');
    expect((await confirm(t, ann, before.body.id)).body.state).toBe('COMPLETED');
    const reset = await call(t, 'POST', '/dev/swap/behaviour', { orderTtlSeconds: null });
    expect(reset.body.orderTtlSeconds).toBeNull();
    expect(lifetime((await order(t, ann, btcToUsdt)).body)).toBe(300);
  });

  it('refuses a lifetime below 1 s or a non-integer, and keeps the provider switches apart', async () => {
    expect((await call(t, 'POST', '/dev/swap/behaviour', { orderTtlSeconds: 0 })).status).toBe(400);
    expect((await call(t, 'POST', '/dev/swap/behaviour', { orderTtlSeconds: 1.5 })).status).toBe(400);
    const both = await call(t, 'POST', '/dev/swap/behaviour', { orderTtlSeconds: 30, spreadBps: 100 });
    expect(both.body).toMatchObject({ orderTtlSeconds: 30, spreadBps: 100 });
    expect((await call(t, 'GET', '/dev/swap/behaviour')).body).toMatchObject({ orderTtlSeconds: 30, spreadBps: 100 });
  });
});
