import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, Navigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectAssetMachine } from '../../../machines/selectAsset.machine';
import { selectFiltering, selectQuery } from '../../../machines/selectAsset.selectors';
import { selectAssets, selectBalancesStatus } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { matchesQuery } from '../../../machines/shared/portfolio';
import { useSignedInServices } from '../../app/signedInContext';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as shell from '../shell/AppShell.css';
import * as css from './assets.css';

export type AssetPurpose = 'receive' | 'send';

/** /select-asset/$purpose (spec §2): pick one of your assets to receive into or send from. */
export function SelectAssetPage() {
  const { purpose: raw } = useParams({ strict: false }) as { purpose?: string };
  if (raw !== 'send' && raw !== 'receive') return <Navigate to="/home" replace />;
  return <SelectAsset purpose={raw} />;
}

function SelectAsset({ purpose }: { purpose: AssetPurpose }) {
  const { coins, balances } = useSignedInServices();
  const { t } = useLingui();
  const search = useActorRef(selectAssetMachine);
  const query = useSelector(search, selectQuery);
  const filtering = useSelector(search, selectFiltering);
  const assets = useSelector(balances, selectAssets);
  const catalogue = useSelector(coins, selectCoins);
  const status = [useSelector(coins, selectCoinsStatus), useSelector(balances, selectBalancesStatus)];
  const matches = useMemo(
    () => assets.filter((a) => !filtering || matchesQuery(a.currency, catalogue[a.currency] ?? null, query)),
    [assets, catalogue, filtering, query],
  );

  let body;
  if (status.includes('error')) {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not load your assets.</Trans>
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            coins.send({ type: 'coins.retried' });
            balances.send({ type: 'balances.retried' });
          }}
        >
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else if (status.includes('loading')) {
    body = <AssetListSkeleton />;
  } else if (matches.length === 0) {
    body = (
      <p className={shell.muted} role="status" data-testid="no-results">
        {filtering ? <Trans>No assets match “{query}”.</Trans> : <Trans>You have no assets yet.</Trans>}
      </p>
    );
  } else {
    body = (
      <ul className={assetCss.list} aria-label={t`Assets`}>
        {matches.map((asset) => (
          <li key={asset.currency}>
            <Link
              to={purpose === 'send' ? '/home/asset/$currency/send' : '/home/asset/$currency/receive'}
              params={{ currency: asset.currency }}
              className={assetCss.row}
            >
              <AssetLine currency={asset.currency} coin={catalogue[asset.currency] ?? null} />
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Screen
      back={{ to: '/home' }}
      title={purpose === 'send' ? <Trans>Choose an asset to send</Trans> : <Trans>Choose an asset to receive</Trans>}
    >
      <input
        type="search"
        className={css.search}
        aria-label={t`Search by name or code`}
        placeholder={t`Search`}
        value={query}
        onChange={(e) => search.send({ type: 'search.changed', query: e.target.value })}
        onKeyDown={(e) => {
          if (e.key === 'Escape') search.send({ type: 'search.cleared' });
        }}
      />
      {body}
    </Screen>
  );
}
