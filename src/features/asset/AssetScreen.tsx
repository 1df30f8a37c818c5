import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { assetHistoryMachine } from '../../../machines/assetHistory.machine';
import {
  selectAsset, selectAssetError, selectAssetFailed, selectAssetLoading, selectCoin, selectCopyingAddress,
  selectHistoryEmpty, selectTransactions,
} from '../../../machines/assetHistory.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { formatCrypto, isZero } from '../../../machines/shared/money';
import { CoinLogo } from '../../ui/CoinLogo';
import * as button from '../../ui/Button.css';
import { HistoryList } from './HistoryList';
import { CopyButton, LoadFailed, Skeleton } from './parts';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

export type AssetHistoryActor = ActorRefFrom<typeof assetHistoryMachine>;

const enc = encodeURIComponent;

/** /home/asset/{currency}: balance, deposit address and history (spec §2). Renders machine state only. */
export function AssetScreen({ actor }: { actor: AssetHistoryActor }) {
  const { t } = useLingui();
  const currency = useSelector(actor, (s) => s.context.currency);
  const loading = useSelector(actor, selectAssetLoading);
  const failed = useSelector(actor, selectAssetFailed);
  const error = useSelector(actor, selectAssetError);
  const coin = useSelector(actor, selectCoin);
  const asset = useSelector(actor, selectAsset);
  const transactions = useSelector(actor, selectTransactions);
  const empty = useSelector(actor, selectHistoryEmpty);
  const copying = useSelector(actor, selectCopyingAddress);
  const round = coin?.round ?? null;
  const amount = (value: string) => (round === null ? value : formatCrypto(value, round));

  return (
    <section className={shell.page} aria-labelledby="asset-title" aria-busy={loading || undefined}>
      <Link to="/home" className={shell.muted}><Trans>‹ Home</Trans></Link>
      <header className={css.header}>
        {coin ? <CoinLogo logoName={coin.logoName} secondaryLogoName={coin.secondaryLogoName} size={56} /> : null}
        <h1 id="asset-title" className={shell.title}>{coin?.name ?? currency}</h1>
        {asset ? (
          <>
            <p className={css.balance} data-testid="asset-balance">{amount(asset.totalAvailable)} {currency}</p>
            {isZero(asset.onHold) ? null : (
              <p className={shell.muted} data-testid="asset-on-hold"><Trans>On hold: {amount(asset.onHold)} {currency}</Trans></p>
            )}
          </>
        ) : null}
      </header>
      {failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'history.retried' })}>
          {error?.kind === 'notFound' ? <Trans>This asset is not in your wallet.</Trans> : <Trans>Could not load this asset.</Trans>}
        </LoadFailed>
      ) : null}
      {loading ? <Skeleton rows={4} label={t`Loading history`} /> : null}
      {asset ? (
        <>
          <nav className={css.actions} aria-label={t`Actions`}>
            <Link to={`/home/asset/${enc(currency)}/receive`} className={button.variant.primary}><Trans>Receive</Trans></Link>
            <Link to={`/home/asset/${enc(currency)}/send`} className={button.variant.secondary}><Trans>Send</Trans></Link>
          </nav>
          <div className={shell.card}>
            <span className={shell.muted}><Trans>Deposit address</Trans></span>
            {asset.depositAddress ? (
              <div className={css.addressRow}>
                <span className={css.mono} title={asset.depositAddress} data-testid="asset-address">{shortenAddress(asset.depositAddress, 12)}</span>
                <CopyButton label={t`Copy address`} busy={copying} onClick={() => actor.send({ type: 'copy.requested' })} />
              </div>
            ) : (
              <span data-testid="asset-address"><Trans>Not assigned yet</Trans></span>
            )}
          </div>
          <h2 className={css.sectionTitle}><Trans>History</Trans></h2>
          {empty ? (
            <p className={shell.muted} data-testid="history-empty"><Trans>No transactions yet. Deposits and transfers will show up here.</Trans></p>
          ) : (
            <HistoryList transactions={transactions} currency={currency} round={round} />
          )}
        </>
      ) : null}
    </section>
  );
}
