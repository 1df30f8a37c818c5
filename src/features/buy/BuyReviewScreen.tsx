import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Timer } from 'lucide-react';
import type { buyReviewMachine } from '../../../machines/buyReview.machine';
import {
  selectCanConfirm,
  selectCoin,
  selectCountdownActor,
  selectCreating,
  selectExpired,
  selectFailure,
  selectPreparing,
  selectQuote,
  selectRate,
  selectReviewLoading,
  selectRequoting,
} from '../../../machines/buyReview.selectors';
import { invertRate } from '../../../machines/shared/money';
import { buyFee } from '../../../machines/shared/buy';
import { assetUnit } from '../../i18n/assetName';
import { fiatSymbol, formatPercent } from '../../i18n/format';
import { QuoteDetails } from '../../ui/QuoteDetails';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Countdown } from '../../ui/Countdown';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { Spinner } from '../../ui/Spinner';
import * as shell from '../shell/AppShell.css';
import { buyMessages } from './messages';
import * as css from './buy.css';
import { cryptoNear, fiatFigure } from '../sell/amountText';

export type BuyReviewActor = ActorRefFrom<typeof buyReviewMachine>;

/**
 * /buy/order/review (spec §2, §4): what you pay and get, the rate and a mm:ss countdown; at 0 the
 * summary greys out, the expired message shows and Update rate replaces Confirm.
 */
export function BuyReviewScreen({
  actor,
  back,
}: {
  actor: BuyReviewActor;
  back: { to: string; search?: Record<string, string> };
}) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const loading = useSelector(actor, selectReviewLoading);
  const quote = useSelector(actor, selectQuote);
  const coin = useSelector(actor, selectCoin);
  const currency = useSelector(actor, (s) => s.context.draft.currency);
  const countdown = useSelector(actor, selectCountdownActor);
  const expired = useSelector(actor, selectExpired);
  const requoting = useSelector(actor, selectRequoting);
  const creating = useSelector(actor, selectCreating);
  const preparing = useSelector(actor, selectPreparing);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const failure = useSelector(actor, selectFailure);
  const rate = useSelector(actor, selectRate);
  const unit = assetUnit(coin, currency);
  const fee = quote ? buyFee(quote) : null;
  // The rate as the order form showed it (cut to kopecks); the other way from the exact rate.
  const exactRate = quote?.rate ?? rate;
  const backward = exactRate ? invertRate(exactRate, 8) : null;
  const busy = loading || creating || preparing || requoting;

  const primary = expired ? (
    <Button busy={requoting} onClick={() => actor.send({ type: 'rate.updated' })}>
      <Trans>Update rate</Trans>
    </Button>
  ) : (
    <Button
      busy={creating || preparing}
      disabled={!canConfirm}
      onClick={() => actor.send({ type: 'review.confirmed' })}
    >
      {failure ? <Trans>Try again</Trans> : <Trans>Confirm and pay</Trans>}
    </Button>
  );

  return (
    <Screen
      hold={hold}
      back={{ ...back, disabled: creating }}
      title={<Trans>Review the purchase</Trans>}
      guardClose
      busy={busy}
      primary={loading ? undefined : primary}
    >
      {loading || !quote ? (
        <Spinner size={40} label={t`Loading`} />
      ) : (
        <>
          <div
            className={expired ? `${css.summary} ${css.greyed}` : css.summary}
            data-testid="buy-summary"
            aria-disabled={expired || undefined}
          >
            <div className={shell.card}>
              <span className={css.label}>
                <Trans>You get</Trans>
              </span>
              <p className={css.big} data-testid="review-crypto">
                {cryptoNear(format, quote.cryptoAmount, coin)} {unit}
              </p>
            </div>
            <dl className={`${shell.card} ${css.rows}`}>
              <div className={css.row}>
                <dt className={css.term}>
                  <Trans>You pay</Trans>
                </dt>
                <dd className={css.value} data-testid="review-fiat">
                  {format.fiat(quote.fiatAmount, quote.fiatCurrency)}
                </dd>
              </div>
              <div className={css.row}>
                <dt className={css.term}>
                  <Trans>Payment</Trans>
                </dt>
                <dd className={css.value}>
                  <Trans>Bank card</Trans>
                </dd>
              </div>
            </dl>
            {/* What the purchase costs, like swap's review: the rate both ways, the spread as a fee, the exact crypto. */}
            <div className={shell.card}>
              <QuoteDetails
                testId="review"
                rate={
                  exactRate
                    ? {
                        fromUnit: unit,
                        // The fiat as the amounts show it (₽), not its code.
                        toUnit: fiatSymbol(quote.fiatCurrency, format.locale),
                        forward: fiatFigure(rate ?? exactRate, format.locale),
                        backward: backward === null ? '—' : format.figure.crypto(backward, null),
                      }
                    : null
                }
                fee={
                  fee === null
                    ? null
                    : {
                        amount: `${cryptoNear(format, fee.crypto, coin)} ${unit}`,
                        fiat: format.fiat(fee.fiat, quote.fiatCurrency),
                        percent: formatPercent(fee.percent, format.locale),
                      }
                }
                exact={`${format.crypto(quote.cryptoAmount, null)} ${unit}`}
              />
            </div>
          </div>
          {expired ? (
            <p role="alert" className={css.error} data-testid="review-expired">
              <Trans>The rate has expired. Update it to see the current price.</Trans>
            </p>
          ) : countdown ? (
            <p className={css.timer}>
              <Timer size={16} aria-hidden="true" />
              <span>
                <Trans>Rate valid for</Trans>
              </span>
              <Countdown actor={countdown} className={css.time} testId="review-countdown" />
            </p>
          ) : null}
          {failure && !/EXPIRED/.test(failure.code) ? (
            <p role="alert" className={css.error} data-testid="review-error">
              {failure.message || i18n._(buyMessages.somethingWentWrong)}
            </p>
          ) : null}
          <p className={css.note}>
            <Trans>
              You will pay on the card payment page. The crypto arrives in your wallet once the payment is confirmed.
            </Trans>
          </p>
        </>
      )}
    </Screen>
  );
}
