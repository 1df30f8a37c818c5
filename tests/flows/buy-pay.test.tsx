/** /buy/pay (spec §2, §7): the regions (fiat currencies) the card buy offers for the coin, one chosen; empty; retry. */
import { screen, within } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import { buyPayMachine } from '../../machines/buyPay.machine';
import { BuyPayScreen } from '../../src/features/buy/BuyPayScreen';
import { describeModel, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { btcCoin, button, labelled, serverError } from './buy-fixtures';
import { says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const actor = createActor(buyPayMachine.provide({ actors: { loadRegions: fakes.promise('loadRegions') } }), {
    input: { currency: 'BTC' },
  }).start();
  await renderInRouter(<BuyPayScreen actor={actor} coin={btcCoin} />, { path: '/buy/pay?currency=BTC' });
  return { actor: actor as AnyActorRef };
}

const REGIONS = labelled('Russia RUB, Kazakhstan KZT', [
  { geoId: 'RU', fiatCurrency: 'RUB', name: 'Russian ruble' },
  { geoId: 'KZ', fiatCurrency: 'KZT', name: 'Kazakhstani tenge' },
]);

describeModel('buyPay', {
  machine: buyPayMachine,
  input: { currency: 'BTC' },
  events: {
    loading: [
      { type: 'xstate.done.actor.loadRegions', output: REGIONS },
      { type: 'xstate.done.actor.loadRegions', output: labelled('none', []) },
      { type: 'xstate.error.actor.loadRegions', error: serverError('HTTP_503', 'Unavailable', 503) },
    ],
    failed: [{ type: 'load.retried' }],
    choosing: [
      { type: 'region.chosen', geoId: 'RU', fiatCurrency: 'RUB' },
      { type: 'region.chosen', geoId: 'KZ', fiatCurrency: 'KZT' },
    ],
  },
  mount,
  drive: {
    'load.retried': (_e, h) => h.user.click(button('Retry')),
    'region.chosen': (e, h) => h.user.click(button(new RegExp(`${e.fiatCurrency}$`))),
  },
  states: {
    '*': () => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pay with'),
    loading: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(h.fakes.calls('loadRegions').at(-1)).toEqual({ currency: 'BTC' });
    },
    choosing: () => {
      const rows = within(screen.getByRole('list', { name: 'Currencies' })).getAllByRole('button');
      expect(rows.map((r) => r.textContent)).toEqual(['Russian RubleRUB', 'Kazakhstani TengeKZT']);
    },
    chosen: (h, s) => {
      // The flow opens the order form of the region chosen (the output), which builds its URL.
      const chosen = (s.context as { chosen: unknown }).chosen;
      expect((h.actor as AnyActorRef).getSnapshot().output).toEqual(chosen);
      expect(screen.getByRole('list', { name: 'Currencies' }).textContent).toContain(
        (chosen as { fiatCurrency: string }).fiatCurrency,
      );
    },
    empty: () => expect(screen.getByRole('status').textContent).toBe('Buying BTC with a card is not available yet.'),
    failed: () => expect(screen.getByRole('alert').textContent).toContain('Could not load the payment options.'),
  },
});
