import { assign, fromPromise, setup } from 'xstate';
import type { Coin } from '../contracts/wallet';
import { toWireAmount } from './shared/amountInput';
import {
  QUOTE_VALIDITY_SECONDS,
  failureOf,
  orderOf,
  reviewSignature,
  type BuyDraft,
  type BuyFailure,
  type BuyOrderCreated,
  type BuyOrderRequest,
  type BuyQuote,
  type QuoteRequest,
} from './shared/buy';
import { output } from './shared/output';

export * from './shared/buy';

/** What the review finds on opening: the order form's draft (sessionStorage) and how long its quote has left. */
export type BuyReviewStart = { draft: (BuyDraft & { quote: BuyQuote }) | null; coin: Coin | null; secondsLeft: number };

export type BuyReviewEvent = { type: 'review.confirmed' } | { type: 'rate.updated' };

export type BuyReviewContext = {
  draft: BuyDraft | null;
  coin: Coin | null;
  quote: BuyQuote | null;
  /** Seconds until the quote's rate id expires (spec §4: a 5-minute countdown shown as mm:ss). */
  secondsLeft: number;
  /** The review's idempotency key: one per quote, stored so retries, double taps and reloads reuse it. */
  key: string | null;
  failure: BuyFailure | null;
  order: BuyOrderCreated | null;
};

export const signatureOf = (c: BuyReviewContext) => (c.draft && c.quote ? reviewSignature(c.draft, c.quote) : '');

export const orderRequestOf = (c: BuyReviewContext): BuyOrderRequest => orderOf(c.draft!, c.quote!, c.key!);

export const requoteOf = (c: BuyReviewContext): QuoteRequest => {
  const d = c.draft!;
  return {
    currency: d.currency,
    geoId: d.geoId,
    fiatCurrency: d.fiatCurrency,
    depositAddress: d.depositAddress,
    side: d.side,
    amount: toWireAmount(d.amount),
  };
};

/**
 * /buy/order/review (spec §2, §4, §7): the summary with a mm:ss countdown from the quote (one-second
 * `after` ticks). At 0 the summary greys out, the expired message shows and Update rate asks a fresh
 * quote and restarts the countdown. Confirm creates the order (POST /b2c/order) with the review's key
 * and the page sends the browser to the returned payment url.
 */
export const buyReviewMachine = setup({
  types: { context: {} as BuyReviewContext, events: {} as BuyReviewEvent, tags: {} as 'busy' },
  actors: {
    loadReview: fromPromise<BuyReviewStart>(async () => {
      throw new Error('loadReview not provided');
    }),
    /** The key stored for this review's signature (sessionStorage), or a new random UUID stored at once. */
    reviewKey: fromPromise<string, { signature: string }>(async () => {
      throw new Error('reviewKey not provided');
    }),
    /** POST /b2c/rate with what the user typed: a fresh quote. */
    quote: fromPromise<BuyQuote, QuoteRequest>(async () => {
      throw new Error('quote not provided');
    }),
    /** POST /b2c/order. */
    createOrder: fromPromise<BuyOrderCreated, BuyOrderRequest>(async () => {
      throw new Error('createOrder not provided');
    }),
  },
  delays: { TICK: 1000 },
  guards: {
    noReview: (_, start: BuyReviewStart) => start.draft === null,
    alreadyExpired: (_, start: BuyReviewStart) => start.secondsLeft <= 0,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
    rateExpired: ({ event }) => /RATE_EXPIRED|EXPIRED/.test(failureOf((event as { error?: unknown }).error).code),
  },
  actions: {
    keepStart: assign((_, { draft, coin, secondsLeft }: BuyReviewStart) => ({
      draft,
      coin,
      quote: draft?.quote ?? null,
      secondsLeft: Math.max(0, secondsLeft),
    })),
    tick: assign({ secondsLeft: ({ context }) => Math.max(0, context.secondsLeft - 1) }),
    expire: assign({ secondsLeft: 0 }),
    keepFreshQuote: assign(({ context }, quote: BuyQuote) => {
      return {
        quote,
        draft: context.draft ? { ...context.draft, quote } : null,
        secondsLeft: quote.validSeconds ?? QUOTE_VALIDITY_SECONDS,
        key: null,
        failure: null,
      };
    }),
    keepFailure: assign({ failure: ({ event }) => failureOf((event as { error?: unknown }).error) }),
    clearFailure: assign({ failure: null }),
    keepOrder: assign((_, order: BuyOrderCreated) => ({ order })),
    /** Back to the order form (no draft to review, or the key could not be made). */
    showOrder: () => {},
    /** Saves the fresh quote in the draft, so a reload reviews it. */
    saveDraft: (_, _params: { draft: BuyDraft | null }) => {},
    /** Remembers the order and sends the browser (or the messenger's link opener) to the payment page. */
    openPayment: (_, _params: { order: BuyOrderCreated }) => {},
    notifyFailed: (_, _params: { failure: BuyFailure }) => {},
  },
}).createMachine({
  id: 'buyReview',
  context: { draft: null, coin: null, quote: null, secondsLeft: 0, key: null, failure: null, order: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadReview',
        src: 'loadReview',
        onDone: [
          { guard: { type: 'noReview', params: output }, target: 'left', actions: 'showOrder' },
          {
            guard: { type: 'alreadyExpired', params: output },
            target: 'expired',
            actions: { type: 'keepStart', params: output },
          },
          { target: 'keying', actions: { type: 'keepStart', params: output } },
        ],
        onError: { target: 'left', actions: 'showOrder' },
      },
    },
    keying: {
      tags: 'busy',
      invoke: {
        id: 'reviewKey',
        src: 'reviewKey',
        input: ({ context }) => ({ signature: signatureOf(context) }),
        onDone: { target: 'active', actions: assign({ key: ({ event }) => event.output }) },
        onError: {
          target: 'left',
          actions: [
            'keepFailure',
            { type: 'notifyFailed', params: ({ context }) => ({ failure: context.failure! }) },
            'showOrder',
          ],
        },
      },
    },
    active: {
      initial: 'idle',
      states: {
        idle: {
          description: 'The countdown runs: one tick a second; the last one expires the quote.',
          after: {
            TICK: [
              // A failed confirm's message is stale once the quote ran out.
              { guard: 'lastSecond', target: '#buyReview.expired', actions: ['expire', 'clearFailure'] },
              { target: 'idle', reenter: true, actions: 'tick' },
            ],
          },
          on: { 'review.confirmed': { target: 'creating', actions: 'clearFailure' } },
        },
        creating: {
          tags: 'busy',
          description:
            "One order request with the review's key; the countdown waits for the answer; a second tap sends nothing.",
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => orderRequestOf(context),
            onDone: {
              target: '#buyReview.redirecting',
              actions: [
                { type: 'keepOrder', params: output },
                { type: 'openPayment', params: ({ event }) => ({ order: event.output }) },
              ],
            },
            onError: [
              { guard: 'rateExpired', target: '#buyReview.expired', actions: ['keepFailure', 'expire'] },
              {
                target: 'idle',
                actions: [
                  'keepFailure',
                  { type: 'notifyFailed', params: ({ context }) => ({ failure: context.failure! }) },
                ],
              },
            ],
          },
        },
      },
    },
    expired: {
      description: 'The quote ran out: the summary greyed, the expired message, Update rate instead of Confirm.',
      on: { 'rate.updated': 'requoting' },
    },
    requoting: {
      tags: 'busy',
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => requoteOf(context),
        onDone: {
          target: 'keying',
          actions: [
            { type: 'keepFreshQuote', params: output },
            { type: 'saveDraft', params: ({ context }) => ({ draft: context.draft }) },
          ],
        },
        onError: { target: 'expired', actions: 'keepFailure' },
      },
    },
    redirecting: { description: 'The order exists: the browser is on its way to the payment page.' },
    left: { description: 'Back on the order form.' },
  },
});
