import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinDecimals, coinMeta, coinNetwork, currencyCatalogue, explorerLink } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call, walletUser, type WalletUser } from './wallet-support.js';

let t: TestApp;
let alice: WalletUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await walletUser(t, 'alice');
});
afterAll(async () => t?.close());

const production = { production: true, sandbox: false };

describe('meta-info', () => {
  it('lists every catalogue currency with the spec §3 fields', async () => {
    const res = await call(t, 'GET', '/b2c-wallet/meta-info/currency', undefined, alice.token);
    expect(res.status).toBe(200);
    const codes = res.body.map((c: { currency: string }) => c.currency);
    expect(codes).toEqual(
      expect.arrayContaining(['BTC', 'ETH', 'USDT_TRX', 'USDT_ETH', 'TRX', 'TON', 'LTC', 'DOGE', 'BTC_LNG']),
    );
    const usdt = res.body.find((c: { currency: string }) => c.currency === 'USDT_TRX');
    expect(usdt).toEqual({
      currency: 'USDT_TRX',
      name: 'Tether USD (TRC-20)',
      logoName: 'usdt',
      secondaryLogoName: 'trx',
      parentName: 'USDT',
      round: 2,
      active: true,
      crypto: true,
      token: true,
      blockchain: 'Tron',
      baseCurrency: 'TRX',
      network: 'tron',
      urlScan: 'https://tronscan.org/#/transaction/{tx}',
      implementations: [{ currency: 'USDT_TRX' }],
    });
    for (const entry of res.body) {
      expect(entry.implementations.length).toBeGreaterThan(0);
      expect(entry.urlScan).toContain('{tx}');
    }
    const rounds = Object.fromEntries(res.body.map((c: { currency: string; round: number }) => [c.currency, c.round]));
    expect(rounds).toMatchObject({ BTC: 8, ETH: 8, USDT_TRX: 2, USDT_ETH: 2, TRX: 2, TON: 4, LTC: 8, DOGE: 4 });
  });

  it('coin meta: fiats and parent coins with their implementations', async () => {
    const res = await call(t, 'GET', '/b2c-wallet/meta-info/coin', undefined, alice.token);
    expect(res.status).toBe(200);
    expect(res.body.fiat.map((f: { currency: string }) => f.currency)).toEqual([
      'USD',
      'EUR',
      'KZT',
      'UAH',
      'RUB',
      'AZN',
      'CAD',
    ]);
    const usdt = res.body.crypto.find((c: { currency: string }) => c.currency === 'USDT');
    expect(usdt.implementations).toEqual([{ currency: 'USDT_ETH' }, { currency: 'USDT_TRX' }]);
    const btc = res.body.crypto.find((c: { currency: string }) => c.currency === 'BTC');
    expect(btc.implementations).toEqual([{ currency: 'BTC' }, { currency: 'BTC_LNG' }]);
  });

  it('production hides Lightning (spec §7)', () => {
    expect(currencyCatalogue(production).map((c) => c.currency)).not.toContain('BTC_LNG');
    const btc = coinMeta(production).crypto.find((c) => c.currency === 'BTC')!;
    expect(btc.implementations).toEqual([{ currency: 'BTC' }]);
    expect(currencyCatalogue({ production: true, sandbox: true }).map((c) => c.currency)).toContain('BTC_LNG');
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', '/b2c-wallet/meta-info/currency')).status).toBe(401);
    expect((await call(t, 'GET', '/b2c-wallet/meta-info/coin')).status).toBe(401);
  });

  it('exposes networks, decimals and explorer links to the chain adapters', () => {
    expect(coinNetwork('USDT_TRX')).toBe('tron');
    expect(coinNetwork('BTC_LNG')).toBe('lightning');
    expect([
      coinDecimals('BTC'),
      coinDecimals('ETH'),
      coinDecimals('USDT_ETH'),
      coinDecimals('TON'),
      coinDecimals('TRX'),
    ]).toEqual([8, 18, 6, 9, 6]);
    expect(() => coinDecimals('XYZ')).toThrow();
    expect(explorerLink('BTC', 'abc')).toBe('https://mempool.space/tx/abc');
    expect(explorerLink('BTC', null)).toBeNull();
  });
});
