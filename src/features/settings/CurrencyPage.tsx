import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { FIAT_CHOICES } from '../../../machines/preferences.machine';
import { selectCurrency } from '../../../machines/preferences.selectors';
import { useServices } from '../../app/context';
import { fiatSymbol } from '../../i18n/format';
import { useLocale } from '../../i18n/useFormat';
import * as shell from '../shell/AppShell.css';
import * as css from './settings.css';

/** /settings/select-currency (spec §2/§9): applied at once, saved on the account when signed in. */
export function CurrencyPage() {
  const { preferences } = useServices();
  const current = useSelector(preferences, selectCurrency);
  const locale = useLocale();
  return (
    <section className={shell.page} aria-labelledby="currency-title">
      <Link to="/settings" className={shell.muted}><Trans>‹ Settings</Trans></Link>
      <h1 id="currency-title" className={shell.title}><Trans>Currency</Trans></h1>
      <ul className={css.list} role="radiogroup" aria-labelledby="currency-title">
        {FIAT_CHOICES.map((currency) => (
          <li key={currency}>
            <button
              type="button"
              role="radio"
              aria-checked={currency === current}
              className={css.row}
              onClick={() => preferences.send({ type: 'currency.selected', currency })}
            >
              <span>{currency}</span>
              <span className={css.value}>
                {fiatSymbol(currency, locale) === currency ? null : <span aria-hidden="true">{fiatSymbol(currency, locale)}</span>}
                {currency === current ? <span className={css.check} aria-hidden="true">✓</span> : null}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
