import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, Clock } from 'lucide-react';
import { selectFromCoin, selectOrder, selectToCoin } from '../../../machines/swap.selectors';
import { assetUnit } from '../../i18n/assetName';
import { isShortened } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import * as button from '../../ui/Button.css';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import type { SwapActor } from './PickAssetScreen';
import * as css from './swap.css';

/** /swap/order/success: both legs settled; back to assets or to the asset received. */
export function SwapSuccessScreen({ actor }: { actor: SwapActor }) {
  const order = useSelector(actor, selectOrder);
  const fromCoin = useSelector(actor, selectFromCoin);
  const toCoin = useSelector(actor, selectToCoin);
  const format = useFormat();
  const to = order?.destinationCurrency ?? '';
  const toUnit = assetUnit(toCoin, to);
  const paid = order
    ? `${format.crypto(order.sourceAmount, fromCoin)} ${assetUnit(fromCoin, order.sourceCurrency)}`
    : '';
  // An asynchronous provider answers IN_PROGRESS: the source is on hold until it settles.
  const pending = order?.state === 'IN_PROGRESS';
  return (
    <Screen
      primary={
        <Link to="/home" className={button.variant.primary}>
          <Trans>Back to assets</Trans>
        </Link>
      }
      secondary={
        <Link to="/home/asset/$currency" params={{ currency: to }} className={button.variant.secondary}>
          <Trans>Open {toUnit}</Trans>
        </Link>
      }
    >
      <StatusBlock
        icon={pending ? <Clock size={36} strokeWidth={1.75} /> : <CircleCheck size={36} strokeWidth={1.75} />}
        tone={pending ? 'neutral' : 'success'}
        title={pending ? <Trans>Swap in progress</Trans> : <Trans>Swap complete</Trans>}
      >
        {order ? (
          <>
            <p className={css.big} data-testid="success-get">
              {/* USDT's round, as the history shows it; "≈" when that drops digits (the review said them all). */}
              {isShortened(order.destinationAmount, toCoin) && !format.hidden ? '≈ ' : ''}+
              {format.crypto(order.destinationAmount, toCoin)} {toUnit}
            </p>
            <p className={screen.statusText} data-testid="success-pay">
              <Trans>Paid {paid}</Trans>
            </p>
            {pending ? (
              <p className={screen.statusText} data-testid="success-note">
                <Trans>The exchange is settling it. You can follow it in both assets' history.</Trans>
              </p>
            ) : null}
          </>
        ) : null}
      </StatusBlock>
    </Screen>
  );
}
