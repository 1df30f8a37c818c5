import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { swapMachine } from '../../../machines/swap.machine';
import {
  selectCanCloseSourcePicker,
  selectDestinations,
  selectSearch,
  selectSources,
} from '../../../machines/swap.selectors';
import { AssetPicker } from '../../ui/AssetPicker';
import { Screen } from '../../ui/Screen';

export type SwapActor = ActorRefFrom<typeof swapMachine>;

/**
 * /swap/from and /swap/to (spec §2): the assets to swap from (held, active, traded) or to (the
 * server's pairs for the source), with a search. Renders machine state only.
 */
export function PickAssetScreen({ actor, side }: { actor: SwapActor; side: 'from' | 'to' }) {
  const { t } = useLingui();
  const search = useSelector(actor, selectSearch);
  const sources = useSelector(actor, selectSources);
  const destinations = useSelector(actor, selectDestinations);
  const canClose = useSelector(actor, selectCanCloseSourcePicker);
  const items = side === 'from' ? sources : destinations;
  const close = () => actor.send({ type: side === 'from' ? 'sourcePicker.closed' : 'destinationPicker.closed' });
  return (
    <Screen
      back={side === 'from' && !canClose ? { to: '/home' } : { onClick: close }}
      title={side === 'from' ? <Trans>Swap from</Trans> : <Trans>Swap to</Trans>}
    >
      <AssetPicker
        items={items}
        label={side === 'from' ? t`Assets to swap from` : t`Assets to swap to`}
        search={{ value: search, onChange: (value) => actor.send({ type: 'search.changed', value }) }}
        onPick={(currency) => actor.send({ type: 'asset.picked', currency })}
        empty={
          search.trim() ? (
            <Trans>No assets match “{search}”.</Trans>
          ) : side === 'from' ? (
            <Trans>None of your assets can be swapped yet. Receive a coin first.</Trans>
          ) : (
            <Trans>This asset cannot be swapped to anything yet.</Trans>
          )
        }
      />
    </Screen>
  );
}
