import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { Coin } from '../contracts/wallet';
import { isPositiveAmount, nextAmount, toWireAmount } from './shared/amountInput';
import { failureOfEvent } from './shared/failure';
import {
  exceedsBalance,
  fiatFor,
  maxSellable,
  noRoom,
  payoutsUnavailable,
  withinLimits,
  type SellFailure,
  type SellLimits,
} from './shared/sell';

/** What the amount step needs: the asset, its balance, the sell rate (with its id) and the RUB limits. */
export type SellTerms = {
  coin: Coin;
  available: string;
  /** RUB for one unit of the asset, a decimal string. */
  rate: string;
  rateId: string;
  /** The market price the rate is 1 % below (the gateway's midRate): the review's fee line. */
  midRate?: string | null;
  limits: SellLimits;
  passcodeActive: boolean;
};

export type SellAmountInput = { currency: string; amount?: string };

/** The amount step's result: what to sell and what the card receives, at which fixed rate. */
export type SellAmountOutput = {
  currency: string;
  amount: string;
  fiatAmount: string;
  rate: string;
  rateId: string;
  midRate: string | null;
  coin: Coin;
  available: string;
  limits: SellLimits;
  passcodeActive: boolean;
};

export type SellAmountEvent =
  | { type: 'amount.changed'; value: string }
  | { type: 'amount.submitted' }
  /** Max: the whole balance (capped at the last amount the limits allow). */
  | { type: 'amount.maxed' }
  | { type: 'terms.retried' };

export type SellAmountContext = {
  currency: string;
  amount: string;
  terms: SellTerms | null;
  failure: SellFailure | null;
};

const termsOf = (event: unknown) => (event as DoneActorEvent<SellTerms>).output;

/**
 * Sell amount (spec §2 /sell/order, §5): the crypto amount, strictly between the fiat limits divided
 * by the rate, zero refused, not above the balance; sell_limit_error when max is not above min; Max
 * fills the balance (nothing is charged on top), capped at the upper bound. The
 * rate is asked again before its id expires (300 s on the server), keeping what was typed.
 */
export const sellAmountMachine = setup({
  types: {
    context: {} as SellAmountContext,
    events: {} as SellAmountEvent,
    input: {} as SellAmountInput,
    output: {} as SellAmountOutput,
    tags: {} as 'busy',
  },
  actors: {
    loadTerms: fromPromise<SellTerms, { currency: string }>(async () => {
      throw new Error('loadTerms not provided');
    }),
  },
  delays: {
    /** The server keeps a rate id 300 s; a fresh one is asked at 240 s so the card step has time. */
    RATE_REFRESH: 240_000,
  },
  guards: {
    noRoom: ({ event }) => noRoom(termsOf(event).limits),
    payoutsUnavailable: ({ event }) => payoutsUnavailable((event as { error?: unknown }).error),
    hasBalance: ({ context }) => context.terms !== null && isPositiveAmount(context.terms.available),
    canSell: ({ context }) =>
      context.terms !== null &&
      withinLimits(context.amount, context.terms.rate, context.terms.limits, context.terms.coin.round) &&
      !exceedsBalance(context.amount, context.terms.available),
  },
  actions: {
    keepTerms: assign({ terms: ({ event }) => termsOf(event), failure: null }),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
    setAmount: assign({
      amount: ({ context, event }) =>
        event.type === 'amount.changed' ? nextAmount(context.amount, event.value) : context.amount,
    }),
    fillMax: assign({
      amount: ({ context }) => {
        const t = context.terms!;
        return nextAmount(context.amount, maxSellable(t.available, t.rate, t.limits, t.coin.round));
      },
    }),
  },
}).createMachine({
  id: 'sellAmount',
  context: ({ input }) => ({
    currency: input.currency,
    amount: nextAmount('', input.amount ?? ''),
    terms: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        input: ({ context }) => ({ currency: context.currency }),
        onDone: [
          { guard: 'noRoom', target: 'noRoom', actions: 'keepTerms' },
          { target: 'editing', actions: 'keepTerms' },
        ],
        onError: [
          { guard: 'payoutsUnavailable', target: 'unavailable', actions: 'keepFailure' },
          { target: 'failed', actions: 'keepFailure' },
        ],
      },
    },
    failed: { on: { 'terms.retried': 'loading' } },
    unavailable: {
      description: 'Spec §8: payouts are temporarily unavailable; the user may try again.',
      on: { 'terms.retried': 'loading' },
    },
    noRoom: {
      description: 'Spec §5 sell_limit_error: the limits divided by the rate leave no amount (max not above min).',
    },
    editing: {
      initial: 'idle',
      on: {
        'amount.changed': { actions: 'setAmount' },
        'amount.maxed': { guard: 'hasBalance', actions: 'fillMax' },
      },
      states: {
        idle: {
          after: { RATE_REFRESH: 'refreshing' },
          on: { 'amount.submitted': { guard: 'canSell', target: '#sellAmount.done' } },
        },
        refreshing: {
          tags: 'busy',
          description: 'A fresh rate and rate id; the typed amount stays.',
          invoke: {
            id: 'refreshTerms',
            src: 'loadTerms',
            input: ({ context }) => ({ currency: context.currency }),
            onDone: [
              { guard: 'noRoom', target: '#sellAmount.noRoom', actions: 'keepTerms' },
              { target: 'idle', actions: 'keepTerms' },
            ],
            onError: [
              { guard: 'payoutsUnavailable', target: '#sellAmount.unavailable', actions: 'keepFailure' },
              { target: '#sellAmount.failed', actions: 'keepFailure' },
            ],
          },
        },
      },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => {
    const terms = context.terms!;
    const amount = toWireAmount(context.amount);
    return {
      currency: context.currency,
      amount,
      fiatAmount: fiatFor(amount, terms.rate),
      rate: terms.rate,
      rateId: terms.rateId,
      midRate: terms.midRate ?? null,
      coin: terms.coin,
      available: terms.available,
      limits: terms.limits,
      passcodeActive: terms.passcodeActive,
    };
  },
});
