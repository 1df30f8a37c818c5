import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { sellAmountMachine } from '../../../machines/sellAmount.machine';
import {
  selectAmount,
  selectAmountStatus,
  selectBounds,
  selectCanMax,
  selectCanSubmit,
  selectFiatAmount,
  selectLimitProblem,
  selectNotEnoughFunds,
  selectRefreshing,
  selectTerms,
} from '../../../machines/sellAmount.selectors';
import { SELL_FIAT } from '../../../machines/shared/sell';
import { assetDisplayName } from '../../i18n/assetName';
import type { FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { TextField } from '../../ui/TextField';
import { Skeleton } from '../asset/parts';
import * as shell from '../shell/AppShell.css';
import { sellMessages } from './messages';
import * as css from './sell.css';
import { ResetHoldNotice } from '../passcode/ResetHoldNotice';
import { cryptoNear } from './amountText';

export type SellAmountActor = ActorRefFrom<typeof sellAmountMachine>;

/**
 * /sell/order (spec §2, §5): the amount to sell, its RUB value at the fixed rate, the bounds (limits
 * ÷ rate) and what stops the order. Renders the sell amount machine only.
 */
export function SellAmountScreen({
  actor,
  currency,
  rate = null,
}: {
  actor: SellAmountActor;
  currency: string;
  rate?: FiatRate | null;
}) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const status = useSelector(actor, selectAmountStatus);
  const terms = useSelector(actor, selectTerms);
  const amount = useSelector(actor, selectAmount);
  const bounds = useSelector(actor, selectBounds);
  const problem = useSelector(actor, selectLimitProblem);
  const notEnough = useSelector(actor, selectNotEnoughFunds);
  const fiat = useSelector(actor, selectFiatAmount);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const canMax = useSelector(actor, selectCanMax);
  const refreshing = useSelector(actor, selectRefreshing);
  const coin = terms?.coin ?? null;
  const { label, unit } = assetDisplayName(coin ?? currency);
  const back = { to: '/sell/get' };
  const title = <Trans>Sell {label}</Trans>;

  if (status === 'loading') {
    return (
      <Screen back={back} title={title} busy>
        <Skeleton rows={3} label={t`Loading`} />
      </Screen>
    );
  }
  if (status === 'failed' || status === 'unavailable' || status === 'noRoom') {
    return (
      <Screen back={back} title={title}>
        <div role="alert" className={shell.card} data-testid="sell-amount-problem">
          <p className={shell.muted}>
            {status === 'noRoom' ? (
              i18n._(sellMessages.limit)
            ) : status === 'unavailable' ? (
              i18n._(sellMessages.unavailable)
            ) : (
              <Trans>Could not load the sell rate and limits.</Trans>
            )}
          </p>
          {status === 'noRoom' ? null : (
            <Button variant="secondary" onClick={() => actor.send({ type: 'terms.retried' })}>
              <Trans>Retry</Trans>
            </Button>
          )}
        </div>
      </Screen>
    );
  }

  const min = bounds ? format.figure.crypto(bounds.min, coin) : '';
  const max = bounds ? format.figure.crypto(bounds.max, coin) : '';
  const error = notEnough
    ? i18n._(sellMessages.notEnoughFunds)
    : problem === 'belowMin'
      ? t`The minimum is ${min} ${unit}.`
      : problem === 'aboveMax'
        ? t`The maximum is ${max} ${unit}.`
        : undefined;
  const available = terms ? cryptoNear(format, terms.available, coin) : '';
  const availableFiat = terms ? format.fiatOf(terms.available, rate) : null;

  return (
    <Screen
      hold={hold}
      back={back}
      title={title}
      busy={refreshing}
      onSubmit={() => actor.send({ type: 'amount.submitted' })}
      primary={
        <Button type="submit" disabled={!canSubmit}>
          <Trans>Continue</Trans>
        </Button>
      }
    >
      <ResetHoldNotice />
      <div className={shell.card}>
        <p className={css.note} data-testid="sell-available">
          <Trans>
            Available: {available} {unit}
          </Trans>
          {availableFiat ? (
            <span className={css.fiat} data-testid="sell-available-fiat">
              ≈ {availableFiat}
            </span>
          ) : null}
        </p>
        <p className={css.note} data-testid="sell-rate">
          {terms ? (
            <Trans>
              Rate: 1 {unit} ≈ {format.figure.fiat(terms.rate, SELL_FIAT)}
            </Trans>
          ) : null}
        </p>
      </div>
      <div className={css.amountRow}>
        <div className={css.grow}>
          <TextField
            label={t`Amount, ${unit}`}
            value={amount}
            onValueChange={(value) => actor.send({ type: 'amount.changed', value })}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            error={error}
          />
        </div>
        <div className={css.max}>
          <Button variant="secondary" disabled={!canMax} onClick={() => actor.send({ type: 'amount.maxed' })}>
            <Trans>Max</Trans>
          </Button>
        </div>
      </div>
      <p className={css.note} data-testid="sell-bounds">
        <Trans>
          From {min} to {max} {unit}
        </Trans>
      </p>
      <div className={shell.card}>
        <span className={shell.muted}>
          <Trans>You get on the card</Trans>
        </span>
        <p className={css.big} data-testid="sell-fiat">
          {format.fiat(fiat ?? '0', SELL_FIAT)}
        </p>
      </div>
    </Screen>
  );
}
