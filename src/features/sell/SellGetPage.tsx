import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectAssets, selectBalancesStatus } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { useFormat } from '../../i18n/useFormat';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as shell from '../shell/AppShell.css';

/** /sell/get (spec §2): choose the crypto to sell among your assets. */
export function SellGetPage() {
  const { coins, balances } = useSignedInServices();
  const { t } = useLingui();
  const format = useFormat();
  const assets = useSelector(balances, selectAssets);
  const catalogue = useSelector(coins, selectCoins);
  const status = [useSelector(coins, selectCoinsStatus), useSelector(balances, selectBalancesStatus)];
  const sellable = assets.filter((a) => a.isCrypto);

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
  } else if (sellable.length === 0) {
    body = (
      <p className={shell.muted} role="status">
        <Trans>You have no crypto to sell yet.</Trans>
      </p>
    );
  } else {
    body = (
      <ul className={assetCss.list} aria-label={t`Assets`}>
        {sellable.map((asset) => {
          const coin = catalogue[asset.currency] ?? null;
          return (
            <li key={asset.currency}>
              <Link to="/sell/pay" search={{ currency: asset.currency }} className={assetCss.row}>
                <AssetLine currency={asset.currency} coin={coin} right={format.crypto(asset.totalAvailable, coin)} />
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Screen back={{ to: '/home/buy-sell' }} title={<Trans>Choose the crypto to sell</Trans>}>
      {body}
    </Screen>
  );
}
