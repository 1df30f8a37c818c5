import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  selectAcknowledged,
  selectCanConfirm,
  selectCoin,
  selectRecipientCheck,
  selectFailure,
  selectPasscode,
  selectPreparingReview,
  selectRecipientShown,
  selectTotals,
  selectWithdrawing,
} from '../../../machines/send.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { assetUnit } from '../../i18n/assetName';
import { isShortened, type FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { useMoneyHold } from '../shell/moneyHold';
import { networkName } from '../asset/network';
import { PasscodeConfirmScreen } from '../passcode/PasscodeConfirmScreen';
import { RecipientWarning } from './RecipientWarning';
import type { SendActor } from './types';
import { sendMessages } from './messages';
import * as shell from '../shell/AppShell.css';
import * as css from './send.css';
import { serverFailureText } from '../errors/messages';
import { ResetHoldNotice } from '../passcode/ResetHoldNotice';

/**
 * /send/review: amount to receive, network, recipient, fee and total, each with its fiat value when a
 * rate is loaded; the passcode step (spec §2, §4).
 */
export function ReviewScreen({ actor, rate = null }: { actor: SendActor; rate?: FiatRate | null }) {
  const hold = useMoneyHold();
  const { t, i18n } = useLingui();
  const format = useFormat();
  const currency = useSelector(actor, (s) => s.context.currency);
  const address = useSelector(actor, (s) => s.context.address.trim());
  const coin = useSelector(actor, selectCoin);
  const totals = useSelector(actor, selectTotals);
  const shown = useSelector(actor, selectRecipientShown);
  const preparing = useSelector(actor, selectPreparingReview);
  const withdrawing = useSelector(actor, selectWithdrawing);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const failure = useSelector(actor, selectFailure);
  const passcode = useSelector(actor, selectPasscode);
  const recipientCheck = useSelector(actor, selectRecipientCheck);
  const acknowledged = useSelector(actor, selectAcknowledged);
  const unit = assetUnit(coin, currency);
  // What moves, in the asset's round (spec §9; "≈" when that drops digits), with the fiat value under each.
  const money = (value: string, testId: string) => {
    const fiat = format.fiatOf(value, rate);
    return (
      <>
        <span data-testid={testId}>
          {isShortened(value, coin) && !format.hidden ? '≈ ' : ''}
          {format.crypto(value, coin)} {unit}
        </span>
        {fiat === null ? null : (
          <span className={css.fiat} data-testid={`${testId}-fiat`}>
            ≈ {fiat}
          </span>
        )}
      </>
    );
  };

  if (passcode) {
    return (
      <PasscodeConfirmScreen
        actorRef={passcode}
        title={t`Enter your passcode to send`}
        back={{ onClick: () => actor.send({ type: 'passcode.cancelled' }) }}
      />
    );
  }
  return (
    <Screen
      hold={hold}
      back={{ onClick: () => actor.send({ type: 'review.edited' }), disabled: withdrawing, label: t`Edit` }}
      title={<Trans>Review the transfer</Trans>}
      guardClose
      busy={withdrawing || preparing}
      primary={
        <Button
          busy={withdrawing || preparing}
          disabled={!canConfirm}
          onClick={() => actor.send({ type: 'review.confirmed' })}
        >
          {failure ? <Trans>Try again</Trans> : <Trans>Confirm and send</Trans>}
        </Button>
      }
    >
      <ResetHoldNotice />
      <RecipientWarning check={recipientCheck} address={address}>
        <label className={css.ack}>
          <input
            type="checkbox"
            className={css.ackBox}
            checked={acknowledged}
            disabled={withdrawing}
            onChange={(e) => actor.send({ type: 'address.acknowledged', checked: e.currentTarget.checked })}
          />
          <Trans>I checked the address character by character and it is the right one</Trans>
        </label>
      </RecipientWarning>
      <div className={shell.card}>
        <span className={shell.muted}>
          <Trans>Amount to receive</Trans>
        </span>
        <p className={css.big}>{money(totals.receive, 'review-receive')}</p>
      </div>
      <dl className={`${shell.card} ${css.rows}`}>
        <div className={css.row}>
          <dt className={css.term}>
            <Trans>Network</Trans>
          </dt>
          <dd className={css.value} data-testid="review-network">
            {coin ? networkName(coin) : ''}
          </dd>
        </div>
        <div className={css.row}>
          <dt className={css.term}>
            <Trans>Recipient</Trans>
          </dt>
          <dd className={css.stack}>
            <span className={`${css.value} ${css.mono}`} data-testid="review-recipient" title={address}>
              {shown ? address : shortenAddress(address, 15)}
            </span>
            <button
              type="button"
              className={css.tool}
              aria-expanded={shown}
              onClick={() => actor.send({ type: 'recipient.toggled' })}
            >
              {shown ? <Trans>Hide full address</Trans> : <Trans>Show full address</Trans>}
            </button>
          </dd>
        </div>
        <div className={css.row}>
          <dt className={css.term}>
            <Trans>Network fee</Trans>
          </dt>
          <dd className={css.value}>{money(totals.fee, 'review-fee')}</dd>
        </div>
        <div className={css.row}>
          <dt className={css.term}>
            <Trans>Total</Trans>
          </dt>
          <dd className={css.value}>{money(totals.total, 'review-total')}</dd>
        </div>
      </dl>
      {failure ? (
        <p role="alert" className={css.error} data-testid="review-error">
          {serverFailureText((d) => i18n._(d), failure, sendMessages.somethingWentWrong)}
        </p>
      ) : null}
    </Screen>
  );
}
