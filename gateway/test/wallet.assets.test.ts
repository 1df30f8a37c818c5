import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidAddress } from '../src/chain/addresses.js';
import { createTestApp, type TestApp } from './support/app.js';
import { addAsset, assets, call, fund, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
});
afterAll(async () => t?.close());

describe('assets', () => {
  it('starts empty, adds an asset with a zero balance and a real deposit address', async () => {
    expect(await assets(t, alice)).toEqual([]);
    const btc = await addAsset(t, alice, 'BTC');
    expect(btc).toEqual({
      currency: 'BTC',
      isCrypto: true,
      isToken: false,
      totalAvailable: '0',
      onHold: '0',
      depositAddress: expect.stringMatching(/^bc1q/),
    });
    expect(isValidAddress('bitcoin', btc.depositAddress!)).toBe(true);
    expect(await assets(t, alice)).toEqual([btc]);
  });

  it('adding twice is idempotent: same address, one row', async () => {
    const again = await addAsset(t, alice, 'BTC');
    const list = await assets(t, alice);
    expect(list.filter((a) => a.currency === 'BTC')).toEqual([again]);
  });

  it('gives each network its own address format, and tokens share their network address', async () => {
    const res = await call(
      t,
      'POST',
      `/b2c-wallet/${alice.account}/account/currency/list`,
      { currencies: ['ETH', 'USDT_ETH', 'TRX', 'USDT_TRX', 'TON', 'LTC', 'DOGE', 'BTC_LNG'] },
      alice.token,
    );
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(8);
    const by = Object.fromEntries((await assets(t, alice)).map((a) => [a.currency, a]));
    expect(by.ETH!.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(by.USDT_ETH!.depositAddress).toBe(by.ETH!.depositAddress);
    expect(by.USDT_ETH!.isToken).toBe(true);
    expect(by.TRX!.depositAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(by.USDT_TRX!.depositAddress).toBe(by.TRX!.depositAddress);
    expect(by.TON!.depositAddress).toMatch(/^UQ/);
    expect(by.LTC!.depositAddress).toMatch(/^ltc1/);
    expect(by.DOGE!.depositAddress).toMatch(/^D/);
    expect(by.BTC_LNG!.depositAddress).toBeNull();
    for (const [currency, network] of [
      ['ETH', 'ethereum'],
      ['TRX', 'tron'],
      ['TON', 'ton'],
      ['LTC', 'litecoin'],
      ['DOGE', 'dogecoin'],
    ] as const) {
      expect(isValidAddress(network, by[currency]!.depositAddress!), currency).toBe(true);
    }
  });

  it('gives another account different addresses', async () => {
    const bob = await walletUser(t, 'bob');
    const bobBtc = await addAsset(t, bob, 'BTC');
    const aliceBtc = (await assets(t, alice)).find((a) => a.currency === 'BTC')!;
    expect(bobBtc.depositAddress).not.toBe(aliceBtc.depositAddress);
  });

  it('archives (hidden) and re-adds with the same balance and address', async () => {
    await fund(t, alice, 'LTC', 12_345_678n);
    const before = (await assets(t, alice)).find((a) => a.currency === 'LTC')!;
    expect(before.totalAvailable).toBe('0.12345678');
    expect(
      (await call(t, 'DELETE', `/b2c-wallet/${alice.account}/account/currency/LTC`, undefined, alice.token)).status,
    ).toBe(200);
    expect((await assets(t, alice)).map((a) => a.currency)).not.toContain('LTC');
    // Archiving twice is harmless.
    expect(
      (await call(t, 'DELETE', `/b2c-wallet/${alice.account}/account/currency/LTC`, undefined, alice.token)).status,
    ).toBe(200);
    const restored = await addAsset(t, alice, 'LTC');
    expect(restored).toEqual(before);
  });

  it('archiving an asset never added is 404', async () => {
    const bob = await walletUser(t, 'bob');
    const res = await call(t, 'DELETE', `/b2c-wallet/${bob.account}/account/currency/DOGE`, undefined, bob.token);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('ASSET_NOT_FOUND');
  });

  it('refuses unknown currencies, and a list with one bad entry adds nothing', async () => {
    const carol = await walletUser(t, 'carol');
    for (const currency of ['XYZ', 'USD', 'btc', '']) {
      const res = await call(t, 'POST', `/b2c-wallet/${carol.account}/account/currency`, { currency }, carol.token);
      expect(res.status, currency).toBe(400);
    }
    const res = await call(
      t,
      'POST',
      `/b2c-wallet/${carol.account}/account/currency/list`,
      { currencies: ['BTC', 'NOPE'] },
      carol.token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'UNKNOWN_CURRENCY', field: 'currency' });
    expect(await assets(t, carol)).toEqual([]);
  });

  it("reports balances as exact decimal strings in each asset's own decimals", async () => {
    const dave = await walletUser(t, 'dave');
    await fund(t, dave, 'ETH', 1_000_000_000_000_000_001n);
    await fund(t, dave, 'USDT_TRX', 1n);
    await fund(t, dave, 'TON', 123_456_789_012n);
    await fund(t, dave, 'BTC', 2_100_000_000_000_000n);
    const by = Object.fromEntries((await assets(t, dave)).map((a) => [a.currency, a.totalAvailable]));
    expect(by).toEqual({ ETH: '1.000000000000000001', USDT_TRX: '0.000001', TON: '123.456789012', BTC: '21000000' });
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', `/b2c-wallet/${alice.account}/asset`)).status).toBe(401);
    expect((await call(t, 'GET', `/b2c-wallet/${alice.account}/asset`, undefined, 'garbage')).status).toBe(401);
  });
});
