import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { FIAT_CHOICES } from '../../../machines/preferences.machine';
import { selectCurrency } from '../../../machines/preferences.selectors';
import { useServices } from '../../app/context';
import { fiatSymbol } from '../../i18n/format';
import { useLocale } from '../../i18n/useFormat';
import { Check } from 'lucide-react';
import { Screen } from '../../ui/Screen';
import * as css from './settings.css';

/** /settings/select-currency (spec §2/§9): applied at once, saved on the account when signed in. */
export function CurrencyPage() {
  const { preferences } = useServices();
  const current = useSelector(preferences, selectCurrency);
  const locale = useLocale();
  return (
    <Screen back={{ to: '/settings' }} title={<Trans>Currency</Trans>} titleId="currency-title">
      <ul className={css.list} role="radiogroup" aria-labelledby="currency-title">
        {FIAT_CHOICES.map((currency) => (
          <li role="none" key={currency}>
            <button
              type="button"
              role="radio"
              aria-checked={currency === current}
              className={css.row}
              onClick={() => preferences.send({ type: 'currency.selected', currency })}
            >
              <span>{currency}</span>
              <span className={css.value}>
                {fiatSymbol(currency, locale) === currency ? null : (
                  <span aria-hidden="true">{fiatSymbol(currency, locale)}</span>
                )}
                {currency === current ? <Check className={css.check} size={20} strokeWidth={2.5} aria-hidden /> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Screen>
  );
}
