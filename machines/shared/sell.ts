/**
 * Pure rules of the sell flow (spec §3, §5, §9): RUB only, 16-digit cards of one bank (SBR), lookup
 * at 6 digits, amount strictly between the fiat limits divided by the rate. Amounts are decimal
 * strings; products and comparisons run on bigints, never on floats.
 */
// Types only from the contract: its values module carries the TypeBox schemas, which the app's chunks
// need not download; the literal types keep these constants equal to the contract's.
import type {
  CARD_BIN_LENGTH,
  CARD_NUMBER_LENGTH,
  CardInfo,
  SELL_BANK_CODE,
  SELL_FIAT as CONTRACT_FIAT,
  SellErrorCode,
  SellLimit,
} from '../../contracts/sell';
import { failureOf, type Failure } from './failure';
import {
  divideDecimal,
  fromUnits,
  isDecimal,
  isZero,
  multiplyDecimal,
  spreadPercent,
  subtractDecimal,
  toUnits,
  trimZeros,
} from './money';
import { isPositiveAmount, toWireAmount } from './amountInput';

export type { CardInfo, SavedCard } from '../../contracts/sell';
export type SellLimits = SellLimit;
export const SELL_FIAT: typeof CONTRACT_FIAT = 'RUB';
export const CARD_DIGITS: typeof CARD_NUMBER_LENGTH = 16;
export const BIN_DIGITS: typeof CARD_BIN_LENGTH = 6;
export const SUPPORTED_BANK: typeof SELL_BANK_CODE = 'SBR';
const PAYOUTS_UNAVAILABLE: SellErrorCode = 'PAYOUTS_UNAVAILABLE';

/** Card numbers keep digits only, at most 16 (spec §5): a 17th digit or a letter is refused. */
export const cardDigits = (raw: string): string => raw.replace(/\D/g, '').slice(0, CARD_DIGITS);

/** "2202200000000000" → "2202 2000 0000 0000" (groups of four, as printed on the card). */
export const groupCard = (digits: string): string => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export const binOf = (digits: string): string | null =>
  digits.length >= BIN_DIGITS ? digits.slice(0, BIN_DIGITS) : null;

/** The masked form the gateway keeps ("220220******0000"): what may be stored or shown, never the number. */
export const maskCard = (digits: string): string =>
  digits.length === CARD_DIGITS ? `${digits.slice(0, 6)}${'*'.repeat(6)}${digits.slice(12)}` : '';

/** Luhn check (ISO/IEC 7812): catches a mistyped digit before anything leaves the device. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const isSupportedBank = (info: CardInfo | null | undefined): boolean => info?.code === SUPPORTED_BANK;

const SCALE = 8;
const FIAT_SCALE = 2;

/** amount × rate, exact, as units of 10^-(2·SCALE). */
const product = (amount: string, rate: string) => toUnits(toWireAmount(amount), SCALE) * toUnits(rate, SCALE);

/** Spec §5: max not above min leaves no amount to sell (sell_limit_error). */
export const noRoom = (limits: SellLimits): boolean =>
  !isDecimal(limits.minLimit) ||
  !isDecimal(limits.maxLimit) ||
  toUnits(limits.maxLimit, SCALE) <= toUnits(limits.minLimit, SCALE);

/**
 * Spec §5: the amount strictly between minLimit ÷ rate and maxLimit ÷ rate. The bounds the user sees
 * are the first and last amounts in the coin's decimals that pass (exact, on integers): the smallest
 * amount whose RUB value is above minLimit, the largest whose value is below maxLimit.
 */
export function boundsOf(rate: string, limits: SellLimits, decimals: number): { min: string; max: string } {
  const r = toUnits(rate, SCALE);
  if (r <= 0n) return { min: '0', max: '0' };
  const scale = 10n ** BigInt(decimals);
  const low = toUnits(limits.minLimit, SCALE) * scale;
  const high = toUnits(limits.maxLimit, SCALE) * scale;
  const min = low / r + 1n;
  const max = (high + r - 1n) / r - 1n;
  return { min: trimZeros(fromUnits(min, decimals)), max: trimZeros(fromUnits(max < 0n ? 0n : max, decimals)) };
}

export type LimitProblem = 'belowMin' | 'aboveMax' | null;

/** Below the first or above the last amount that passes; zero and partial input ("1.") are no limit problem. */
export function limitProblem(amount: string, rate: string, limits: SellLimits, decimals: number): LimitProblem {
  if (!isPositiveAmount(amount) || !isDecimal(rate) || noRoom(limits)) return null;
  const { min, max } = boundsOf(rate, limits, decimals);
  const value = toUnits(toWireAmount(amount), SCALE);
  if (value < toUnits(min, SCALE)) return 'belowMin';
  if (value > toUnits(max, SCALE)) return 'aboveMax';
  return null;
}

/** Zero refused, inside the bounds, and there must be room at all (sell_limit_error otherwise). */
export const withinLimits = (amount: string, rate: string, limits: SellLimits, decimals: number): boolean =>
  isPositiveAmount(amount) &&
  isDecimal(rate) &&
  !noRoom(limits) &&
  limitProblem(amount, rate, limits, decimals) === null;

/**
 * Max (issue 22): everything available, as a sale charges nothing on top of the amount (its spread is
 * in the rate), cut to the coin's decimals (never more than held) and no more than the last amount
 * the limits allow. Exact, on integers.
 */
export function maxSellable(available: string, rate: string, limits: SellLimits, decimals: number): string {
  if (!isDecimal(available)) return '0';
  const held = toUnits(available, decimals);
  const cap = noRoom(limits) || !isDecimal(rate) ? held : toUnits(boundsOf(rate, limits, decimals).max, decimals);
  return trimZeros(fromUnits(held < cap ? held : cap, decimals));
}

/** What the card receives: amount × rate cut to kopecks (never rounded up in the user's favour). */
export function fiatFor(amount: string, rate: string): string {
  if (!isPositiveAmount(amount) || !isDecimal(rate)) return '0';
  const cut = product(amount, rate) / 10n ** BigInt(SCALE * 2 - FIAT_SCALE);
  return fromUnits(cut, FIAT_SCALE);
}

/** What a sale costs against the market price (issue 22): the spread in fiat, in the coin and in percent. */
export type SellFee = { fiat: string; crypto: string; percent: string | null };

/**
 * The spread of a sale as a fee, exact: the amount's worth at the market price less what the card
 * gets (in RUB), that in the coin at the market price, and (mid − rate) ÷ mid in percent. Null
 * without the market price.
 */
export function sellFee(order: {
  amount: string;
  fiatAmount: string;
  rate: string;
  midRate?: string | null;
}): SellFee | null {
  const { midRate, amount, fiatAmount, rate } = order;
  if (!midRate || !isDecimal(midRate) || isZero(midRate) || !isPositiveAmount(amount)) return null;
  const gap = subtractDecimal(multiplyDecimal(toWireAmount(amount), midRate), fiatAmount);
  const fiat = gap.startsWith('-') ? '0' : gap;
  return { fiat, crypto: divideDecimal(fiat, midRate, 18) ?? '0', percent: spreadPercent(rate, midRate) };
}

/** The amount is more than the available balance. */
export const exceedsBalance = (amount: string, available: string | null): boolean =>
  available !== null &&
  isPositiveAmount(amount) &&
  isDecimal(available) &&
  toUnits(toWireAmount(amount), SCALE) > toUnits(available, SCALE);

export type SellFailure = Failure;

/** Spec §8 "Payouts are temporarily unavailable": the gateway's 503 when the payout provider is down. */
export const payoutsUnavailable = (error: unknown): boolean => failureOf(error).code === PAYOUTS_UNAVAILABLE;

/** The sell flow's URLs (spec §2): /sell/order, its card step, /sell/order/review, /sell/success. */
export type SellRoute = 'order' | 'card' | 'review' | 'success';

/** "220220******0000" → "2202 20•• •••• 0000": the masked number as the screens show it. */
export const displayMasked = (masked: string): string =>
  groupCard(masked.replace(/[*xX]/g, '•')).replace(/(\S{4})(?=\S)/g, '$1 ');
