import { useActorRef, useSelector } from '@xstate/react';
import { priceChartMachine } from '../../../../machines/priceChart.machine';
import { selectCurrency } from '../../../../machines/preferences.selectors';
import { selectCoins } from '../../../../machines/availableCoins.selectors';
import { useSignedInServices } from '../../../app/signedInContext';
import { useFeatureActors } from '../../../app/featureActors';
import type { FeatureDeps } from '../../../app/services';
import { PriceChartView } from './PriceChartView';
import { createPriceActors } from './services';

const priceActors = (deps: FeatureDeps) => createPriceActors({ api: deps.api.prices });

function PriceChartRoute({ currency, fiat, name }: { currency: string; fiat: string; name: string }) {
  const actors = useFeatureActors(priceActors);
  const actor = useActorRef(priceChartMachine.provide({ actors }), { input: { currency, fiat } });
  return <PriceChartView actor={actor} name={name} />;
}

/** The asset page's price chart in the selected fiat; another fiat starts a fresh chart. */
export function PriceSection({ currency }: { currency: string }) {
  const { preferences, coins } = useSignedInServices();
  const fiat = useSelector(preferences, selectCurrency);
  const name = useSelector(coins, (s) => selectCoins(s)[currency]?.name ?? currency);
  return <PriceChartRoute key={`${currency}:${fiat}`} currency={currency} fiat={fiat} name={name} />;
}
