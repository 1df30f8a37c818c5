import { assign, fromPromise, setup } from 'xstate';

/** Home's 24 h change (issue 14): the held coins' prices a day ago and now, in the selected fiat. */
export type PortfolioChangeInput = { currencies: string[]; fiat: string };

/** Per coin, the price of one unit 24 h ago (open) and now (close), exact decimal strings. */
export type DayPrices = Record<string, { open: string; close: string }>;

export type PortfolioChangeContext = PortfolioChangeInput & { prices: DayPrices | null };

/** Prices move slowly; Home asks again every 5 minutes, and half a minute after a failure. */
export const CHANGE_REFRESH_MS = 5 * 60_000;
export const CHANGE_RETRY_MS = 30_000;

export const portfolioChangeMachine = setup({
  types: {
    context: {} as PortfolioChangeContext,
    input: {} as PortfolioChangeInput,
    tags: {} as 'loading',
  },
  delays: { REFRESH: CHANGE_REFRESH_MS, RETRY: CHANGE_RETRY_MS },
  actors: {
    /** GET /b2c-wallet/rate/history over 24 h for each coin; coins without prices are left out. */
    loadDayPrices: fromPromise<DayPrices, PortfolioChangeInput>(async () => {
      throw new Error('loadDayPrices not provided');
    }),
  },
}).createMachine({
  id: 'portfolioChange',
  context: ({ input }) => ({ ...input, prices: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      description: 'A refresh keeps the previous prices on screen until the new ones come.',
      invoke: {
        id: 'loadDayPrices',
        src: 'loadDayPrices',
        input: ({ context }) => ({ currencies: context.currencies, fiat: context.fiat }),
        onDone: { target: 'loaded', actions: assign({ prices: ({ event }) => event.output }) },
        // No change shown rather than an old one passed off as current.
        onError: { target: 'failed', actions: assign({ prices: null }) },
      },
    },
    loaded: { after: { REFRESH: 'loading' } },
    failed: { after: { RETRY: 'loading' } },
  },
});
