import { DomainError } from '../domain/errors.js';

/**
 * Money at the edge: decimal strings in and out, bigint minor units inside. No float ever touches
 * an amount — "0.1" + "0.2" must stay exactly "0.3" on every ledger row.
 */

// Digits, optionally a point and more digits. No sign, exponent, comma, spaces or bare point.
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Spec §5: amount inputs have at most 8 digits before and 8 after the point. */
export const USER_INT_DIGITS = 8;
export const USER_FRACTION_DIGITS = 8;

export interface ParseOptions {
  /** The asset's minor-unit decimals: more fraction digits than this is an error, never rounded. */
  decimals: number;
  /** Typed by a person: also bound to spec §5's 8+8 digits. Chain reports may use all decimals. */
  userInput?: boolean;
  field?: string;
}

export class AmountError extends DomainError {
  constructor(message: string, field = 'amount') {
    super('invalid', 'INVALID_AMOUNT', message, { field });
    this.name = 'AmountError';
  }
}

/** Parses a non-negative decimal string into minor units; throws AmountError (400) on anything else. */
export function parseAmount(input: unknown, opts: ParseOptions): bigint {
  const field = opts.field ?? 'amount';
  if (typeof input !== 'string') throw new AmountError(`${field} must be a decimal string such as "0.5"`, field);
  const match = DECIMAL.exec(input);
  if (!match) throw new AmountError(`${field} must be a decimal string such as "0.5"`, field);
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  const maxFraction = opts.userInput ? Math.min(opts.decimals, USER_FRACTION_DIGITS) : opts.decimals;
  if (fraction.length > maxFraction)
    throw new AmountError(`${field} has more than ${maxFraction} decimal places`, field);
  const significantWhole = whole.replace(/^0+(?=\d)/, '');
  const maxWhole = opts.userInput ? USER_INT_DIGITS : 38 - opts.decimals;
  if (significantWhole.length > maxWhole)
    throw new AmountError(`${field} has more than ${maxWhole} digits before the point`, field);
  return BigInt(significantWhole + fraction.padEnd(opts.decimals, '0'));
}

/** As parseAmount, and zero is refused too. */
export function parsePositiveAmount(input: unknown, opts: ParseOptions): bigint {
  const value = parseAmount(input, opts);
  if (value <= 0n) throw new AmountError(`${opts.field ?? 'amount'} must be greater than 0`, opts.field ?? 'amount');
  return value;
}

/** Minor units → shortest exact decimal string: 150000000n, 8 → "1.5"; 0n → "0". */
export function formatAmount(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Minor units → the decimal the screens show (spec §9): `round` places, rounded half up (never cut,
 * so 978.156803 reads 978.16), trailing zeros trimmed. `decimals` is the asset's minor-unit scale.
 */
export function roundAmount(minor: bigint, decimals: number, round: number): string {
  if (round >= decimals) return formatAmount(minor, decimals);
  const step = 10n ** BigInt(decimals - round);
  const magnitude = minor < 0n ? -minor : minor;
  const rounded = (magnitude + step / 2n) / step;
  return formatAmount(minor < 0n ? -rounded : rounded, round);
}
