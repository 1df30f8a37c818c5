import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { assetHistoryMachine } from '../../../machines/assetHistory.machine';
import {
  selectAddFailed,
  selectAdding,
  selectAsset,
  selectAssetFailed,
  selectAssetUnavailable,
  selectAssetLoading,
  selectCoin,
  selectCopyingAddress,
  selectHistoryEmpty,
  selectMoreRows,
  selectNotAdded,
  selectTransactions,
} from '../../../machines/assetHistory.selectors';
import { shortenAddress } from '../../../machines/shared/address';
import { isZero } from '../../../machines/shared/money';
import { assetDisplayName, assetUnit } from '../../i18n/assetName';
import type { FiatRate } from '../../i18n/format';
import { useFormat } from '../../i18n/useFormat';
import { Button } from '../../ui/Button';
import { ArrowDownLeft, ArrowUpRight } from 'lucide-react';
import { CoinLogo } from '../../ui/CoinLogo';
import { Screen } from '../../ui/Screen';
import * as button from '../../ui/Button.css';
import { HistoryList } from './HistoryList';
import { MoreRows } from './MoreRows';
import { CopyButton, LoadFailed, Skeleton } from './parts';
import * as shell from '../shell/AppShell.css';
import * as css from './asset.css';

export type AssetHistoryActor = ActorRefFrom<typeof assetHistoryMachine>;

const icon = { size: 20, strokeWidth: 2, 'aria-hidden': true } as const;

/**
 * /home/asset/{currency}: balance (with its value in the selected fiat when a rate is loaded), deposit
 * address and history (spec §2); `prices`: the price chart section (issue 14). Renders machine state only.
 */
export function AssetScreen({
  actor,
  rate = null,
  prices = null,
}: {
  actor: AssetHistoryActor;
  rate?: FiatRate | null;
  prices?: ReactNode;
}) {
  const { t } = useLingui();
  const format = useFormat();
  const currency = useSelector(actor, (s) => s.context.currency);
  const loading = useSelector(actor, selectAssetLoading);
  const failed = useSelector(actor, selectAssetFailed);
  const unavailable = useSelector(actor, selectAssetUnavailable);
  const coin = useSelector(actor, selectCoin);
  const asset = useSelector(actor, selectAsset);
  const transactions = useSelector(actor, selectTransactions);
  const more = useSelector(actor, selectMoreRows);
  const empty = useSelector(actor, selectHistoryEmpty);
  const copying = useSelector(actor, selectCopyingAddress);
  const notAdded = useSelector(actor, selectNotAdded);
  const adding = useSelector(actor, selectAdding);
  const addFailed = useSelector(actor, selectAddFailed);
  const label = assetDisplayName(coin ?? currency).label;
  const unit = assetUnit(coin, currency);
  const balance = asset ? format.balance(asset.totalAvailable, coin) : '';
  const held = asset ? format.balance(asset.onHold, coin) : '';
  const fiat = asset ? format.fiatOf(asset.totalAvailable, rate) : null;

  return (
    <Screen back={{ to: '/home' }} title={coin?.name ?? currency} titleId="asset-title" busy={loading}>
      <div className={css.header}>
        {coin ? <CoinLogo logoName={coin.logoName} secondaryLogoName={coin.secondaryLogoName} size={56} /> : null}
        {asset ? (
          <>
            <p className={css.balance} data-testid="asset-balance">
              {balance} {unit}
            </p>
            {fiat === null ? null : (
              <p className={shell.muted} data-testid="asset-fiat">
                {fiat}
              </p>
            )}
            {isZero(asset.onHold) ? null : (
              <p className={shell.muted} data-testid="asset-on-hold">
                <Trans>
                  On hold: {held} {unit}
                </Trans>
              </p>
            )}
          </>
        ) : null}
      </div>
      {unavailable ? (
        // Not a coin of this wallet at all: trying again would change nothing.
        <p role="alert" className={shell.card}>
          <Trans>This asset is not available in the wallet.</Trans>
        </p>
      ) : failed ? (
        <LoadFailed onRetry={() => actor.send({ type: 'history.retried' })}>
          <Trans>Could not load this asset.</Trans>
        </LoadFailed>
      ) : null}
      {notAdded ? (
        <div className={shell.card} data-testid="asset-not-added">
          <p className={shell.muted}>
            <Trans>{label} isn't in your wallet</Trans>
          </p>
          {addFailed ? (
            <p role="alert" className={shell.muted}>
              <Trans>Could not add {label}. Please try again.</Trans>
            </p>
          ) : null}
          <Button busy={adding} onClick={() => actor.send({ type: 'asset.added' })}>
            <Trans>Add {label}</Trans>
          </Button>
        </div>
      ) : null}
      {loading ? <Skeleton rows={4} label={t`Loading history`} /> : null}
      {asset ? (
        <>
          <nav className={css.actions} aria-label={t`Actions`}>
            <Link to="/home/asset/$currency/receive" params={{ currency }} className={button.variant.primary}>
              <ArrowDownLeft {...icon} />
              <Trans>Receive</Trans>
            </Link>
            <Link to="/home/asset/$currency/send" params={{ currency }} className={button.variant.secondary}>
              <ArrowUpRight {...icon} />
              <Trans>Send</Trans>
            </Link>
          </nav>
          {prices}
          <div className={shell.card}>
            <span className={shell.muted}>
              <Trans>Deposit address</Trans>
            </span>
            {asset.depositAddress ? (
              <div className={css.addressRow}>
                <span className={css.mono} title={asset.depositAddress} data-testid="asset-address">
                  {shortenAddress(asset.depositAddress, 12)}
                </span>
                <CopyButton
                  label={t`Copy address`}
                  busy={copying}
                  onClick={() => actor.send({ type: 'copy.requested' })}
                />
              </div>
            ) : (
              <span data-testid="asset-address">
                <Trans>Not assigned yet</Trans>
              </span>
            )}
          </div>
          <div className={css.sectionHead}>
            <h2 className={css.sectionTitle}>
              <Trans>History</Trans>
            </h2>
            <Link to="/history" search={{ asset: currency }} className={css.sectionLink}>
              <Trans>Filter and export</Trans>
            </Link>
          </div>
          {empty ? (
            <p className={shell.muted} data-testid="history-empty">
              <Trans>No transactions yet. Deposits and transfers will show up here.</Trans>
            </p>
          ) : (
            <>
              <HistoryList transactions={transactions} coins={{ [currency]: coin }} />
              <MoreRows state={more} onMore={() => actor.send({ type: 'history.moreRequested' })} />
            </>
          )}
        </>
      ) : null}
    </Screen>
  );
}
