import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Navigate, useParams } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectAssetMachine } from '../../../machines/selectAsset.machine';
import { selectFiltering, selectQuery } from '../../../machines/selectAsset.selectors';
import { selectAssets, selectBalancesStatus } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { matchesQuery } from '../../../machines/shared/portfolio';
import { useSignedInServices } from '../../app/signedInContext';
import { AssetPicker } from '../../ui/AssetPicker';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as shell from '../shell/AppShell.css';

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

  let instead;
  if (status.includes('error')) {
    instead = (
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
    instead = <AssetListSkeleton />;
  }

  return (
    <Screen
      back={{ to: '/home' }}
      title={purpose === 'send' ? <Trans>Choose an asset to send</Trans> : <Trans>Choose an asset to receive</Trans>}
    >
      <AssetPicker
        items={matches.map((asset) => ({ currency: asset.currency, coin: catalogue[asset.currency] ?? null }))}
        label={t`Assets`}
        empty={filtering ? <Trans>No assets match “{query}”.</Trans> : <Trans>You have no assets yet.</Trans>}
        search={{
          value: query,
          onChange: (value) => search.send({ type: 'search.changed', query: value }),
          onClear: () => search.send({ type: 'search.cleared' }),
        }}
        linkOf={(item) => ({
          to: purpose === 'send' ? '/home/asset/$currency/send' : '/home/asset/$currency/receive',
          params: { currency: item.currency },
        })}
        instead={instead}
      />
    </Screen>
  );
}
