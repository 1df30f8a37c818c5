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
import { assetUnit } from '../../i18n/assetName';
import { useFormat } from '../../i18n/useFormat';
import { AssetLine } from '../../ui/AssetRow';
import { Screen } from '../../ui/Screen';
import * as shell from '../shell/AppShell.css';
import * as css from './swap.css';

export type SwapActor = ActorRefFrom<typeof swapMachine>;

/**
 * /swap/from and /swap/to (spec §2): the assets to swap from (held, active, traded) or to (the
 * server's pairs for the source), with a search. Renders machine state only.
 */
export function PickAssetScreen({ actor, side }: { actor: SwapActor; side: 'from' | 'to' }) {
  const { t } = useLingui();
  const format = useFormat();
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
      <input
        type="search"
        className={css.search}
        aria-label={t`Search by name or code`}
        placeholder={t`Search`}
        value={search}
        onChange={(e) => actor.send({ type: 'search.changed', value: e.target.value })}
      />
      {items.length === 0 ? (
        <p className={shell.muted} role="status" data-testid="no-results">
          {search.trim() ? (
            <Trans>No assets match “{search}”.</Trans>
          ) : side === 'from' ? (
            <Trans>None of your assets can be swapped yet. Receive a coin first.</Trans>
          ) : (
            <Trans>This asset cannot be swapped to anything yet.</Trans>
          )}
        </p>
      ) : (
        <ul className={css.list} aria-label={side === 'from' ? t`Assets to swap from` : t`Assets to swap to`}>
          {items.map((item) => (
            <li key={item.currency}>
              <button
                type="button"
                className={css.row}
                onClick={() => actor.send({ type: 'asset.picked', currency: item.currency })}
              >
                <AssetLine
                  currency={item.currency}
                  coin={item.coin}
                  right={
                    item.available === null ? null : (
                      <span className={css.rowEnd} data-testid="picker-available">
                        {format.crypto(item.available, item.coin)} {assetUnit(item.coin, item.currency)}
                      </span>
                    )
                  }
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
