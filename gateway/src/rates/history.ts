import type { PriceHistory, PricePoint, PriceRange, PriceSummary } from '../../../contracts/prices.js';
import type { RateProvider } from './provider.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How far back each range goes and how far apart its points are: 97, 169, 181 and 366 points. */
export const RANGES: Readonly<Record<PriceRange, { span: number; step: number }>> = {
  '24h': { span: DAY, step: 15 * MINUTE },
  '7d': { span: 7 * DAY, step: HOUR },
  '30d': { span: 30 * DAY, step: 4 * HOUR },
  '1y': { span: 365 * DAY, step: DAY },
};

/** Six significant digits, and never fewer than a fiat's 2 decimals: 97012.35, 95.1234, 0.240123. */
export function decimalsFor(max: number): number {
  const wholeDigits = max >= 1 ? Math.floor(Math.log10(max)) + 1 : 0;
  return Math.min(8, Math.max(2, 6 - wholeDigits));
}

/** Integer units of 10^-decimals → "-12.30" (the decimals kept, so a series reads evenly). */
function fixed(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Division rounded half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  return 2n * (r < 0n ? -r : r) >= d ? q + (n < 0n ? -1n : 1n) : q;
}

/** The summary of a series of integer prices, in exact integer arithmetic. */
function summarise(units: bigint[], decimals: number): PriceSummary {
  const open = units[0]!;
  const close = units[units.length - 1]!;
  const high = units.reduce((a, b) => (b > a ? b : a));
  const low = units.reduce((a, b) => (b < a ? b : a));
  const change = close - open;
  // Percent with 2 decimals: change × 100 × 100 / open, in hundredths of a per cent.
  const percent = open === 0n ? 0n : divRound(change * 10_000n, open);
  return {
    open: fixed(open, decimals),
    close: fixed(close, decimals),
    high: fixed(high, decimals),
    low: fixed(low, decimals),
    change: fixed(change, decimals),
    changePercent: fixed(percent, 2),
  };
}

/**
 * The instants of a range ending at `now`: a grid of `step` aligned to the epoch (so every request
 * within one step agrees on the history), then `now` to the minute as the last point.
 */
export function instantsOf(range: PriceRange, now: number): number[] {
  const { span, step } = RANGES[range];
  const end = Math.floor(now / MINUTE) * MINUTE;
  const lastGrid = Math.floor(end / step) * step;
  const at: number[] = [];
  for (let t = lastGrid - span; t <= lastGrid; t += step) at.push(t);
  if (end > lastGrid) at.push(end);
  return at;
}

/**
 * The price of one `currency` in `fiat` at each instant of the range, from the provider's USD prices.
 * Prices are floats from the provider (display data); they become integers of the series' decimals
 * once, here, and everything after that is exact.
 */
export async function priceHistory(
  provider: RateProvider,
  currency: string,
  fiat: string,
  range: PriceRange,
  now = provider.now(),
): Promise<PriceHistory> {
  const instants = instantsOf(range, now);
  const raw: { at: number; price: number }[] = [];
  for (const at of instants) {
    const prices = await provider.usdPricesAt([currency, fiat], at);
    const crypto = prices.get(currency);
    const unit = prices.get(fiat);
    if (crypto === undefined || !unit) continue;
    raw.push({ at, price: crypto / unit });
  }
  if (raw.length === 0) return { currency, fiat, range, points: [], summary: null };
  const decimals = decimalsFor(Math.max(...raw.map((p) => p.price)));
  const units = raw.map((p) => BigInt(Math.round(p.price * 10 ** decimals)));
  const points: PricePoint[] = raw.map((p, i) => ({
    at: new Date(p.at).toISOString(),
    price: fixed(units[i]!, decimals),
  }));
  return { currency, fiat, range, points, summary: summarise(units, decimals) };
}
