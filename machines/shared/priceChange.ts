import type { PricePoint } from '../../contracts/prices';
import { formatCents, fromUnits, toUnits } from './money';

/** Enough for every coin's minor units (ETH has 18) and every price's decimals (the gateway sends ≤ 8). */
const AMOUNT_SCALE = 18;
const PRICE_SCALE = 8;

export type Direction = 'up' | 'down' | 'flat';

/** A change in the selected fiat: signed cents as "-12.34", per cent as "-1.23", and which way it went. */
export type Change = { amount: string; percent: string; direction: Direction };

/** Division rounded half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  return 2n * (r < 0n ? -r : r) >= d ? q + (n < 0n ? -1n : 1n) : q;
}

const directionOf = (n: bigint): Direction => (n > 0n ? 'up' : n < 0n ? 'down' : 'flat');

/** A holding and the price of one unit at the start and end of the period, all decimal strings. */
export type PricedHolding = { amount: string; open: string; close: string };

/**
 * What the holdings gained or lost over the period at today's amounts (issue 14: Home's 24 h change),
 * computed on integers: Σ amount × close − Σ amount × open, in cents rounded half away from zero, and
 * that over Σ amount × open in hundredths of a per cent. Null when nothing was worth anything at the start.
 */
export function portfolioChange(holdings: readonly PricedHolding[]): Change | null {
  let open = 0n;
  let close = 0n;
  for (const h of holdings) {
    const amount = toUnits(h.amount, AMOUNT_SCALE);
    open += amount * toUnits(h.open, PRICE_SCALE);
    close += amount * toUnits(h.close, PRICE_SCALE);
  }
  if (open === 0n) return null;
  const diff = close - open;
  const cents = divRound(diff, 10n ** BigInt(AMOUNT_SCALE + PRICE_SCALE - 2));
  const hundredths = divRound(diff * 10_000n, open);
  // The direction follows what is shown: a change that rounds to 0.00 reads as flat, not as a fall.
  return {
    amount: formatCents(cents),
    percent: fromUnits(hundredths, 2),
    direction: directionOf(cents === 0n ? hundredths : cents),
  };
}

/** The direction of a signed decimal string ("-0.50", "12.00", "0.00"). */
export function directionOfDecimal(value: string): Direction {
  const negative = value.trim().startsWith('-');
  const digits = value.replace(/[^0-9]/g, '');
  return /^0*$/.test(digits) ? 'flat' : negative ? 'down' : 'up';
}

/**
 * At most `max` points spread evenly over the series, first and last always kept: the rows of the
 * chart's table (a year has 367 points; a table of them helps no one).
 */
export function samplePoints(points: readonly PricePoint[], max: number): PricePoint[] {
  if (points.length <= max) return [...points];
  const picked: PricePoint[] = [];
  for (let i = 0; i < max; i += 1) picked.push(points[Math.round((i * (points.length - 1)) / (max - 1))]!);
  return picked;
}
