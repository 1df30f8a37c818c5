import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { selectRate } from '../../machines/balances.selectors';
import { selectCurrency } from '../../machines/preferences.selectors';
import type { FiatRate } from '../i18n/format';
import { useSignedInServices } from './signedInContext';

/**
 * The selected fiat and the rate of `currency` in it, from the rates the balances poll already loaded
 * (display only), or null while there is none: screens then show no fiat line.
 */
export function useFiatRate(currency: string): FiatRate | null {
  const { balances, preferences } = useSignedInServices();
  const fiat = useSelector(preferences, selectCurrency);
  const rate = useSelector(balances, selectRate(currency, fiat));
  return useMemo(() => (rate === null ? null : { fiat, rate }), [fiat, rate]);
}
