import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectCoin, selectSentInstantly, selectTotals } from '../../../machines/send.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { assetUnit } from '../../i18n/assetName';
import { useFormat } from '../../i18n/useFormat';
import * as button from '../../ui/Button.css';
import type { SendActor } from './SendFormScreen';
import * as shell from '../shell/AppShell.css';
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
    <section className={shell.centered} aria-labelledby="progress-title">
      <h1 id="progress-title" className={shell.title}>{instant ? <Trans>Transfer complete</Trans> : <Trans>Transfer in progress</Trans>}</h1>
      <p className={css.big} data-testid="progress-amount">{format.crypto(receive, null)} {assetUnit(coin, currency)}</p>
      <p className={shell.muted}><Trans>To {shortenAddress(address, 15)}</Trans></p>
      <p className={shell.muted} data-testid="progress-note">
        {instant
          ? <Trans>It arrived instantly: transfers between wallets here need no network confirmations.</Trans>
          : <Trans>It may take a few minutes, usually about 2 minutes. You can follow it in the asset's history.</Trans>}
      </p>
      <Link to="/home" className={button.variant.primary}><Trans>Back to assets</Trans></Link>
      <Link to="/settings/address-book/create" search={{ address, blockchain: coin?.blockchain ?? '' }} className={button.variant.secondary}>
        <Trans>Add to address book</Trans>
      </Link>
    </section>
  );
}
