import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { sellMachine } from '../../../machines/sell.machine';
import {
  selectCanConfirm,
  selectCard,
  selectFailure,
  selectOrder,
  selectPasscode,
  selectPayoutsUnavailable,
  selectPreparingReview,
  selectSelling,
} from '../../../machines/sell.selectors';
import { invertRate } from '../../../machines/shared/money';
import { displayMasked, SELL_FIAT, sellFee } from '../../../machines/shared/sell';
import { assetUnit } from '../../i18n/assetName';
import { fiatSymbol, formatPercent, type FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { QuoteDetails } from '../../ui/QuoteDetails';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { PasscodeConfirmScreen } from '../passcode/PasscodeConfirmScreen';
import * as shell from '../shell/AppShell.css';
import { sellMessages } from './messages';
import * as css from './sell.css';
import { ResetHoldNotice } from '../passcode/ResetHoldNotice';
import { cryptoNear, fiatFigure } from './amountText';

export type SellActor = ActorRefFrom<typeof sellMachine>;

/** /sell/order/review (spec §2): what leaves the wallet, what the card gets, the rate and the card; the passcode step. */
export function SellReviewScreen({ actor, rate = null }: { actor: SellActor; rate?: FiatRate | null }) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const currency = useSelector(actor, (s) => s.context.currency);
  const order = useSelector(actor, selectOrder);
  const card = useSelector(actor, selectCard);
  const preparing = useSelector(actor, selectPreparingReview);
  const selling = useSelector(actor, selectSelling);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const failure = useSelector(actor, selectFailure);
  const unavailable = useSelector(actor, selectPayoutsUnavailable);
  const passcode = useSelector(actor, selectPasscode);
  const unit = assetUnit(order?.coin, currency);

  if (passcode) {
    return (
      <PasscodeConfirmScreen
        actorRef={passcode}
        title={t`Enter your passcode to sell`}
        back={{ onClick: () => actor.send({ type: 'passcode.cancelled' }) }}
      />
    );
  }
  const masked = card?.kind === 'saved' ? card.card.mascCard : card?.kind === 'new' ? card.masked : '';
  const amountFiat = order ? format.fiatOf(order.amount, rate) : null;
  const fee = order ? sellFee(order) : null;
  const backward = order ? invertRate(order.rate, 8) : null;
  return (
    <Screen
      hold={hold}
      back={{ onClick: () => actor.send({ type: 'review.edited' }), disabled: selling, label: t`Edit` }}
      title={<Trans>Review the sale</Trans>}
      guardClose
      busy={selling || preparing}
      primary={
        <Button
          busy={selling || preparing}
          disabled={!canConfirm}
          onClick={() => actor.send({ type: 'review.confirmed' })}
        >
          {failure ? <Trans>Try again</Trans> : <Trans>Confirm and sell</Trans>}
        </Button>
      }
    >
      <ResetHoldNotice />
      <div className={shell.card}>
        <span className={shell.muted}>
          <Trans>You get on the card</Trans>
        </span>
        <p className={css.big} data-testid="review-fiat">
          {order ? format.fiat(order.fiatAmount, SELL_FIAT) : ''}
        </p>
      </div>
      <dl className={`${shell.card} ${css.rows}`}>
        <div className={css.row}>
          <dt className={css.term}>
            <Trans>You sell</Trans>
          </dt>
          <dd className={css.value}>
            <span data-testid="review-amount">
              {order ? cryptoNear(format, order.amount, order.coin) : ''} {unit}
            </span>
            {amountFiat ? (
              <span className={css.fiat} data-testid="review-amount-fiat">
                ≈ {amountFiat}
              </span>
            ) : null}
          </dd>
        </div>
        <div className={css.row}>
          <dt className={css.term}>
            <Trans>Card</Trans>
          </dt>
          <dd className={`${css.value} ${css.mono}`} data-testid="review-card">
            {displayMasked(masked)}
          </dd>
        </div>
        {card?.kind === 'new' && card.save ? (
          <div className={css.row}>
            <dt className={css.term}>
              <Trans>Save card</Trans>
            </dt>
            <dd className={css.value} data-testid="review-save">
              <Trans>Yes</Trans>
            </dd>
          </div>
        ) : null}
      </dl>
      {order ? (
        // What the sale costs, like swap's review: the rate both ways, the spread as a fee, the exact payout.
        <div className={shell.card}>
          <QuoteDetails
            testId="review"
            rate={{
              fromUnit: unit,
              // The fiat as the amounts show it (₽), not its code.
              toUnit: fiatSymbol(SELL_FIAT, format.locale),
              forward: fiatFigure(order.rate, format.locale),
              backward: backward === null ? '—' : format.figure.crypto(backward, null),
            }}
            fee={
              fee === null
                ? null
                : {
                    amount: `${cryptoNear(format, fee.crypto, order.coin)} ${unit}`,
                    fiat: format.fiat(fee.fiat, SELL_FIAT),
                    percent: fee.percent === null ? null : formatPercent(fee.percent, format.locale),
                  }
            }
            exact={format.fiat(order.fiatAmount, SELL_FIAT)}
          />
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className={css.error} data-testid="review-error">
          {unavailable ? i18n._(sellMessages.unavailable) : failure.message || i18n._(sellMessages.somethingWentWrong)}
        </p>
      ) : null}
    </Screen>
  );
}
