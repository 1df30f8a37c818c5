/**
 * /buy/get's coin list with prices (issue 22): each offered coin shows its price in the user's fiat,
 * asked once for the list; without prices (a failed call) the coins are still listed, without them.
 */
import { screen, within } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import { buyPricesMachine } from '../../machines/buyPrices.machine';
import { BuyCoinList } from '../../src/features/buy/BuyGetPage';
import { describeModel, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { btcCoin, labelled, usdtTrxCoin } from './asset-fixtures';

async function mount({ fakes }: MountTools) {
  const actor = createActor(buyPricesMachine.provide({ actors: { loadPrices: fakes.promise('loadPrices') } }), {
    input: { currencies: ['BTC', 'USDT_TRX'], fiat: 'USD' },
  }).start();
  await renderInRouter(
    <BuyCoinList
      actor={actor}
      fiat="USD"
      offered={[btcCoin, usdtTrxCoin]}
      label="Coins"
      empty="No coins"
      search={undefined}
      instead={null}
    />,
    { path: '/buy/get' },
  );
  return { actor: actor as AnyActorRef };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Coins' }))
    .getAllByRole('link')
    .map((row) => row.querySelector('[data-testid="picker-price"]')?.textContent ?? null);

describeModel('buyPrices', {
  machine: buyPricesMachine,
  input: { currencies: ['BTC', 'USDT_TRX'], fiat: 'USD' },
  events: {
    loading: [
      { type: 'xstate.done.actor.loadPrices', output: labelled('BTC and USDT', { BTC: 60000, USDT_TRX: 0.99987 }) },
      { type: 'xstate.error.actor.loadPrices', error: new Error('rates down') },
    ],
  },
  mount,
  // The price call's answers come from the fakes (the runner resolves them).
  drive: {},
  states: {
    '*': (h) => {
      // Every offered coin is listed, each a link on to its region choice; the prices asked once.
      const links = within(screen.getByRole('list', { name: 'Coins' })).getAllByRole('link');
      expect(links.map((l) => l.getAttribute('href'))).toEqual(['/buy/pay?currency=BTC', '/buy/pay?currency=USDT_TRX']);
      expect(h.fakes.calls('loadPrices')).toEqual([{ currencies: ['BTC', 'USDT_TRX'], fiat: 'USD' }]);
    },
    loading: () => expect(rows()).toEqual([null, null]),
    priced: () => expect(rows()).toEqual(['$60,000.00', '$0.99987']),
    unpriced: () => expect(rows()).toEqual([null, null]),
  },
});
