/**
 * How amounts and fiat values read on screen (issue 8, spec §9), in the chosen language. Amounts stay
 * decimal strings all the way: Intl.NumberFormat formats a numeric string exactly (ES2023
 * "Intl.NumberFormat v3"), so 123456789012345678.12345678 never passes through a float.
 */
import {
  cutDecimal,
  fiatCents,
  formatCents,
  formatCrypto as roundCrypto,
  isDecimal,
  trimZeros,
} from '../../machines/shared/money';
import type { Locale } from './index';

/** A coin's display decimals (`round`), a bare number, or null while the catalogue is not loaded. */
export type RoundSource = { round: number } | number | null | undefined;

/** The selected fiat and the display rate of one crypto in it. */
export type FiatRate = { fiat: string; rate: number };

const cache = new Map<string, Intl.NumberFormat>();

export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

// TypeScript's lib types `format` as number | bigint; engines since ES2023 take the string as is.
export const formatString = (format: Intl.NumberFormat, value: string) => format.format(value as unknown as number);

const roundOf = (source: RoundSource): number | null =>
  typeof source === 'number' ? source : source ? source.round : null;

const fractionDigits = (value: string) => value.split('.')[1]?.length ?? 0;

const SIGN = /^[-+\u2212]/;

/**
 * A crypto amount: rounded half-up to the coin's `round` (spec §9, issue 22), trailing zeros trimmed, grouped and
 * with the decimal mark of the locale ("1,234.5" / "1 234,5"). Without a round the amount is shown
 * with all its digits. A leading "-" is kept; anything that is not a decimal is returned unchanged.
 */
export function formatCrypto(amount: string, coin: RoundSource, locale: Locale): string {
  const value = amount.trim();
  const negative = /^[-\u2212]/.test(value);
  const magnitude = value.replace(SIGN, '');
  if (!isDecimal(magnitude)) return amount;
  const round = roundOf(coin);
  const exact = round === null ? trimZeros(magnitude) : roundCrypto(magnitude, round);
  // The string already has no more digits than allowed, so Intl never rounds it.
  const text = formatString(numberFormat(locale, { maximumFractionDigits: fractionDigits(exact) }), exact);
  return negative && exact !== '0' ? `-${text}` : text;
}

/**
 * A balance (what is held or available): cut, never rounded up, to the coin's `round`. Rounding 0.4999999 BTC
 * up to 0.5 would show money that is not there, and a user sending "all of it" would be refused.
 */
export function formatBalance(amount: string, coin: RoundSource, locale: Locale): string {
  const magnitude = amount.trim();
  const round = roundOf(coin);
  if (round === null || !isDecimal(magnitude)) return formatCrypto(amount, coin, locale);
  return formatCrypto(cutDecimal(magnitude, round), coin, locale);
}

/**
 * True when `formatCrypto` shows fewer digits than the amount has (1.005 USDT at round 2 reads 1.01):
 * a screen that shows such an amount says "≈" before it (issue 22), the exact figure being elsewhere.
 */
export function isShortened(amount: string, coin: RoundSource): boolean {
  const magnitude = amount.trim().replace(SIGN, '');
  const round = roundOf(coin);
  if (!isDecimal(magnitude) || round === null) return false;
  return fractionDigits(trimZeros(magnitude)) > round;
}

/** `formatCrypto`, with "≈ " in front when it had to shorten the amount. */
export function formatCryptoNear(amount: string, coin: RoundSource, locale: Locale): string {
  const text = formatCrypto(amount, coin, locale);
  return isShortened(amount, coin) ? `≈ ${text}` : text;
}

/**
 * Spec §9 lists the symbols $, €, ₸, ₴, ₽, ₼ and CA$. The narrow symbol gives the first six in both
 * languages (plain "symbol" writes "KZT 1.00" in English); for CAD it would give a bare "$" that reads
 * as US dollars, so CAD keeps "CA$".
 */
const currencyDisplay = (fiat: string): 'narrowSymbol' | 'symbol' => (fiat === 'CAD' ? 'symbol' : 'narrowSymbol');

/**
 * A fiat value with 2 decimals and the currency symbol where the locale puts it: "$50,408.24" in
 * English, "50 408,24 $" in Russian. `value` is a decimal string (a leading "-" for a negative change).
 * A price of a cheap coin may ask for more `decimals` ("$0.240123"), a change for a sign ("+$12.34").
 */
export function formatFiat(
  value: string,
  fiat: string,
  locale: Locale,
  decimals = 2,
  signDisplay: 'auto' | 'exceptZero' = 'auto',
): string {
  const magnitude = value.trim().replace(/^-/, '');
  if (!isDecimal(magnitude)) return value;
  try {
    const format = numberFormat(locale, {
      style: 'currency',
      currency: fiat,
      currencyDisplay: currencyDisplay(fiat),
      signDisplay,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    return formatString(format, value.trim());
  } catch {
    // Not an ISO 4217 code: the number in the locale's format, then the code.
    const plain = numberFormat(locale, {
      signDisplay,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    return `${formatString(plain, value.trim())} ${fiat}`;
  }
}

/**
 * The fiat value of a crypto amount as a decimal string of 2 places ("1234.50"), or null when there
 * is no usable rate or amount: the screens then show nothing rather than "$0.00". Display only.
 */
export function fiatValue(amount: string, rate: FiatRate | null | undefined): string | null {
  if (!rate || !Number.isFinite(rate.rate) || rate.rate <= 0) return null;
  const magnitude = amount.trim();
  if (!isDecimal(magnitude)) return null;
  return formatCents(fiatCents(magnitude, rate.rate));
}

/** `fiatValue` formatted in the rate's fiat ("≈" is the view's business), or null without a rate. */
export function formatFiatValue(amount: string, rate: FiatRate | null | undefined, locale: Locale): string | null {
  const value = fiatValue(amount, rate);
  return value === null || !rate ? null : formatFiat(value, rate.fiat, locale);
}

/** The symbol `formatFiat` writes for a fiat ("$", "₸", "CA$"), for the currency picker. */
export function fiatSymbol(fiat: string, locale: Locale): string {
  try {
    const format = numberFormat(locale, { style: 'currency', currency: fiat, currencyDisplay: currencyDisplay(fiat) });
    return format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? fiat;
  } catch {
    return fiat;
  }
}

/**
 * What stands for an amount while balances are hidden (issue 14). One fixed width, so neither the
 * digits' count nor the currency gives the size away.
 */
export const MASKED_AMOUNT = '••••••';

/** A percentage given as a decimal string of percent ("1", "0.75") in the locale's way: "1%" / "1 %". */
export function formatPercent(percent: string, locale: Locale): string {
  if (!isDecimal(percent)) return percent;
  const [whole, fraction = ''] = percent.split('.');
  // percent ÷ 100 by moving the point: Intl's percent style multiplies it back, exactly, from the string.
  const digits = (whole ?? '0').padStart(3, '0');
  const share = `${digits.slice(0, -2)}.${digits.slice(-2)}${fraction}`;
  return formatString(numberFormat(locale, { style: 'percent', maximumFractionDigits: fraction.length }), share);
}
