import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { buyOrderMachine } from '../../../machines/buyOrder.machine';
import {
  selectBuyOrderScreen,
  selectCanReview,
  selectCoin,
  selectCrypto,
  selectFiat,
  selectLimits,
  selectOutOfLimits,
  selectQuoteFailed,
  selectQuoting,
  selectRate,
} from '../../../machines/buyOrder.selectors';
import { presetsOf } from '../../../machines/shared/buy';
import { assetUnit } from '../../i18n/assetName';
import { formatFiat } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import * as shell from '../shell/AppShell.css';
import { buyMessages } from './messages';
import * as css from './buy.css';

export type BuyOrderActor = ActorRefFrom<typeof buyOrderMachine>;

/**
 * /buy/order (spec §2, §5): what you pay and what you get; the side not typed is quoted, with the
 * approximate rate; outside the limits the fiat field is marked invalid with buy_limit and review waits.
 */
export function BuyOrderScreen({
  actor,
  back,
}: {
  actor: BuyOrderActor;
  back: { to: string; search?: Record<string, string> };
}) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const screen = useSelector(actor, selectBuyOrderScreen);
  const currency = useSelector(actor, (s) => s.context.currency);
  const fiatCurrency = useSelector(actor, (s) => s.context.fiatCurrency);
  const coin = useSelector(actor, selectCoin);
  const fiat = useSelector(actor, selectFiat);
  const crypto = useSelector(actor, selectCrypto);
  const quoting = useSelector(actor, selectQuoting);
  const outOfLimits = useSelector(actor, selectOutOfLimits);
  const limits = useSelector(actor, selectLimits);
  const quoteFailed = useSelector(actor, selectQuoteFailed);
  const failure = useSelector(actor, (s) => s.context.failure);
  const rate = useSelector(actor, selectRate);
  const canReview = useSelector(actor, selectCanReview);
  const unit = assetUnit(coin, currency);
  const whole = (value: string) => format.figure.crypto(value, 0);
  const rateText = rate === null ? '' : format.figure.fiat(rate, fiatCurrency);
  const presets = presetsOf(fiatCurrency);

  let body;
  if (screen === 'loading') {
    body = <Spinner size={40} label={t`Loading`} />;
  } else if (screen === 'failed') {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not open the card purchase.</Trans>
        </p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'load.retried' })}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else {
    const min = limits ? whole(limits.min) : '';
    const max = limits ? whole(limits.max) : '';
    // Spec §5 buy_limit (limit text "3 000 to 75 000").
    const limitText = t({ id: 'buy_limit', message: `Enter an amount from ${min} to ${max} ${fiatCurrency}` });
    body = (
      <>
        <div className={css.fields}>
          <TextField
            label={t`You pay, ${fiatCurrency}`}
            value={fiat}
            inputMode="decimal"
            autoComplete="off"
            placeholder={limits ? `${whole(limits.min)} – ${whole(limits.max)}` : '0'}
            onValueChange={(value) => actor.send({ type: 'fiat.changed', value })}
            error={outOfLimits ? limitText : undefined}
          />
          {presets.length > 0 ? (
            <div className={css.presets} role="group" aria-label={t`Preset amounts`}>
              {presets.map((amount) => (
                <button
                  key={amount}
                  type="button"
                  className={css.preset}
                  aria-pressed={fiat === amount}
                  onClick={() => actor.send({ type: 'fiat.changed', value: amount })}
                >
                  {formatFiat(amount, fiatCurrency, format.locale, 0)}
                </button>
              ))}
            </div>
          ) : null}
          <TextField
            label={t`You get, ${unit}`}
            value={crypto}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            onValueChange={(value) => actor.send({ type: 'crypto.changed', value })}
          />
        </div>
        <p className={css.rate} role="status" data-testid="buy-rate">
          {quoting ? (
            <Trans>Getting the rate…</Trans>
          ) : rate !== null ? (
            <Trans>
              1 {unit} ≈ {rateText}
            </Trans>
          ) : null}
        </p>
        {quoteFailed ? (
          <div className={shell.card} role="alert">
            <p className={css.error}>{failure?.message || i18n._(buyMessages.somethingWentWrong)}</p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'quote.retried' })}>
              <Trans>Retry</Trans>
            </Button>
          </div>
        ) : null}
        {limits && !outOfLimits ? (
          <p className={css.note} data-testid="buy-limits">
            {limitText}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Screen
      hold={hold}
      back={back}
      title={<Trans>Buy {unit}</Trans>}
      busy={screen === 'loading' || quoting}
      onSubmit={() => actor.send({ type: 'order.submitted' })}
      primary={
        <Button type="submit" disabled={!canReview}>
          <Trans>Review</Trans>
        </Button>
      }
    >
      {body}
    </Screen>
  );
}
