import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Timer } from 'lucide-react';
import {
  selectCanConfirm,
  selectConfirming,
  selectCountdown,
  selectCreateFailed,
  selectExpired,
  selectFailure,
  selectFromCoin,
  selectOrder,
  selectOrderFee,
  selectPasscode,
  selectPreparingOrder,
  selectRefused,
  selectToCoin,
} from '../../../machines/swap.selectors';
import { invertRate } from '../../../machines/shared/money';
import { assetUnit } from '../../i18n/assetName';
import { formatPercent } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { Skeleton } from '../asset/parts';
import { PasscodeConfirmScreen } from '../passcode/PasscodeConfirmScreen';
import { Countdown } from '../../ui/Countdown';
import { QuoteDetails } from '../../ui/QuoteDetails';
import { swapMessages } from './messages';
import type { SwapActor } from './PickAssetScreen';
import type { SwapRates } from './SwapOrderScreen';
import * as shell from '../shell/AppShell.css';
import * as css from './swap.css';
import { ResetHoldNotice } from '../passcode/ResetHoldNotice';

/**
 * /swap/order/review (spec §2, §4): the order's amounts and rate with a mm:ss countdown to its own
 * expiry; at 0 the summary greys out, the expired message shows and Update rate makes a fresh order;
 * the passcode step when a passcode is active; the server's message when the confirm fails.
 */
export function SwapReviewScreen({ actor, rates }: { actor: SwapActor; rates: SwapRates }) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const order = useSelector(actor, selectOrder);
  const fromCoin = useSelector(actor, selectFromCoin);
  const toCoin = useSelector(actor, selectToCoin);
  const countdown = useSelector(actor, selectCountdown);
  const preparing = useSelector(actor, selectPreparingOrder);
  const createFailed = useSelector(actor, selectCreateFailed);
  const expired = useSelector(actor, selectExpired);
  const refused = useSelector(actor, selectRefused);
  const confirming = useSelector(actor, selectConfirming);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const failure = useSelector(actor, selectFailure);
  const passcode = useSelector(actor, selectPasscode);
  const fee = useSelector(actor, selectOrderFee);

  if (passcode) {
    return (
      <PasscodeConfirmScreen
        actorRef={passcode}
        title={t`Enter your passcode to swap`}
        back={{ onClick: () => actor.send({ type: 'passcode.cancelled' }) }}
      />
    );
  }

  const edit = () => actor.send({ type: 'review.edited' });
  const stale = expired || refused;
  const primary = createFailed ? (
    <Button onClick={() => actor.send({ type: 'order.retried' })}>
      <Trans>Try again</Trans>
    </Button>
  ) : stale ? (
    <Button onClick={() => actor.send({ type: 'rate.updated' })}>
      <Trans>Update rate</Trans>
    </Button>
  ) : (
    <Button
      busy={confirming || preparing}
      disabled={!canConfirm}
      onClick={() => actor.send({ type: 'review.confirmed' })}
    >
      <Trans>Confirm swap</Trans>
    </Button>
  );

  const withFiat = (text: string, fiat: string | null, testId: string) => (
    <>
      <span data-testid={testId}>{text}</span>
      {fiat === null ? null : (
        <span className={css.fiat} data-testid={`${testId}-fiat`}>
          ≈ {fiat}
        </span>
      )}
    </>
  );

  let body;
  if (createFailed) {
    body = (
      <div role="alert" className={shell.card} data-testid="swap-create-error">
        <p className={shell.muted}>{i18n._(swapMessages.somethingWentWrong)}</p>
      </div>
    );
  } else if (preparing || !order) {
    body = <Skeleton rows={3} label={t`Getting your rate`} />;
  } else {
    const fromUnit = assetUnit(fromCoin, order.sourceCurrency);
    const toUnit = assetUnit(toCoin, order.destinationCurrency);
    const backward = invertRate(order.rate, fromCoin?.round ?? 8);
    // One line per thing: what you pay, the rate (both ways), what it costs, and what you get: exactly,
    // to the order's last minor unit (every other screen rounds it to the asset's `round`).
    const get = `${format.crypto(order.destinationAmount, null)} ${toUnit}`;
    const getFiat = format.fiatOf(order.destinationAmount, rates.to);
    body = (
      <>
        <div
          className={`${shell.card} ${css.rows} ${stale ? css.stale : ''}`}
          data-testid="swap-summary"
          aria-disabled={stale || undefined}
        >
          <dl className={css.rows}>
            <div className={css.line}>
              <dt className={css.term}>
                <Trans>You pay</Trans>
              </dt>
              <dd className={css.value}>
                {withFiat(
                  `${format.crypto(order.sourceAmount, fromCoin)} ${fromUnit}`,
                  format.fiatOf(order.sourceAmount, rates.from),
                  'review-pay',
                )}
              </dd>
            </div>
          </dl>
          <QuoteDetails
            testId="review"
            rate={{
              fromUnit,
              toUnit,
              forward: format.figure.crypto(order.rate, toCoin),
              backward: backward === null ? '—' : format.figure.crypto(backward, fromCoin),
            }}
            fee={
              fee === null
                ? null
                : {
                    amount: `${format.crypto(fee.amount, toCoin)} ${toUnit}`,
                    fiat: format.fiatOf(fee.amount, rates.to),
                    percent: fee.percent === null ? null : formatPercent(fee.percent, format.locale),
                  }
            }
            exact={get}
            exactFiat={getFiat}
          />
        </div>
        {refused ? (
          <p role="alert" className={css.error} data-testid="swap-refused">
            <Trans>The swap did not go through. Nothing was moved; try again for a fresh rate.</Trans>
          </p>
        ) : expired ? (
          <p role="alert" className={css.error} data-testid="swap-expired">
            {i18n._(swapMessages.expired)}
          </p>
        ) : (
          <p className={css.timer}>
            <span>
              <Timer size={16} strokeWidth={2} aria-hidden /> <Trans>The rate is fixed for</Trans>
            </span>
            <Countdown actor={countdown} className={css.clock} testId="swap-countdown" />
          </p>
        )}
        {failure && !stale ? (
          <p role="alert" className={css.error} data-testid="swap-confirm-error">
            {failure.message || i18n._(swapMessages.somethingWentWrong)}
          </p>
        ) : null}
      </>
    );
  }

  return (
    <Screen
      hold={hold}
      back={{ onClick: edit, disabled: confirming, label: t`Edit` }}
      title={<Trans>Review the swap</Trans>}
      busy={confirming || preparing}
      primary={primary}
      // Inside Telegram, Close asks first (as send's, buy's and sell's reviews do): closing loses the fixed rate.
      guardClose
    >
      <ResetHoldNotice />
      {body}
    </Screen>
  );
}
