import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Asset, RatesMap } from '../contracts/wallet';
import { keepIfSame } from './shared/coins';

/** `fiat` null: not known yet (the account's default is still being asked for); nothing loads until it is. */
export type BalancesInput = { fiat: string | null };

/** One poll: the balances, and display rates for the crypto held (null when the rate call failed). */
export type BalancesData = { assets: Asset[]; rates: RatesMap | null };

export type BalancesContext = {
  fiat: string | null;
  assets: Asset[];
  rates: RatesMap;
  /** The last poll failed: the data shown is the previous one ("offline, retrying"). */
  stale: boolean;
};

export type BalancesEvent =
  | { type: 'session.started' }
  | { type: 'session.ended' }
  | { type: 'balances.retried' }
  /** After an asset was added or archived (spec §7: the list refreshes at once). */
  | { type: 'balances.refreshRequested' }
  | { type: 'fiat.changed'; fiat: string };

/** Spec §9: balances are polled every 10 s. */
export const BALANCE_POLL_MS = 10_000;

type Done = { output: BalancesData };

/**
 * GET /{account}/asset with POST /rate for the selected fiat, app-wide for the signed-in session.
 * A session that starts before the fiat is known waits for it, so no rate is ever asked in an
 * unknown currency. Unchanged polls keep the previous references, so screens reading the selectors
 * do not re-render.
 */
export const balancesMachine = setup({
  types: {
    context: {} as BalancesContext,
    events: {} as BalancesEvent,
    input: {} as BalancesInput,
    tags: {} as 'loading' | 'refreshing',
  },
  delays: { POLL: BALANCE_POLL_MS },
  actors: {
    loadBalances: fromPromise<BalancesData, { fiat: string }>(async () => {
      throw new Error('loadBalances not provided');
    }),
  },
  guards: {
    fiatKnown: ({ context }) => typeof context.fiat === 'string' && context.fiat !== '',
  },
  actions: {
    storeData: assign(({ context, event }) => {
      const { assets, rates } = (event as unknown as Done).output;
      return {
        assets: keepIfSame(context.assets, assets),
        rates: rates ? keepIfSame(context.rates, rates) : context.rates,
        stale: false,
      };
    }),
    markStale: assign({ stale: true }),
    changeFiat: assign({
      fiat: ({ event }) => {
        assertEvent(event, 'fiat.changed');
        return event.fiat;
      },
    }),
    forget: assign({ assets: [], rates: {}, stale: false }),
  },
}).createMachine({
  id: 'balances',
  context: ({ input }) => ({ fiat: input.fiat, assets: [], rates: {}, stale: false }),
  initial: 'idle',
  on: { 'session.ended': { target: '.idle', actions: 'forget' } },
  states: {
    idle: {
      on: {
        'session.started': [{ guard: 'fiatKnown', target: 'loading' }, { target: 'awaitingFiat' }],
        'fiat.changed': { actions: 'changeFiat' },
      },
    },
    awaitingFiat: {
      tags: ['loading'],
      description: 'Signed in, but the fiat is not known yet: the first load waits for it.',
      on: { 'fiat.changed': { target: 'loading', actions: 'changeFiat' } },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBalances',
        src: 'loadBalances',
        input: ({ context }) => ({ fiat: context.fiat! }),
        onDone: { target: 'loaded', actions: 'storeData' },
        onError: 'failed',
      },
      on: { 'fiat.changed': { target: 'loading', reenter: true, actions: 'changeFiat' } },
    },
    failed: {
      description: 'The first load failed: nothing to show, the screen offers Retry.',
      on: { 'balances.retried': 'loading', 'fiat.changed': { actions: 'changeFiat' } },
    },
    loaded: {
      initial: 'waiting',
      on: {
        'balances.refreshRequested': { target: '.refreshing', reenter: true },
        'fiat.changed': { target: '.refreshing', reenter: true, actions: 'changeFiat' },
      },
      states: {
        waiting: {
          after: { POLL: 'refreshing' },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refreshBalances',
            src: 'loadBalances',
            input: ({ context }) => ({ fiat: context.fiat! }),
            onDone: { target: 'waiting', actions: 'storeData' },
            onError: { target: 'waiting', actions: 'markStale' },
          },
        },
      },
    },
  },
});
