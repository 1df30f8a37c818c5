import { assign, fromPromise, setup } from 'xstate';
import { nextAmount, toWireAmount } from './shared/amountInput';
import {
  QUOTE_DEBOUNCE_MS,
  isLimitFailure,
  outOfLimits,
  quotable,
  type BuyChoice,
  type BuyFailure,
  type BuyQuote,
  type BuySide,
  type BuyTarget,
  type BuyTyped,
  type QuoteRequest,
  type QuotedDraft,
} from './shared/buy';
import { failureOfEvent } from './shared/failure';
import { isZero } from './shared/money';
import type { Coin } from '../contracts/wallet';
import { output } from './shared/output';

export * from './shared/buy';

/** The coin and region of the URL, and what was typed before when the user comes back from the review. */
export type BuyOrderInput = BuyChoice & { typed: BuyTyped | null };

/** What the review starts from: the draft with the quote on screen, and the coin it is for. */
export type BuyOrderOutput = { draft: QuotedDraft; coin: Coin | null };

export type BuyOrderEvent =
  | { type: 'fiat.changed'; value: string }
  | { type: 'crypto.changed'; value: string }
  | { type: 'quote.retried' }
  | { type: 'load.retried' }
  | { type: 'order.submitted' };

export type BuyOrderContext = BuyChoice & {
  coin: Coin | null;
  depositAddress: string;
  /** The side the user typed; the other one shows the quote. */
  side: BuySide;
  fiat: string;
  crypto: string;
  quote: BuyQuote | null;
  failure: BuyFailure | null;
};

const typed = (c: BuyOrderContext) => (c.side === 'fiat' ? c.fiat : c.crypto);

/** The draft the review starts from (what the user typed, and the quote on screen); only reached with a quote. */
export const draftOf = (c: BuyOrderContext, quote: BuyQuote): QuotedDraft => ({
  currency: c.currency,
  geoId: c.geoId,
  fiatCurrency: c.fiatCurrency,
  depositAddress: c.depositAddress,
  side: c.side,
  amount: typed(c),
  quote,
});

/** The form's answer to the flow: `submitted` is only reached with a quote (the `canReview` guard). */
export const orderOutputOf = (c: BuyOrderContext): BuyOrderOutput => ({ draft: draftOf(c, c.quote!), coin: c.coin });

export const quoteRequestOf = (c: BuyOrderContext): QuoteRequest => ({
  currency: c.currency,
  geoId: c.geoId,
  fiatCurrency: c.fiatCurrency,
  depositAddress: c.depositAddress,
  side: c.side,
  amount: toWireAmount(typed(c)),
});

const E = '#buyOrder.editing';

/**
 * /buy/order (spec §2, §5, §7, §9): the fiat or the crypto amount, the other side quoted by POST /b2c/rate
 * after a 300 ms pause in typing, the approximate rate, and the 3000–75000 RUB limit (buy_limit, review
 * disabled). Review needs a quote whose crypto amount is above 0 and whose fiat amount is within the limits.
 */
export const buyOrderMachine = setup({
  types: {
    context: {} as BuyOrderContext,
    events: {} as BuyOrderEvent,
    input: {} as BuyOrderInput,
    output: {} as BuyOrderOutput,
    tags: {} as 'busy',
  },
  actors: {
    /** The coin and this wallet's deposit address for it (added to the wallet when missing). */
    loadBuyOrder: fromPromise<BuyTarget, BuyChoice>(async () => {
      throw new Error('loadBuyOrder not provided');
    }),
    /** POST /b2c/rate; the first element of the list. */
    quote: fromPromise<BuyQuote, QuoteRequest>(async () => {
      throw new Error('quote not provided');
    }),
  },
  delays: { DEBOUNCE: QUOTE_DEBOUNCE_MS },
  guards: {
    typedBefore: ({ context }) => quotable(typed(context)),
    nothingToQuote: ({ context }) => !quotable(typed(context)),
    typedFiatOutOfLimits: ({ context }) => context.side === 'fiat' && outOfLimits(context.fiat, context.fiatCurrency),
    quotedFiatOutOfLimits: ({ context }, quote: BuyQuote) => outOfLimits(quote.fiatAmount, context.fiatCurrency),
    limitRefused: ({ event }) => isLimitFailure(failureOfEvent(event)),
    canReview: ({ context }) => context.quote !== null && !isZero(context.quote.cryptoAmount),
  },
  actions: {
    keepTarget: assign((_, { coin, depositAddress }: BuyTarget) => ({ coin, depositAddress })),
    setFiat: assign(({ context, event }) => ({
      side: 'fiat' as const,
      fiat: nextAmount(context.fiat, (event as { value: string }).value),
      crypto: '',
      quote: null,
      failure: null,
    })),
    setCrypto: assign(({ context, event }) => ({
      side: 'crypto' as const,
      crypto: nextAmount(context.crypto, (event as { value: string }).value),
      fiat: '',
      quote: null,
      failure: null,
    })),
    /** The quote fills the side the user did not type. */
    keepQuote: assign(({ context }, quote: BuyQuote) =>
      context.side === 'fiat' ? { quote, crypto: quote.cryptoAmount } : { quote, fiat: quote.fiatAmount },
    ),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
  },
}).createMachine({
  id: 'buyOrder',
  context: ({ input }) => {
    const side = input.typed?.side ?? 'fiat';
    const amount = nextAmount('', input.typed?.amount ?? '');
    return {
      currency: input.currency,
      geoId: input.geoId,
      fiatCurrency: input.fiatCurrency,
      coin: null,
      depositAddress: '',
      side,
      fiat: side === 'fiat' ? amount : '',
      crypto: side === 'crypto' ? amount : '',
      quote: null,
      failure: null,
    };
  },
  output: ({ context }) => orderOutputOf(context),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadBuyOrder',
        src: 'loadBuyOrder',
        input: ({ context }) => ({
          currency: context.currency,
          geoId: context.geoId,
          fiatCurrency: context.fiatCurrency,
        }),
        onDone: { target: `${E}.idle`, actions: { type: 'keepTarget', params: output } },
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: { on: { 'load.retried': 'loading' } },
    editing: {
      on: {
        'fiat.changed': { target: '.waiting', reenter: true, actions: 'setFiat' },
        'crypto.changed': { target: '.waiting', reenter: true, actions: 'setCrypto' },
      },
      initial: 'idle',
      states: {
        idle: {
          description: 'Nothing to quote: both amounts empty or zero.',
          // Back from the review, the amount typed before is quoted again.
          always: { guard: 'typedBefore', target: 'waiting' },
        },
        waiting: {
          description: 'The 300 ms debounce: each keystroke starts it again; a quote still on its way is dropped.',
          after: {
            DEBOUNCE: [
              { guard: 'nothingToQuote', target: 'idle' },
              { guard: 'typedFiatOutOfLimits', target: 'outOfLimits' },
              { target: 'quoting' },
            ],
          },
        },
        quoting: {
          tags: 'busy',
          invoke: {
            id: 'quote',
            src: 'quote',
            input: ({ context }) => quoteRequestOf(context),
            onDone: [
              {
                guard: { type: 'quotedFiatOutOfLimits', params: output },
                target: 'outOfLimits',
                actions: { type: 'keepQuote', params: output },
              },
              { target: 'quoted', actions: { type: 'keepQuote', params: output } },
            ],
            onError: [
              { guard: 'limitRefused', target: 'outOfLimits', actions: 'keepFailure' },
              { target: 'quoteFailed', actions: 'keepFailure' },
            ],
          },
        },
        quoted: {
          description: 'Both amounts and the approximate rate shown; review opens when the crypto amount is above 0.',
          on: {
            'order.submitted': { guard: 'canReview', target: '#buyOrder.submitted' },
          },
        },
        outOfLimits: {
          description:
            'The fiat amount is outside 3000–75000 RUB: buy_limit, the input marked invalid, review disabled.',
        },
        quoteFailed: { on: { 'quote.retried': 'quoting' } },
      },
    },
    submitted: { type: 'final', description: 'Handed over to the review with this quote (the output).' },
  },
});
