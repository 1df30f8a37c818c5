import { formatString, isShortened, numberFormat, type RoundSource } from '../../i18n/format';
import type { Locale } from '../../i18n';
import type { useFormat } from '../../i18n/useFormat';

/**
 * A crypto amount as the buy and sell screens show it (spec §9, issue 22): the asset's `round`
 * decimals, rounded, trailing zeros trimmed, and "≈ " in front when that dropped digits.
 */
export const cryptoNear = (format: ReturnType<typeof useFormat>, amount: string, coin: RoundSource): string =>
  `${isShortened(amount, coin) && !format.hidden ? '≈ ' : ''}${format.crypto(amount, coin)}`;

/** A fiat figure without its symbol, always 2 decimals ("97,80"): a rate's fiat side in "1 USDT ≈ 97,80 ₽". */
export const fiatFigure = (value: string, locale: Locale): string =>
  formatString(numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }), value);
