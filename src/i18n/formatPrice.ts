/**
 * Prices and changes (issue 14): the asset page's chart and Home's 24 h change. Apart from format.ts so
 * the sign-in screens' boot chunk, which carries format.ts, does not carry these.
 */
import { isDecimal } from '../../machines/shared/money';
import { formatFiat, formatString, numberFormat } from './format';
import type { Locale } from './index';

const decimalsOf = (value: string) => Math.max(2, value.trim().split('.')[1]?.length ?? 0);

/** A price with all the digits the gateway gave it, at least 2: "$97,012.35", "$0.240123" (display only). */
export function formatPrice(value: string, fiat: string, locale: Locale): string {
  return formatFiat(value, fiat, locale, decimalsOf(value));
}

/** A signed change in a fiat: "+$12.34", "-$0.50", "$0.00". */
export function formatFiatChange(value: string, fiat: string, locale: Locale): string {
  return formatFiat(value, fiat, locale, decimalsOf(value), 'exceptZero');
}

/** A per cent with 2 decimals ("1.27" → "+1.27%" / "+1,27 %"); `signed: false` drops the sign. */
export function formatPercent(value: string, locale: Locale, signed = true): string {
  const magnitude = value.trim().replace(/^-/, '');
  if (!isDecimal(magnitude)) return value;
  const number = numberFormat(locale, {
    signDisplay: signed ? 'exceptZero' : 'never',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${formatString(number, value.trim())}${locale === 'ru' ? '\u00a0%' : '%'}`;
}
