import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { selectOrder, selectPayoutPhase, selectSoldAmount } from '../../../machines/sell.selectors';
import { SELL_FIAT } from '../../../machines/shared/sell';
import { assetUnit } from '../../i18n/assetName';
import { useFormat } from '../../i18n/useFormat';
import * as button from '../../ui/Button.css';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import type { SellActor } from './SellReviewScreen';
import * as css from './sell.css';
import { cryptoNear } from './amountText';

const icon = { size: 36, strokeWidth: 1.75 } as const;

/** /sell/success (spec §2): in progress until the payout completes (or fails), with "Go to dashboard". */
export function SellSuccessScreen({ actor }: { actor: SellActor }) {
  const format = useFormat();
  const currency = useSelector(actor, (s) => s.context.currency);
  const order = useSelector(actor, selectOrder);
  const phase = useSelector(actor, selectPayoutPhase);
  const sold = useSelector(actor, selectSoldAmount);
  const unit = assetUnit(order?.coin, currency);
  return (
    <Screen
      primary={
        <Link to="/home" className={button.variant.primary}>
          <Trans>Go to dashboard</Trans>
        </Link>
      }
    >
      <StatusBlock
        icon={
          phase === 'completed' ? (
            <CircleCheck {...icon} />
          ) : phase === 'failed' ? (
            <CircleX {...icon} />
          ) : (
            <Clock {...icon} />
          )
        }
        tone={phase === 'completed' ? 'success' : phase === 'failed' ? 'error' : 'neutral'}
        title={
          phase === 'completed' ? (
            <Trans>Sale complete</Trans>
          ) : phase === 'failed' ? (
            <Trans>Payout failed</Trans>
          ) : (
            <Trans>Sale in progress</Trans>
          )
        }
      >
        <p className={css.big} data-testid="sell-success-fiat">
          {order ? format.fiat(order.fiatAmount, SELL_FIAT) : ''}
        </p>
        <p className={screen.statusText} data-testid="sell-success-amount">
          <Trans>
            For {cryptoNear(format, sold, order?.coin)} {unit}
          </Trans>
        </p>
        <p className={screen.statusText} data-testid="sell-success-note">
          {phase === 'completed' ? (
            <Trans>The money is on its way to your card.</Trans>
          ) : phase === 'failed' ? (
            <Trans>The bank did not accept the payout. The amount is back on your balance.</Trans>
          ) : (
            <Trans>The payout usually takes a few minutes. You can follow it in the asset's history.</Trans>
          )}
        </p>
      </StatusBlock>
    </Screen>
  );
}
