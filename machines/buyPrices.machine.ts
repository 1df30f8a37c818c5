import { assign, fromPromise, setup } from 'xstate';
import { output } from './shared/output';

/** Display prices: one unit of each coin in the chosen fiat (the rate call's numbers; display only). */
export type BuyPrices = Record<string, number>;

export type BuyPricesInput = { currencies: string[]; fiat: string };
export type BuyPricesContext = BuyPricesInput & { prices: BuyPrices };

/**
 * /buy/get's prices (issue 22): the price of each offered coin beside it, in the user's fiat, asked
 * once for the whole list. Display only: without them the list is still there, without prices.
 */
export const buyPricesMachine = setup({
  types: { context: {} as BuyPricesContext, input: {} as BuyPricesInput, tags: {} as 'busy' },
  actors: {
    loadPrices: fromPromise<BuyPrices, BuyPricesInput>(async () => {
      throw new Error('loadPrices not provided');
    }),
  },
  actions: { keepPrices: assign((_, prices: BuyPrices) => ({ prices: { ...prices } })) },
}).createMachine({
  id: 'buyPrices',
  context: ({ input }) => ({ currencies: input.currencies, fiat: input.fiat, prices: {} }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadPrices',
        src: 'loadPrices',
        input: ({ context }) => ({ currencies: context.currencies, fiat: context.fiat }),
        onDone: { target: 'priced', actions: { type: 'keepPrices', params: output } },
        onError: 'unpriced',
      },
    },
    priced: {},
    unpriced: { description: 'The prices could not be read: the coins are listed without them.' },
  },
});
