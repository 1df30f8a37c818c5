import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRYPTO_WAVES, createSandboxRateProvider } from '../src/rates/provider.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './wallet-support.js';

let t: TestApp;
// The sandbox prices move with the clock: two requests a busy machine spreads apart must still see one price.
const frozen = Date.parse('2026-06-01T12:00:00Z');
beforeAll(async () => {
  t = await createTestApp({
    idp: 'fake',
    rates: createSandboxRateProvider({ now: () => frozen, parentOf: (c) => findCoin(c)?.parent }),
  });
});
afterAll(async () => t?.close());

describe('rates', () => {
  it('POST /rate gives a number per from/to pair, plausible and public', async () => {
    const res = await call(t, 'POST', '/b2c-wallet/rate', {
      from: ['BTC', 'ETH', 'USDT_TRX', 'TON', 'BTC_LNG'],
      to: ['USD', 'EUR', 'KZT'],
    });
    expect(res.status).toBe(200);
    const m = res.body.ratesMap;
    expect(Object.keys(m)).toEqual(['BTC', 'ETH', 'USDT_TRX', 'TON', 'BTC_LNG']);
    expect(Object.keys(m.BTC)).toEqual(['USD', 'EUR', 'KZT']);
    expect(m.BTC.USD).toBeGreaterThan(90000);
    expect(m.BTC.USD).toBeLessThan(104000);
    expect(m.USDT_TRX.USD).toBe(1);
    expect(m.BTC_LNG.USD).toBe(m.BTC.USD);
    expect(m.ETH.KZT / m.ETH.USD).toBeGreaterThan(500);
    expect(m.ETH.EUR).toBeLessThan(m.ETH.USD);
  });

  it('POST /fiat/rate/invert gives the inverse', async () => {
    const direct = await call(t, 'POST', '/b2c-wallet/rate', { from: ['ETH'], to: ['EUR'] });
    const inverse = await call(t, 'POST', '/b2c-wallet/fiat/rate/invert', { from: ['ETH'], to: ['EUR'] });
    expect(inverse.status).toBe(200);
    expect(inverse.body.ratesMap.ETH.EUR * direct.body.ratesMap.ETH.EUR).toBeCloseTo(1, 5);
  });

  it('validates currencies and shapes', async () => {
    const bad: unknown[] = [
      { from: ['XYZ'], to: ['USD'] },
      { from: ['BTC'], to: ['GBP'] },
      { from: [], to: ['USD'] },
      { from: ['BTC'] },
      { from: 'BTC', to: ['USD'] },
      { from: ['btc'], to: ['USD'] },
    ];
    for (const body of bad) {
      const res = await call(t, 'POST', '/b2c-wallet/rate', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const res = await call(t, 'POST', '/b2c-wallet/rate', { from: ['BTC', 'XYZ'], to: ['USD'] });
    expect(res.body).toMatchObject({ code: 'UNKNOWN_CURRENCY', field: 'from.1' });
  });

  it('the sandbox provider moves slowly and deterministically with time', async () => {
    let now = Date.UTC(2026, 0, 1);
    const provider = createSandboxRateProvider({ now: () => now });
    const at = async () => (await provider.usdPrices(['BTC', 'EUR', 'USDT', 'USD'])).get('BTC')!;
    const first = await at();
    expect(await at()).toBe(first);
    expect(await createSandboxRateProvider({ now: () => now }).usdPrices(['BTC'])).toEqual(new Map([['BTC', first]]));
    now += 60_000;
    const minuteLater = await at();
    expect(Math.abs(minuteLater / first - 1)).toBeLessThan(0.001);
    const seen: number[] = [];
    for (let h = 0; h < 12; h += 1) {
      now += 3600_000;
      seen.push(await at());
    }
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThan(1000);
    const swing = CRYPTO_WAVES.reduce((sum, w) => sum + w.amplitude, 0);
    for (const p of seen) expect(Math.abs(p / 97000 - 1)).toBeLessThanOrEqual(swing + 1e-9);
    expect((await provider.usdPrices(['USDT', 'USD'])).get('USDT')).toBe(1);
  });
});
