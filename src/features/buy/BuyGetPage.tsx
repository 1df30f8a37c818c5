import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectAssetMachine } from '../../../machines/selectAsset.machine';
import { selectFiltering, selectQuery } from '../../../machines/selectAsset.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { matchesQuery } from '../../../machines/shared/portfolio';
import { useSignedInServices } from '../../app/signedInContext';
import { AssetPicker } from '../../ui/AssetPicker';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as shell from '../shell/AppShell.css';

/** /buy/get (spec §2): only active crypto coins of the catalogue, with search. */
export function BuyGetPage() {
  const { coins } = useSignedInServices();
  const { t } = useLingui();
  const search = useActorRef(selectAssetMachine);
  const query = useSelector(search, selectQuery);
  const filtering = useSelector(search, selectFiltering);
  const catalogue = useSelector(coins, selectCoins);
  const status = useSelector(coins, selectCoinsStatus);
  const offered = useMemo(
    () =>
      Object.values(catalogue).filter(
        (c) => c.active && c.crypto && (!filtering || matchesQuery(c.currency, c, query)),
      ),
    [catalogue, filtering, query],
  );

  let instead;
  if (status === 'error') {
    instead = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not load the coins.</Trans>
        </p>
        <Button variant="secondary" onClick={() => coins.send({ type: 'coins.retried' })}>
          <Trans>Retry</Trans>
        </Button>
      </div>
    );
  } else if (status === 'loading') {
    instead = <AssetListSkeleton />;
  }
  return (
    <Screen back={{ to: '/home/buy-sell' }} title={<Trans>Choose a coin to buy</Trans>}>
      <AssetPicker
        items={offered.map((coin) => ({ currency: coin.currency, coin }))}
        label={t`Coins`}
        empty={filtering ? <Trans>No coins match “{query}”.</Trans> : <Trans>No coins can be bought now.</Trans>}
        search={{
          value: query,
          onChange: (value) => search.send({ type: 'search.changed', query: value }),
          onClear: () => search.send({ type: 'search.cleared' }),
        }}
        linkOf={(item) => ({ to: '/buy/pay', search: { currency: item.currency } })}
        instead={instead}
      />
    </Screen>
  );
}
