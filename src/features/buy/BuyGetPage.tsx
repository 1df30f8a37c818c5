import { useMemo, type ComponentProps, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Coin } from '../../../contracts/wallet';
import { buyPricesMachine } from '../../../machines/buyPrices.machine';
import { selectPrices } from '../../../machines/buyPrices.selectors';
import { selectCurrency } from '../../../machines/preferences.selectors';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { formatPrice } from '../../i18n/formatPrice';
import { useLocale } from '../../i18n/useFormat';
import { createBuyActors } from './services';
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

const buyActors = (deps: FeatureDeps) => createBuyActors(deps);

/** /buy/get (spec §2): only active crypto coins of the catalogue, with search, each with its price. */
export function BuyGetPage() {
  const { coins, preferences } = useSignedInServices();
  const fiat = useSelector(preferences, selectCurrency);
  const { t } = useLingui();
  const search = useActorRef(selectAssetMachine);
  const query = useSelector(search, selectQuery);
  const filtering = useSelector(search, selectFiltering);
  const catalogue = useSelector(coins, selectCoins);
  const status = useSelector(coins, selectCoinsStatus);
  const buyable = useMemo(() => Object.values(catalogue).filter((c) => c.active && c.crypto), [catalogue]);
  const offered = useMemo(
    () => buyable.filter((c) => !filtering || matchesQuery(c.currency, c, query)),
    [buyable, filtering, query],
  );
  const priceKey = `${fiat}:${buyable.map((c) => c.currency).join(',')}`;

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
      <PricedPicker
        key={priceKey}
        currencies={buyable.map((c) => c.currency)}
        fiat={fiat}
        offered={offered}
        label={t`Coins`}
        empty={filtering ? <Trans>No coins match “{query}”.</Trans> : <Trans>No coins can be bought now.</Trans>}
        search={{
          value: query,
          onChange: (value) => search.send({ type: 'search.changed', query: value }),
          onClear: () => search.send({ type: 'search.cleared' }),
        }}
        instead={instead}
      />
    </Screen>
  );
}

/** The coin list's prices machine, asked once per list of coins and fiat (the key remounts it). */
function PricedPicker({ currencies, fiat, ...list }: { currencies: string[] } & Omit<BuyCoinListProps, 'actor'>) {
  const actors = useFeatureActors(buyActors);
  const actor = useActorRef(buyPricesMachine.provide({ actors: actors.buyPrices }), { input: { currencies, fiat } });
  return <BuyCoinList actor={actor} fiat={fiat} {...list} />;
}

type BuyCoinListProps = {
  actor: ActorRefFrom<typeof buyPricesMachine>;
  fiat: string;
  offered: Coin[];
  label: string;
  empty: ReactNode;
  search: ComponentProps<typeof AssetPicker>['search'];
  instead: ReactNode;
};

/** The coins to buy, each with its price in the user's fiat once the buyPrices machine has it (issue 22). */
export function BuyCoinList({ actor, fiat, offered, ...picker }: BuyCoinListProps) {
  const locale = useLocale();
  const prices = useSelector(actor, selectPrices);
  return (
    <AssetPicker
      {...picker}
      items={offered.map((coin) => {
        const price = prices[coin.currency];
        return {
          currency: coin.currency,
          coin,
          price: price === undefined ? null : formatPrice(priceText(price), fiat, locale),
        };
      })}
      linkOf={(item) => ({ to: '/buy/pay', search: { currency: item.currency } })}
    />
  );
}

/** A display price as a decimal string (the rate call's number; never an amount that moves money). */
const priceText = (price: number) => price.toFixed(price >= 1 ? 2 : 6).replace(/(\.\d\d\d*?)0+$/, '$1');
