import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectAssets, selectBalancesStatus } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { AssetPicker } from '../../ui/AssetPicker';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { AssetListSkeleton } from '../home/AssetList';
import * as shell from '../shell/AppShell.css';

/** /sell/get (spec §2): choose the crypto to sell among your assets. */
export function SellGetPage() {
  const { coins, balances } = useSignedInServices();
  const { t } = useLingui();
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
  } else {
    body = (
      <AssetPicker
        items={sellable.map((asset) => ({
          currency: asset.currency,
          coin: catalogue[asset.currency] ?? null,
          available: asset.totalAvailable,
        }))}
        label={t`Assets`}
        empty={<Trans>You have no crypto to sell yet.</Trans>}
        linkOf={(item) => ({ to: '/sell/pay', search: { currency: item.currency } })}
      />
    );
  }
  return (
    <Screen back={{ to: '/home/buy-sell' }} title={<Trans>Choose the crypto to sell</Trans>}>
      {body}
    </Screen>
  );
}
