import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { formatCrypto, formatFiat, formatFiatValue, type FiatRate, type RoundSource } from './format';
import type { Locale } from './index';

/** The language the screens are shown in; numbers follow it (the catalogue and the format switch together). */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return i18n.locale === 'ru' ? 'ru' : 'en';
}

/** The formatters of `format.ts` bound to the current language, for views. */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      crypto: (amount: string, coin: RoundSource) => formatCrypto(amount, coin, locale),
      fiat: (value: string, fiat: string) => formatFiat(value, fiat, locale),
      /** The amount's value in the rate's fiat, or null (show nothing) without a rate. */
      fiatOf: (amount: string, rate: FiatRate | null | undefined) => formatFiatValue(amount, rate, locale),
    }),
    [locale],
  );
}
