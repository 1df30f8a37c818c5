import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { CircleCheck, Clock } from 'lucide-react';
import { selectCoin, selectSentInstantly, selectTotals } from '../../../machines/send.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { assetUnit } from '../../i18n/assetName';
import { isShortened } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import * as button from '../../ui/Button.css';
import { Screen, StatusBlock } from '../../ui/Screen';
import * as screen from '../../ui/Screen.css';
import type { SendActor } from './types';
import * as css from './send.css';

/**
 * /send/progress (spec §2): on its way, about 2 minutes — or, when it already settled inside the
 * wallet, that it arrived instantly; back to assets; save the recipient.
 */
export function ProgressScreen({ actor }: { actor: SendActor }) {
  const currency = useSelector(actor, (s) => s.context.currency);
  const address = useSelector(actor, (s) => s.context.address.trim());
  const coin = useSelector(actor, selectCoin);
  const { receive } = useSelector(actor, selectTotals);
  const instant = useSelector(actor, selectSentInstantly);
  const format = useFormat();
  return (
    <Screen
      primary={
        <Link to="/home" className={button.variant.primary}>
          <Trans>Back to assets</Trans>
        </Link>
      }
      secondary={
        <Link
          to="/settings/address-book/create"
          search={{ address, blockchain: coin?.blockchain ?? '' }}
          className={button.variant.secondary}
        >
          <Trans>Add to address book</Trans>
        </Link>
      }
    >
      <StatusBlock
        icon={instant ? <CircleCheck size={36} strokeWidth={1.75} /> : <Clock size={36} strokeWidth={1.75} />}
        tone={instant ? 'success' : 'neutral'}
        title={instant ? <Trans>Transfer complete</Trans> : <Trans>Transfer in progress</Trans>}
      >
        <p className={css.big} data-testid="progress-amount">
          {isShortened(receive, coin) && !format.hidden ? '≈ ' : ''}
          {format.crypto(receive, coin)} {assetUnit(coin, currency)}
        </p>
        <p className={screen.statusText}>
          <Trans>To {shortenAddress(address, 15)}</Trans>
        </p>
        <p className={screen.statusText} data-testid="progress-note">
          {instant ? (
            <Trans>It arrived instantly: transfers between wallets here need no network confirmations.</Trans>
          ) : (
            <Trans>It may take a few minutes, usually about 2 minutes. You can follow it in the asset's history.</Trans>
          )}
        </p>
      </StatusBlock>
    </Screen>
  );
}
