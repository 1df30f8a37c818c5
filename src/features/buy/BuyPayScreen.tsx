import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { buyPayMachine } from '../../../machines/buyPay.machine';
import { selectPayScreen, selectRegions } from '../../../machines/buyPay.selectors';
import type { Coin } from '../../../contracts/wallet';
import { assetUnit } from '../../i18n/assetName';
import { useLocale } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { ChevronIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { Spinner } from '../../ui/Spinner';
import * as settings from '../settings/settings.css';
import * as shell from '../shell/AppShell.css';
import * as css from './buy.css';

export type BuyPayActor = ActorRefFrom<typeof buyPayMachine>;

/** The fiat's name in the screen's language ("Российский рубль"); the server's English name otherwise. */
function fiatName(code: string, fallback: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : fallback;
  } catch {
    return fallback;
  }
}

/** /buy/pay (spec §2): the fiat currency or region to pay in, from the availability of this coin; one opens its order form. */
export function BuyPayScreen({ actor, coin }: { actor: BuyPayActor; coin: Coin | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  const view = useSelector(actor, selectPayScreen);
  const regions = useSelector(actor, selectRegions);
  const currency = useSelector(actor, (s) => s.context.currency);
  const unit = assetUnit(coin, currency);

  let body;
  if (view === 'loading') body = <Spinner size={40} label={t`Loading`} />;
  else if (view === 'failed') {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not load the payment options.</Trans>
        </p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'load.retried' })}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else if (view === 'empty') {
    body = (
      <p className={shell.muted} role="status">
        <Trans>Buying {unit} with a card is not available yet.</Trans>
      </p>
    );
  } else {
    body = (
      <ul className={settings.list} aria-label={t`Currencies`}>
        {regions.map((r) => (
          <li key={`${r.geoId}-${r.fiatCurrency}`}>
            <button
              type="button"
              className={settings.row}
              onClick={() => actor.send({ type: 'region.chosen', geoId: r.geoId, fiatCurrency: r.fiatCurrency })}
            >
              <span>{fiatName(r.fiatCurrency, r.name, locale)}</span>
              <span className={settings.value}>
                <span className={css.regionCode}>{r.fiatCurrency}</span>
                <ChevronIcon />
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Screen back={{ to: '/buy/get' }} title={<Trans>Pay with</Trans>} busy={view === 'loading'}>
      <p className={shell.muted}>
        <Trans>Choose the currency your card pays in for {unit}.</Trans>
      </p>
      {body}
    </Screen>
  );
}
