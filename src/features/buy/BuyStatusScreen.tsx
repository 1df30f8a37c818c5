import type { ActorRefFrom } from 'xstate';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import type { buyStatusMachine } from '../../../machines/buyStatus.machine';
import { selectCanReopenPayment, selectStatusOrder, selectStatusView } from '../../../machines/buyStatus.selectors';
import type { Coin } from '../../../contracts/wallet';
import { assetUnit } from '../../i18n/assetName';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import * as button from '../../ui/Button.css';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import { Spinner } from '../../ui/Spinner';
import * as shell from '../shell/AppShell.css';
import * as css from './buy.css';
import { cryptoNear } from '../sell/amountText';

export type BuyStatusActor = ActorRefFrom<typeof buyStatusMachine>;

/**
 * The return screen (issue 10): back from the payment page, the order followed until the crypto is
 * credited (with a link to the asset) or the payment declined (nothing credited).
 */
export function BuyStatusScreen({
  actor,
  coinOf,
}: {
  actor: BuyStatusActor;
  coinOf: (currency: string) => Coin | null;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const view = useSelector(actor, selectStatusView);
  const order = useSelector(actor, selectStatusOrder);
  const canReopen = useSelector(actor, selectCanReopenPayment);
  const coin = order ? coinOf(order.currency) : null;
  const unit = order ? assetUnit(coin, order.currency) : '';
  const amount = order ? `${cryptoNear(format, order.cryptoAmount, coin)} ${unit}` : '';
  const paid = order ? format.fiat(order.fiatAmount, order.fiatCurrency) : '';
  const toAsset = order ? (
    <Link to="/home/asset/$currency" params={{ currency: order.currency }} className={button.variant.primary}>
      <Trans>Go to {unit}</Trans>
    </Link>
  ) : null;
  const home = (
    <Link to="/home" className={button.variant.secondary}>
      <Trans>Back to assets</Trans>
    </Link>
  );

  if (view === 'loading') {
    return (
      <Screen title={<Trans>Your purchase</Trans>} busy>
        <Spinner size={40} label={t`Loading`} />
      </Screen>
    );
  }
  if (view === 'failed' && !order) {
    return (
      <Screen title={<Trans>Your purchase</Trans>} secondary={home}>
        <div className={shell.card} role="alert">
          <p className={shell.muted}>
            <Trans>Could not load the status of your purchase.</Trans>
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'status.retried' })}>
            <Trans>Retry</Trans>
          </Button>
        </div>
      </Screen>
    );
  }
  if (view === 'declined') {
    const reason = order?.reason ?? null;
    return (
      <Screen
        primary={
          <Link to="/buy/get" className={button.variant.primary}>
            <Trans>Try again</Trans>
          </Link>
        }
        secondary={home}
      >
        <StatusBlock
          icon={<CircleX size={36} strokeWidth={1.75} />}
          tone="error"
          title={
            reason === 'CANCELLED' ? (
              <Trans>Payment cancelled</Trans>
            ) : reason === 'EXPIRED' ? (
              <Trans>Payment time ran out</Trans>
            ) : reason === 'PAYMENT_FAILED' ? (
              <Trans>Payment failed</Trans>
            ) : (
              <Trans>Payment declined</Trans>
            )
          }
        >
          <p className={css.big} data-testid="buy-status-amount">
            {amount}
          </p>
          <p className={screen.statusText} data-testid="buy-status-paid">
            <Trans>For {paid} by card</Trans>
          </p>
          <p className={screen.statusText} data-testid="buy-status-note">
            {reason === 'DECLINED' ? (
              <Trans>Your bank declined the card payment. Nothing was credited to your wallet.</Trans>
            ) : reason === 'CANCELLED' ? (
              <Trans>The payment was cancelled on the payment page. Nothing was credited to your wallet.</Trans>
            ) : reason === 'EXPIRED' ? (
              <Trans>The order was not paid in time. Nothing was credited to your wallet.</Trans>
            ) : (
              <Trans>The card payment did not go through. Nothing was credited to your wallet.</Trans>
            )}
          </p>
        </StatusBlock>
      </Screen>
    );
  }
  const credited = view === 'credited';
  // Awaiting payment: the page may be closed or behind the app; it opens again from here.
  const reopen = canReopen ? (
    <Button onClick={() => actor.send({ type: 'payment.reopened' })}>
      <Trans>Open payment page</Trans>
    </Button>
  ) : null;
  const assetLink = order ? (
    <Link to="/home/asset/$currency" params={{ currency: order.currency }} className={button.variant.secondary}>
      <Trans>Go to {unit}</Trans>
    </Link>
  ) : null;
  return (
    <Screen
      primary={reopen ?? toAsset}
      secondary={
        reopen ? (
          <>
            {assetLink}
            {home}
          </>
        ) : (
          home
        )
      }
    >
      <StatusBlock
        icon={credited ? <CircleCheck size={36} strokeWidth={1.75} /> : <Clock size={36} strokeWidth={1.75} />}
        tone={credited ? 'success' : 'neutral'}
        title={
          credited ? (
            <Trans>Purchase complete</Trans>
          ) : reopen ? (
            <Trans>Awaiting payment</Trans>
          ) : (
            <Trans>Purchase in progress</Trans>
          )
        }
      >
        <p className={css.big} data-testid="buy-status-amount">
          {amount}
        </p>
        <p className={screen.statusText} data-testid="buy-status-paid">
          {credited ? <Trans>Paid {paid} by card</Trans> : <Trans>For {paid} by card</Trans>}
        </p>
        <p className={screen.statusText} data-testid="buy-status-note">
          {credited ? (
            <Trans>The crypto is in your wallet.</Trans>
          ) : reopen ? (
            <Trans>Pay on the card payment page. The crypto arrives in your wallet right after.</Trans>
          ) : (
            <Trans>
              We are waiting for the payment to be confirmed. The crypto arrives in your wallet right after.
            </Trans>
          )}
        </p>
        {view === 'failed' ? (
          <div role="alert" className={css.fields}>
            <p className={css.error}>
              <Trans>Could not refresh the status.</Trans>
            </p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'status.retried' })}>
              <Trans>Retry</Trans>
            </Button>
          </div>
        ) : null}
      </StatusBlock>
    </Screen>
  );
}
