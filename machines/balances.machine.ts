import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Asset, RatesMap } from '../contracts/wallet';
import { backoffDelay, countFailure, retryDelay, type Backoff } from './shared/backoff';
import { keepIfSame } from './shared/coins';
import { output } from './shared/output';

/** `fiat` null: not known yet (the account's default is still being asked for); nothing loads until it is. */
export type BalancesInput = { fiat: string | null };

/**
 * One poll: the balances, display rates for the crypto held (null when the rate call failed), and when
 * the answer came (ms since the epoch). The time comes with the answer rather than from a clock read
 * here, so the machine stays a pure function of its events (its model-based test walks every state).
 */
export type BalancesData = { assets: Asset[]; rates: RatesMap | null; at: number };

export type BalancesContext = {
  fiat: string | null;
  assets: Asset[];
  rates: RatesMap;
  /** The last poll failed: the data shown is the previous one ("offline, retrying"). */
  stale: boolean;
  /** When the data shown was loaded (the last successful poll), null before the first. */
  updatedAt: number | null;
  /** Polls that failed in a row, counted up to where the wait between polls stops growing. */
  failures: number;
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
/** After failed polls the wait doubles (20 s, 40 s) up to one minute, until a poll succeeds again. */
export const BALANCE_BACKOFF: Backoff = { base: BALANCE_POLL_MS, cap: 60_000 };

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
  delays: {
    POLL: ({ context }) => backoffDelay(context.failures, BALANCE_BACKOFF),
    // A first load that failed is tried again sooner than a poll: nothing is on screen meanwhile.
    RETRY: ({ context }) => retryDelay(context.failures, BALANCE_BACKOFF),
  },
  actors: {
    loadBalances: fromPromise<BalancesData, { fiat: string }>(async () => {
      throw new Error('loadBalances not provided');
    }),
  },
  guards: {
    fiatKnown: ({ context }) => typeof context.fiat === 'string' && context.fiat !== '',
  },
  actions: {
    storeData: assign(({ context }, { assets, rates, at }: BalancesData) => {
      return {
        assets: keepIfSame(context.assets, assets),
        rates: rates ? keepIfSame(context.rates, rates) : context.rates,
        stale: false,
        updatedAt: at,
        failures: 0,
      };
    }),
    markStale: assign({ stale: true }),
    countFailure: assign({ failures: ({ context }) => countFailure(context.failures, BALANCE_BACKOFF) }),
    changeFiat: assign({
      fiat: ({ event }) => {
        assertEvent(event, 'fiat.changed');
        return event.fiat;
      },
    }),
    forget: assign({ assets: [], rates: {}, stale: false, updatedAt: null, failures: 0 }),
  },
}).createMachine({
  id: 'balances',
  context: ({ input }) => ({ fiat: input.fiat, assets: [], rates: {}, stale: false, updatedAt: null, failures: 0 }),
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
        onDone: { target: 'loaded', actions: { type: 'storeData', params: output } },
        onError: { target: 'failed', actions: 'countFailure' },
      },
      on: { 'fiat.changed': { target: 'loading', reenter: true, actions: 'changeFiat' } },
    },
    failed: {
      description:
        'The first load failed: nothing to show, the screen offers Retry; it tries again by itself after 10 s, 20 s, 40 s, then every minute.',
      after: { RETRY: 'loading' },
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
          description: 'Until the next poll: 10 s, or after failed polls 20 s, 40 s, then every minute.',
          after: { POLL: 'refreshing' },
        },
        refreshing: {
          tags: ['refreshing'],
          invoke: {
            id: 'refreshBalances',
            src: 'loadBalances',
            input: ({ context }) => ({ fiat: context.fiat! }),
            onDone: { target: 'waiting', actions: { type: 'storeData', params: output } },
            onError: { target: 'waiting', actions: ['markStale', 'countFailure'] },
          },
        },
      },
    },
  },
});
