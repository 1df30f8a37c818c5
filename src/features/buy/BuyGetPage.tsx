import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectAssetMachine } from '../../../machines/selectAsset.machine';
import { selectFiltering, selectQuery } from '../../../machines/selectAsset.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { matchesQuery } from '../../../machines/shared/portfolio';
import { useSignedInServices } from '../../app/signedInContext';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as assetsCss from '../assets/assets.css';
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

  let body;
  if (status === 'error') {
    body = (
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
    body = <AssetListSkeleton />;
  } else if (offered.length === 0) {
    body = (
      <p className={shell.muted} role="status">
        {filtering ? <Trans>No coins match “{query}”.</Trans> : <Trans>No coins can be bought now.</Trans>}
      </p>
    );
  } else {
    body = (
      <ul className={assetCss.list} aria-label={t`Coins`}>
        {offered.map((coin) => (
          <li key={coin.currency}>
            <Link to="/buy/pay" search={{ currency: coin.currency }} className={assetCss.row}>
              <AssetLine currency={coin.currency} coin={coin} />
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Screen back={{ to: '/home/buy-sell' }} title={<Trans>Choose a coin to buy</Trans>}>
      <input
        type="search"
        className={assetsCss.search}
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
