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

/** A crypto amount in the asset's `round` decimals, trailing zeros trimmed (spec §9). */
export function formatCrypto(value: string, round: number): string {
  return trimZeros(fromUnits(toUnits(value, round), round));
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
