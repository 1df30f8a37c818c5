import { isShortened, type RoundSource } from '../../i18n/format';
import type { useFormat } from '../../i18n/useFormat';

/**
 * A crypto amount as the buy and sell screens show it (spec §9, issue 22): the asset's `round`
 * decimals, rounded, trailing zeros trimmed, and "≈ " in front when that dropped digits.
 */
export const cryptoNear = (format: ReturnType<typeof useFormat>, amount: string, coin: RoundSource): string =>
  `${isShortened(amount, coin) && !format.hidden ? '≈ ' : ''}${format.crypto(amount, coin)}`;
