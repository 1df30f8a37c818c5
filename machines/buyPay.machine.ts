import { assign, fromPromise, setup } from 'xstate';
import type { BuyRegion, BuyRegionChoice } from './shared/buy';
import { output } from './shared/output';

export type BuyPayEvent = { type: 'load.retried' } | ({ type: 'region.chosen' } & BuyRegionChoice);
export type BuyPayContext = { currency: string; regions: BuyRegion[]; chosen: BuyRegionChoice | null };

/**
 * /buy/pay (spec §2, §7): the fiat currencies or regions the card buy offers for this coin's deposit
 * address (GET /b2c/fiat/availability, names from GET /fiat/metadata); the user picks one (the output).
 */
export const buyPayMachine = setup({
  types: {
    context: {} as BuyPayContext,
    events: {} as BuyPayEvent,
    input: {} as { currency: string },
    output: {} as BuyRegionChoice,
    tags: {} as 'busy',
  },
  actors: {
    loadRegions: fromPromise<BuyRegion[], { currency: string }>(async () => {
      throw new Error('loadRegions not provided');
    }),
  },
  guards: { none: (_, regions: BuyRegion[]) => regions.length === 0 },
}).createMachine({
  id: 'buyPay',
  context: ({ input }) => ({ currency: input.currency, regions: [], chosen: null }),
  // `chosen` is the only final state, entered with the region.
  output: ({ context }) => context.chosen!,
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadRegions',
        src: 'loadRegions',
        input: ({ context }) => ({ currency: context.currency }),
        onDone: [
          { guard: { type: 'none', params: output }, target: 'empty' },
          { target: 'choosing', actions: assign({ regions: ({ event }) => event.output }) },
        ],
        onError: 'failed',
      },
    },
    choosing: {
      description: 'The regions (fiat currencies) offered; the one chosen opens its order form.',
      on: {
        'region.chosen': {
          target: 'chosen',
          actions: assign({ chosen: ({ event }) => ({ geoId: event.geoId, fiatCurrency: event.fiatCurrency }) }),
        },
      },
    },
    chosen: { type: 'final', description: 'Handed over to the order form of that region.' },
    empty: { description: 'The card buy is not offered for this coin.' },
    failed: { on: { 'load.retried': 'loading' } },
  },
});
