import { assign, fromPromise, setup, stateIn } from 'xstate';
import type { Coin } from '../contracts/wallet';
import { toWireAmount } from './shared/amountInput';
import {
  QUOTE_VALIDITY_SECONDS,
  orderOf,
  reviewSignature,
  type BuyFailure,
  type BuyOrderCreated,
  type BuyOrderRequest,
  type BuyQuote,
  type QuoteRequest,
  type QuotedDraft,
} from './shared/buy';
import { countdownMachine } from './countdown.machine';
import { failedWith, failureOfEvent } from './shared/failure';
import { output } from './shared/output';

export * from './shared/buy';

/** What the order form handed over (through the flow): the draft with the quote on screen, and the coin. */
export type BuyReviewInput = { draft: QuotedDraft; coin: Coin | null };

export type BuyReviewEvent = { type: 'review.confirmed' } | { type: 'rate.updated' };

export type BuyReviewContext = {
  draft: QuotedDraft;
  coin: Coin | null;
  /** Seconds the quote had left when its countdown started (spec §4: 5 minutes, shown as mm:ss). */
  secondsLeft: number;
  /** The countdown reached 0 while the order request was on its way: a failed answer expires the review. */
  ranOut: boolean;
  /** The review's idempotency key: one per quote, stored so retries, double taps and reloads reuse it. */
  key: string | null;
  failure: BuyFailure | null;
  order: BuyOrderCreated | null;
};

export const signatureOf = (c: BuyReviewContext) => reviewSignature(c.draft, c.draft.quote);

export const orderRequestOf = (c: BuyReviewContext): BuyOrderRequest => orderOf(c.draft, c.draft.quote, c.key ?? '');

export const requoteOf = ({ draft: d }: BuyReviewContext): QuoteRequest => ({
  currency: d.currency,
  geoId: d.geoId,
  fiatCurrency: d.fiatCurrency,
  depositAddress: d.depositAddress,
  side: d.side,
  amount: toWireAmount(d.amount),
});

const NOTIFY_FAILED = {
  type: 'notifyFailed',
  params: ({ event }: { event: { type: string; error?: unknown } }) => ({ failure: failureOfEvent(event) }),
} as const;

/**
 * /buy/order/review (spec §2, §4, §7): the summary with a mm:ss countdown (the countdown child) from the
 * quote. At 0 the summary greys out, the expired message shows and Update rate asks a fresh quote and
 * restarts the countdown. Confirm creates the order (POST /b2c/order) with the review's key; the output is
 * the created order (the flow sends the browser to its payment url), or null when the review gave up.
 */
export const buyReviewMachine = setup({
  types: {
    context: {} as BuyReviewContext,
    events: {} as BuyReviewEvent,
    input: {} as BuyReviewInput,
    output: {} as BuyOrderCreated | null,
    tags: {} as 'busy',
  },
  actors: {
    /** Seconds the quote's rate id has left now (the service reads the clock, so the machine stays pure). */
    timeLeft: fromPromise<number, { quote: BuyQuote }>(async () => {
      throw new Error('timeLeft not provided');
    }),
    countdown: countdownMachine,
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
  guards: {
    noTimeLeft: (_, seconds: number) => seconds <= 0,
    rateExpired: ({ event }) => /RATE_EXPIRED|EXPIRED/.test(failedWith(event)),
    ranOut: ({ context }) => context.ranOut,
    ordering: stateIn({ counting: 'creating' }),
  },
  actions: {
    keepTimeLeft: assign((_, seconds: number) => ({ secondsLeft: Math.max(0, seconds) })),
    expire: assign({ secondsLeft: 0 }),
    runOut: assign({ ranOut: true }),
    keepFreshQuote: assign(({ context }, quote: BuyQuote) => ({
      draft: { ...context.draft, quote },
      secondsLeft: quote.validSeconds ?? QUOTE_VALIDITY_SECONDS,
      ranOut: false,
      key: null,
      failure: null,
    })),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
    clearFailure: assign({ failure: null }),
    keepOrder: assign((_, order: BuyOrderCreated) => ({ order })),
    notifyFailed: (_, _params: { failure: BuyFailure }) => {},
  },
}).createMachine({
  id: 'buyReview',
  context: ({ input }) => ({
    draft: input.draft,
    coin: input.coin,
    secondsLeft: 0,
    ranOut: false,
    key: null,
    failure: null,
    order: null,
  }),
  output: ({ context }) => context.order,
  initial: 'timing',
  states: {
    timing: {
      tags: 'busy',
      description: 'How long the quote has left: it may have aged on the order form.',
      invoke: {
        id: 'timeLeft',
        src: 'timeLeft',
        input: ({ context }) => ({ quote: context.draft.quote }),
        onDone: [
          { guard: { type: 'noTimeLeft', params: output }, target: 'expired', actions: 'expire' },
          { target: 'counting', actions: { type: 'keepTimeLeft', params: output } },
        ],
      },
    },
    counting: {
      description: 'The countdown runs (one tick a second); at 0 the quote expires.',
      invoke: {
        id: 'countdown',
        src: 'countdown',
        input: ({ context }) => ({ seconds: context.secondsLeft }),
        onDone: [
          // The order request is not cut short: its answer decides (a created order is paid at its own rate).
          { guard: 'ordering', actions: 'runOut' },
          // A failed confirm's message is stale once the quote ran out.
          { target: 'expired', actions: ['expire', 'clearFailure'] },
        ],
      },
      initial: 'keying',
      states: {
        keying: {
          tags: 'busy',
          invoke: {
            id: 'reviewKey',
            src: 'reviewKey',
            input: ({ context }) => ({ signature: signatureOf(context) }),
            onDone: { target: 'idle', actions: assign({ key: ({ event }) => event.output }) },
            onError: {
              target: '#buyReview.left',
              actions: ['keepFailure', NOTIFY_FAILED],
            },
          },
        },
        idle: { on: { 'review.confirmed': { target: 'creating', actions: 'clearFailure' } } },
        creating: {
          tags: 'busy',
          description: "One order request with the review's key; a second tap sends nothing.",
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => orderRequestOf(context),
            onDone: { target: '#buyReview.created', actions: { type: 'keepOrder', params: output } },
            onError: [
              { guard: 'rateExpired', target: '#buyReview.expired', actions: ['keepFailure', 'expire'] },
              { guard: 'ranOut', target: '#buyReview.expired', actions: ['keepFailure', 'expire'] },
              {
                target: 'idle',
                actions: ['keepFailure', NOTIFY_FAILED],
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
        onDone: { target: 'counting', actions: { type: 'keepFreshQuote', params: output } },
        onError: { target: 'expired', actions: 'keepFailure' },
      },
    },
    created: {
      type: 'final',
      description: 'The order exists: the flow sends the browser to its payment page.',
    },
    left: { type: 'final', description: 'No key could be made for the review: back to the order form.' },
  },
});
