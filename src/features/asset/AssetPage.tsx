import { useParams } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { assetHistoryMachine } from '../../../machines/assetHistory.machine';
import { AssetScreen } from './AssetScreen';
import { param, useAssetWiring } from './wiring';

function AssetRoute({ currency }: { currency: string }) {
  const { actors, toasts } = useAssetWiring();
  const actor = useActorRef(
    assetHistoryMachine.provide({
      actors: { loadOverview: actors.loadOverview, copyText: actors.copyText },
      actions: { notifyCopied: toasts.addressCopied, notifyCopyFailed: toasts.copyFailed },
    }),
    { input: { currency } },
  );
  return <AssetScreen actor={actor} />;
}

/** /home/asset/$currency — a new currency gets a fresh machine. */
export function AssetPage() {
  const currency = param(useParams({ strict: false }), 'currency');
  return <AssetRoute key={currency} currency={currency} />;
}
