/** GET /b2c-wallet/rate/history (issue 14, "prices at a glance"): the sandbox price of a coin over a range. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxRateProvider } from '../src/rates/provider.js';
import { RANGES } from '../src/rates/history.js';
import { findCoin } from '../src/wallet/catalogue.js';
import { createTestApp, type TestApp } from './support/app.js';
import { call } from './wallet-support.js';

// Seven and a half minutes past a 15-minute mark: the last point is "now" to the minute, off the grid.
const NOW = Date.parse('2026-01-01T10:07:30Z');
const rates = createSandboxRateProvider({ now: () => NOW, parentOf: (c) => findCoin(c)?.parent });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ idp: 'fake', rates });
});
afterAll(async () => t?.close());

const history = (query: string) => call(t, 'GET', `/b2c-wallet/rate/history?${query}`);

/** "-12.30" → -1230n with its decimals, to check the summary with integers, not floats. */
const units = (value: string) => {
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole + fraction);
  return { n: value.startsWith('-') ? -n : n, decimals: fraction.length };
};

describe('price history', () => {
  it('gives 24 h of BTC in USD every 15 minutes, then now, without a token', async () => {
    const res = await history('currency=BTC&fiat=USD&range=24h');
    expect(res.status).toBe(200);
    const { points, summary } = res.body;
    expect(res.body).toMatchObject({ currency: 'BTC', fiat: 'USD', range: '24h' });
    expect(points).toHaveLength(98);
    expect(points[0].at).toBe('2025-12-31T10:00:00.000Z');
    expect(points[96].at).toBe('2026-01-01T10:00:00.000Z');
    expect(points[97].at).toBe('2026-01-01T10:07:00.000Z');
    for (let i = 1; i < 97; i += 1) expect(Date.parse(points[i].at) - Date.parse(points[i - 1].at)).toBe(15 * 60_000);
    for (const p of points) expect(p.price).toMatch(/^\d{5,6}\.\d{2}$/);
    // Each point is the provider's price at that instant, rounded to cents.
    for (const p of [points[0], points[50], points[97]]) {
      const prices = await rates.usdPricesAt(['BTC', 'USD'], Date.parse(p.at));
      expect(p.price).toBe(prices.get('BTC')!.toFixed(2));
    }
    expect(summary.open).toBe(points[0].price);
    expect(summary.close).toBe(points[97].price);
  });

  it('summarises the points exactly: high, low, change and per cent', async () => {
    const { body } = await history('currency=ETH&fiat=EUR&range=7d');
    const values = body.points.map((p: { price: string }) => units(p.price).n);
    const { summary } = body;
    expect(units(summary.high).n).toBe(values.reduce((a: bigint, b: bigint) => (b > a ? b : a)));
    expect(units(summary.low).n).toBe(values.reduce((a: bigint, b: bigint) => (b < a ? b : a)));
    expect(units(summary.high).n).toBeGreaterThan(units(summary.low).n);
    expect(units(summary.change).n).toBe(units(summary.close).n - units(summary.open).n);
    expect(units(summary.change).decimals).toBe(2);
    const percent = (Number(summary.change) / Number(summary.open)) * 100;
    expect(summary.changePercent).toMatch(/^-?\d+\.\d{2}$/);
    expect(Math.abs(Number(summary.changePercent) - percent)).toBeLessThanOrEqual(0.005 + 1e-9);
  });

  it('each range spans its length at its step', async () => {
    for (const [range, { span, step }] of Object.entries(RANGES)) {
      const { status, body } = await history(`currency=TON&fiat=USD&range=${range}`);
      expect(status, range).toBe(200);
      const at = body.points.map((p: { at: string }) => Date.parse(p.at));
      const grid = at.slice(0, -1);
      expect(grid[grid.length - 1] - grid[0], range).toBe(span);
      expect(grid.length, range).toBe(span / step + 1);
      expect(
        grid.every((x: number, i: number) => i === 0 || x - grid[i - 1] === step),
        range,
      ).toBe(true);
      expect(at[at.length - 1], range).toBe(Date.parse('2026-01-01T10:07:00Z'));
    }
  });

  it('a year moves, not only the 6-hour swing sampled once a day', async () => {
    const { summary } = (await history('currency=BTC&fiat=USD&range=1y')).body;
    expect(Number(summary.high) / Number(summary.low)).toBeGreaterThan(1.03);
  });

  it('is the same on every call and in every gateway at the same instant', async () => {
    const first = await history('currency=LTC&fiat=KZT&range=30d');
    expect((await history('currency=LTC&fiat=KZT&range=30d')).body).toEqual(first.body);
    const other = await createTestApp({ idp: 'fake', rates: createSandboxRateProvider({ now: () => NOW }) });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/b2c-wallet/rate/history?currency=LTC&fiat=KZT&range=30d',
      });
      expect(res.json()).toEqual(first.body);
    } finally {
      await other.close();
    }
  });

  it('agrees with POST /rate at the same instant', async () => {
    const { body } = await history('currency=BTC&fiat=EUR&range=24h');
    const rate = (await call(t, 'POST', '/b2c-wallet/rate', { from: ['BTC'], to: ['EUR'] })).body.ratesMap.BTC.EUR;
    const prices = await rates.usdPricesAt(['BTC', 'EUR'], Date.parse('2026-01-01T10:07:00Z'));
    expect(body.summary.close).toBe((prices.get('BTC')! / prices.get('EUR')!).toFixed(2));
    // POST /rate prices at 10:07:30, the chart's last point at 10:07: within a few cents.
    expect(Math.abs(Number(body.summary.close) - rate)).toBeLessThan(rate * 0.0005);
  });

  it('keeps six significant digits for small prices, two decimals at least', async () => {
    const trx = (await history('currency=TRX&fiat=USD&range=24h')).body;
    for (const p of trx.points) expect(p.price).toMatch(/^0\.\d{6}$/);
    const kzt = (await history('currency=BTC&fiat=KZT&range=24h')).body;
    for (const p of kzt.points) expect(p.price).toMatch(/^\d{8}\.\d{2}$/);
    // A network alias prices as its coin; USDT stays pegged, so its change is zero.
    const usdt = (await history('currency=USDT_TRX&fiat=USD&range=7d')).body;
    expect(new Set(usdt.points.map((p: { price: string }) => p.price))).toEqual(new Set(['1.00000']));
    expect(usdt.summary).toMatchObject({ change: '0.00000', changePercent: '0.00', high: '1.00000', low: '1.00000' });
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    const bad: [string, string?][] = [
      ['fiat=USD&range=24h'],
      ['currency=BTC&range=24h'],
      ['currency=BTC&fiat=USD'],
      ['currency=BTC&fiat=USD&range=2d'],
      ['currency=btc&fiat=USD&range=24h'],
      ['currency=BTC&fiat=USD&range=24h&extra=1'],
      ['currency=XYZ&fiat=USD&range=24h', 'currency'],
      ['currency=USD&fiat=USD&range=24h', 'currency'],
      ['currency=BTC&fiat=BTC&range=24h', 'fiat'],
      ['currency=BTC&fiat=GBP&range=24h', 'fiat'],
    ];
    for (const [query, field] of bad) {
      const res = await history(query);
      expect(res.status, query).toBe(400);
      if (field) expect(res.body.field, query).toBe(field);
    }
  });
});
