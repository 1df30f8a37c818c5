import { useParams } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { assetHistoryMachine } from '../../../machines/assetHistory.machine';
import { useFiatRate } from '../../app/fiatRate';
import { AssetScreen } from './AssetScreen';
import { PriceSection } from './prices/PriceSection';
import { param, useAssetWiring } from './wiring';
import { useSignedInServices } from '../../app/signedInContext';

function AssetRoute({ currency }: { currency: string }) {
  const { actors, toasts } = useAssetWiring();
  const { walletActors, balances } = useSignedInServices();
  const actor = useActorRef(
    assetHistoryMachine.provide({
      actors: {
        loadOverview: actors.loadOverview,
        loadMore: actors.loadMore,
        copyText: actors.copyText,
        addAsset: walletActors.addAsset,
      },
      actions: {
        notifyCopied: toasts.addressCopied,
        notifyCopyFailed: toasts.copyFailed,
        assetAdded: () => balances.send({ type: 'balances.refreshRequested' }),
      },
    }),
    { input: { currency } },
  );
  const rate = useFiatRate(currency);
  return <AssetScreen actor={actor} rate={rate} prices={<PriceSection currency={currency} />} />;
}

/** /home/asset/$currency — a new currency gets a fresh machine. */
export function AssetPage() {
  const currency = param(useParams({ strict: false }), 'currency');
  return <AssetRoute key={currency} currency={currency} />;
}
