import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { selectBalancesHidden } from '../../machines/preferences.selectors';
import { useOptionalServices } from '../app/signedInContext';
import {
  formatBalance,
  formatCrypto,
  formatFiat,
  formatFiatValue,
  MASKED_AMOUNT,
  type FiatRate,
  type RoundSource,
} from './format';
import type { Locale } from './index';

/** The language the screens are shown in; numbers follow it (the catalogue and the format switch together). */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return i18n.locale === 'ru' ? 'ru' : 'en';
}

/**
 * The formatters of `format.ts` bound to the current language, for views. With "Hide balances" on
 * (preferences machine) every amount they write is masked, so each screen — a new one too — hides
 * its amounts without code of its own; fields the user types into hold raw values and stay readable.
 */
export function useFormat() {
  const locale = useLocale();
  const preferences = useOptionalServices()?.preferences;
  const hidden = useSelector(preferences, (s) => (s ? selectBalancesHidden(s) : false));
  return useMemo(
    () => ({
      locale,
      hidden,
      crypto: (amount: string, coin: RoundSource) => (hidden ? MASKED_AMOUNT : formatCrypto(amount, coin, locale)),
      /** What is held or available: cut to the coin's round, never rounded up (format.ts formatBalance). */
      balance: (amount: string, coin: RoundSource) => (hidden ? MASKED_AMOUNT : formatBalance(amount, coin, locale)),
      fiat: (value: string, fiat: string) => (hidden ? MASKED_AMOUNT : formatFiat(value, fiat, locale)),
      /**
       * Prices and limits ("1 BTC ≈ 60,000 USDT", "The minimum is 10.55 USDT"): public figures that say
       * nothing of the user's money, so never masked.
       */
      figure: {
        crypto: (amount: string, coin: RoundSource) => formatCrypto(amount, coin, locale),
        fiat: (value: string, fiat: string) => formatFiat(value, fiat, locale),
      },
      /** The amount's value in the rate's fiat, or null (show nothing) without a rate. */
      fiatOf: (amount: string, rate: FiatRate | null | undefined) => {
        const text = formatFiatValue(amount, rate, locale);
        return hidden && text !== null ? MASKED_AMOUNT : text;
      },
    }),
    [locale, hidden],
  );
}
