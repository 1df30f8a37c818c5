/**
 * Decimal-string arithmetic for display and validation. Amounts that move funds never pass through
 * a JavaScript number: they stay strings ("0.12345678") or bigints of minor units end to end.
 */
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

/** "12.3400" → "12.34", "5.000" → "5", "0.0" → "0". */
export function trimZeros(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '' ? '0' : trimmed;
}

/** Scales a decimal string to an integer of `decimals` places, truncating extra digits (never rounds up a balance). */
export function toUnits(value: string, decimals: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${value}`);
  const fraction = (match[2] ?? '').slice(0, decimals).padEnd(decimals, '0');
  return BigInt(match[1] + fraction);
}

export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/**
 * A crypto amount in the asset's `round` decimals, rounded half-up and trailing zeros trimmed
 * (spec §9; issue 22: 978.156803 USDT reads 978.16 everywhere, not 978.15 here and 978.156803 there).
 */
export function formatCrypto(value: string, round: number): string {
  return trimZeros(roundDecimal(value, round));
}

/** Rounds a non-negative decimal to `decimals` places, half-up ("0.125", 2 → "0.13"). */
export function roundDecimal(value: string, decimals: number): string {
  const scale = Math.max(fractionLength(value), decimals);
  const exact = toUnits(value, scale);
  const step = 10n ** BigInt(scale - decimals);
  return fromUnits((exact + step / 2n) / step, decimals);
}

/** Cuts a non-negative decimal to `decimals` places, trailing zeros trimmed: for what may be spent (Max), never more than held. */
export function cutDecimal(value: string, decimals: number): string {
  return trimZeros(fromUnits(toUnits(value, decimals), decimals));
}

/** A decimal as integer units at its own scale: "1.25" → { units: 125n, scale: 2 }. */
function exactOf(value: string): { units: bigint; scale: number } {
  const v = value.trim();
  const negative = v.startsWith('-');
  const scale = fractionLength(v.replace(/^-/, ''));
  const units = toUnits(v.replace(/^-/, ''), scale);
  return { units: negative ? -units : units, scale };
}

/** a × b, exact. */
export function multiplyDecimal(a: string, b: string): string {
  const x = exactOf(a);
  const y = exactOf(b);
  return trimZeros(fromUnits(x.units * y.units, x.scale + y.scale));
}

/** a − b, exact (may be negative: "-0.5"). */
export function subtractDecimal(a: string, b: string): string {
  const x = exactOf(a);
  const y = exactOf(b);
  const scale = Math.max(x.scale, y.scale);
  const lift = (v: { units: bigint; scale: number }) => v.units * 10n ** BigInt(scale - v.scale);
  const diff = lift(x) - lift(y);
  return trimZeros(fromUnits(diff, scale));
}

/** a ÷ b rounded half-up to `decimals` places (both non-negative, b above 0); null when b is 0. */
export function divideDecimal(a: string, b: string, decimals: number): string | null {
  const x = exactOf(a);
  const y = exactOf(b);
  if (y.units === 0n) return null;
  // a/b × 10^decimals = x.units × 10^(y.scale + decimals) / (y.units × 10^x.scale)
  const num = x.units * 10n ** BigInt(y.scale + decimals);
  const den = y.units * 10n ** BigInt(x.scale);
  return trimZeros(fromUnits((2n * num + den) / (2n * den), decimals));
}

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(fractionLength(a), fractionLength(b));
  const x = toUnits(a, scale);
  const y = toUnits(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function isZero(value: string): boolean {
  return /^0*(?:\.0*)?$/.test(value.trim()) || value.trim() === '';
}

const RATE_DECIMALS = 8;

/**
 * Fiat value in cents (display only: totals on the home screen). The rate is a number from the rate
 * API; it is fixed to 8 decimals first so the product is computed on integers and rounded half-up once.
 */
export function fiatCents(amount: string, rate: number): bigint {
  if (!Number.isFinite(rate) || rate <= 0) return 0n;
  const scale = fractionLength(amount);
  const value = toUnits(amount, scale);
  const rateUnits = BigInt(Math.round(rate * 10 ** RATE_DECIMALS));
  const product = value * rateUnits * 100n;
  const divisor = 10n ** BigInt(scale + RATE_DECIMALS);
  return (product + divisor / 2n) / divisor;
}

/** Cents → "1234.50" (spec §9: fiat display has 2 decimals). */
export function formatCents(cents: bigint): string {
  return fromUnits(cents, 2);
}

function fractionLength(value: string): number {
  const match = DECIMAL.exec(value.trim());
  return match?.[2]?.length ?? 0;
}

/** 1 ÷ rate, rounded half-up to `decimals` places: the rate read the other way ("0.00001683" BTC per USDT). */
export const invertRate = (rate: string, decimals: number): string | null => divideDecimal('1', rate, decimals);

/**
 * The spread of a rate below the mid-market rate, as a percentage with at most 2 decimals
 * ("1", "0.75"), or null without a usable mid rate.
 */
export function spreadPercent(rate: string, midRate: string): string | null {
  if (!isDecimal(rate) || !isDecimal(midRate) || isZero(midRate)) return null;
  const gap = subtractDecimal(midRate, rate);
  if (gap.startsWith('-')) return '0';
  return divideDecimal(multiplyDecimal(gap, '100'), midRate, 2);
}
