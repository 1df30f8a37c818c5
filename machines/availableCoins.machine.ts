import { assign, fromPromise, setup } from 'xstate';
import type { Coin } from '../contracts/wallet';
import { countFailure, FIRST_LOAD_RETRY, retryDelay } from './shared/backoff';
import { toCoinMap, type CoinMap } from './shared/coins';

export type AvailableCoinsInput = { production: boolean };

/** `failures`: failed loads in a row, for the wait before the next try. */
export type AvailableCoinsContext = AvailableCoinsInput & { coins: CoinMap; failures: number };

export type AvailableCoinsEvent = { type: 'session.started' } | { type: 'session.ended' } | { type: 'coins.retried' };

/**
 * Spec §3/§4 available coins: loading, error, loaded — the coin catalogue, loaded once per signed-in
 * session and shared app-wide (src/app/live.ts starts and stops it with the session).
 */
export const availableCoinsMachine = setup({
  types: {
    context: {} as AvailableCoinsContext,
    events: {} as AvailableCoinsEvent,
    input: {} as AvailableCoinsInput,
    tags: {} as 'loading',
  },
  actors: {
    /** GET /b2c-wallet/meta-info/currency. */
    loadCatalogue: fromPromise<Coin[]>(async () => {
      throw new Error('loadCatalogue not provided');
    }),
  },
  delays: {
    RETRY: ({ context }) => retryDelay(context.failures),
  },
  actions: {
    forget: assign({ coins: {}, failures: 0 }),
    countFailure: assign({ failures: ({ context }) => countFailure(context.failures, FIRST_LOAD_RETRY) }),
  },
}).createMachine({
  id: 'availableCoins',
  context: ({ input }) => ({ ...input, coins: {}, failures: 0 }),
  initial: 'idle',
  on: { 'session.ended': { target: '.idle', actions: 'forget' } },
  states: {
    idle: {
      description: 'Signed out: nothing to show, nothing loaded.',
      on: { 'session.started': 'loading' },
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadCatalogue',
        src: 'loadCatalogue',
        onDone: {
          target: 'loaded',
          actions: assign({ coins: ({ context, event }) => toCoinMap(event.output, context.production), failures: 0 }),
        },
        onError: { target: 'error', actions: 'countFailure' },
      },
    },
    error: {
      description:
        'Spec §8: a meta-info failure sets the error flag; the screen offers Retry, and it tries again by itself after 10 s, 20 s, 40 s, then every minute.',
      on: { 'coins.retried': 'loading' },
      after: { RETRY: 'loading' },
    },
    loaded: {},
  },
});
