import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { noAcquirer } from '../src/buy/acquirer.js';
import { checkLedgerInvariants } from '../src/ledger/invariants.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addressOf, buyCall, quote } from './buy-support.js';
import { walletUser } from './wallet-support.js';

// What production answers until a real card acquirer is configured.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ acquirer: noAcquirer });
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedgerInvariants(t.db)).toEqual([]);
});

it('offers no region, fiat or quote without an acquirer, mounts no payment page and takes no callback', async () => {
  const btc = await addressOf(t, await walletUser(t), 'BTC');
  expect((await buyCall(t, 'GET', `/b2c/fiat/geo?depositAddress=${encodeURIComponent(btc)}`)).body).toEqual([]);
  expect((await buyCall(t, 'GET', `/b2c/fiat/availability?depositAddress=${encodeURIComponent(btc)}`)).body).toEqual(
    [],
  );
  expect((await buyCall(t, 'GET', '/fiat/metadata')).body).toEqual([]);
  const q = await quote(t, { externalId: btc, currency: 'BTC', fiatAmount: '5000' });
  expect([q.status, q.body.code]).toEqual([400, 'BUY_UNAVAILABLE']);
  const callback = await buyCall(t, 'POST', '/b2c/fiat/callback', { orderId: 'x', status: 'PAID' });
  expect([callback.status, callback.body.code]).toEqual([401, 'BAD_CALLBACK']);
  expect((await t.app.inject({ method: 'GET', url: '/dev/acquirer/pay/pay_x' })).statusCode).toBe(404);
});
