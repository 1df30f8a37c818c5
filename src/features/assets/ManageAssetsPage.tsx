import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { manageAssetsMachine } from '../../../machines/manageAssets.machine';
import { selectAdded, selectAdding, selectHidden } from '../../../machines/manageAssets.selectors';
import { selectAssets, selectBalancesStatus } from '../../../machines/balances.selectors';
import { selectCoins, selectCoinsStatus } from '../../../machines/availableCoins.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { homeStore } from '../../app/homeStore';
import { AssetLine, assetCss } from '../../ui/AssetRow';
import { Button } from '../../ui/Button';
import { Screen } from '../../ui/Screen';
import { Spinner } from '../../ui/Spinner';
import { AssetListSkeleton } from '../home/AssetList';
import * as shell from '../shell/AppShell.css';
import * as css from './assets.css';

/** /manage-assets (spec §2, §4): every active crypto coin with a switch. */
export function ManageAssetsPage() {
  const { coins, balances, walletActors, showToast } = useSignedInServices();
  const { t } = useLingui();
  const manage = useActorRef(
    manageAssetsMachine.provide({
      actors: { addAsset: walletActors.addAsset },
      actions: {
        persistHidden: ({ context }) => homeStore.saveDisabledAssets(context.hidden),
        refreshBalances: () => balances.send({ type: 'balances.refreshRequested' }),
        reportAddFailed: () => showToast({ kind: 'error', message: t`Could not add the asset. Please try again.` }),
      },
    }),
    { input: { hidden: homeStore.disabledAssets() } },
  );
  const hidden = useSelector(manage, selectHidden);
  const added = useSelector(manage, selectAdded);
  const adding = useSelector(manage, selectAdding);
  const catalogue = useSelector(coins, selectCoins);
  const assets = useSelector(balances, selectAssets);
  const status = [useSelector(coins, selectCoinsStatus), useSelector(balances, selectBalancesStatus)];
  const offered = useMemo(() => Object.values(catalogue).filter((c) => c.active && c.crypto), [catalogue]);
  const held = useMemo(() => new Set(assets.map((a) => a.currency)), [assets]);

  let body;
  if (status.includes('error')) {
    body = (
      <div className={shell.card} role="alert">
        <p className={shell.muted}>
          <Trans>Could not load the assets.</Trans>
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
    body = <AssetListSkeleton rows={5} />;
  } else {
    body = (
      <ul className={assetCss.list} aria-label={t`Assets`}>
        {offered.map((coin) => {
          const isHeld = held.has(coin.currency);
          const on = (isHeld || added.includes(coin.currency)) && !hidden.includes(coin.currency);
          const busy = adding === coin.currency;
          return (
            <li key={coin.currency}>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-busy={busy || undefined}
                disabled={busy}
                className={assetCss.row}
                data-currency={coin.currency}
                onClick={() => manage.send({ type: 'asset.toggled', currency: coin.currency, held: isHeld })}
              >
                <AssetLine
                  currency={coin.currency}
                  coin={coin}
                  right={
                    busy ? (
                      <Spinner size={20} decorative />
                    ) : (
                      <span className={css.track}>
                        <span className={css.thumb} />
                      </span>
                    )
                  }
                />
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Screen back={{ to: '/home' }} title={<Trans>Manage assets</Trans>}>
      {body}
    </Screen>
  );
}
