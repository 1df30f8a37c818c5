import { assign, fromPromise, setup } from 'xstate';
import type { SwapOrder, SwapOrderRequest, SwapQuote, SwapQuoteQuery } from '../contracts/swap';
import { countdownMachine } from './countdown.machine';
import { passcodeConfirmFor } from './passcodeConfirm.machine';
import { failedWith, failureOfEvent } from './shared/failure';
import {
  afterAmountChange,
  afterQuote,
  availableOf,
  canReverse,
  drivingPositive,
  hasPair,
  isSource,
  coinOf,
  maxAmount,
  orderSignature,
  shareAmount,
  amountProblem,
  orderRequestOf,
  quoteQueryOf,
  type SwapContext,
  type SwapEvent,
  type SwapFailure,
  type SwapInput,
  type SwapSetup,
  type PlacedOrder,
} from './shared/swap';
import { isPositiveAmount } from './shared/amountInput';
import { output } from './shared/output';
import { BACK_TO_ORDER, EDIT, FORGET_KEY, KEEP_SETUP, NOTIFY_FAILED, URL_TO_ORDER } from './shared/swapTransitions';

export * from './shared/swap';

/** Spec §9: the amount debounce. */
export const DEBOUNCE_MS = 300;

/**
 * Swap (spec §1, §2, §4, §5, §7): pick the source (held, active, traded) and the destination (the
 * server's pairs), type either amount (the last edited side drives the other after a 300 ms pause),
 * 25 %, 50 % or Max of the balance, the quote's limits and the funds, swap the sides when the reverse pair exists; the review
 * creates an order (one idempotency key per creation), counts down to the order's own expiry,
 * and confirms it (with the passcode when active). One actor spans the five screens.
 */
export const swapMachine = setup({
  types: { context: {} as SwapContext, events: {} as SwapEvent, input: {} as SwapInput, tags: {} as 'busy' },
  actors: {
    /** Catalogue, held balances, the account's pairs and whether a passcode protects the confirm. */
    loadSwap: fromPromise<SwapSetup>(async () => {
      throw new Error('loadSwap not provided');
    }),
    quote: fromPromise<SwapQuote, SwapQuoteQuery>(async () => {
      throw new Error('quote not provided');
    }),
    /** The key stored for this order creation (sessionStorage), or a new one. */
    orderKey: fromPromise<string, { signature: string }>(async () => {
      throw new Error('orderKey not provided');
    }),
    createOrder: fromPromise<PlacedOrder, SwapOrderRequest>(async () => {
      throw new Error('createOrder not provided');
    }),
    confirm: fromPromise<SwapOrder, { orderId: string }>(async () => {
      throw new Error('confirm not provided');
    }),
    /** The passcode step; its live `authorise` confirms the order with the code in the pincode header. */
    passcode: passcodeConfirmFor<{ orderId: string }, SwapOrder>(),
    /** The order's own expiry, counted down a second at a time (spec §4). */
    countdown: countdownMachine,
  },
  delays: { DEBOUNCE: DEBOUNCE_MS },
  guards: {
    presetReady: ({ context }, loaded: SwapSetup) => {
      const c = { ...context, ...loaded };
      return isSource(c, c.from) && hasPair(c, c.from, c.to);
    },
    presetSource: ({ context }, loaded: SwapSetup) => isSource({ ...context, ...loaded }, context.from),
    pairsWithDestination: ({ context, event }) =>
      event.type === 'asset.picked' && hasPair(context, event.currency, context.to),
    pairChosen: ({ context }) => isSource(context, context.from) && hasPair(context, context.from, context.to),
    drivingPositive: ({ context }) => drivingPositive(context),
    /** A new destination keeps a typed source amount (a typed destination amount was in the old currency). */
    sourceAmountKept: ({ context }) => context.driver === 'source' && isPositiveAmount(context.sourceAmount),
    hasFunds: ({ context }) => isPositiveAmount(availableOf(context, context.from) ?? '0'),
    canReverse: ({ context }) => canReverse(context),
    canContinue: ({ context }) =>
      context.quote !== null && isPositiveAmount(context.sourceAmount) && amountProblem(context) === null,
    routeIsFrom: ({ event }) => event.type === 'route.changed' && event.route === 'from',
    routeIsTo: ({ event }) => event.type === 'route.changed' && event.route === 'to',
    routeIsOrder: ({ event }) => event.type === 'route.changed' && event.route === 'order',
    orderExpired: ({ context }) => context.expired,
    passcodeActive: ({ context }) => context.passcodeActive,
    /** COMPLETED, or IN_PROGRESS when the provider settles later (the source is on hold meanwhile). */
    accepted: (_, order: SwapOrder) => order.state !== 'FAILED',
    expiredOrder: ({ event }) => failedWith(event) === 'SWAP_ORDER_EXPIRED',
    pincodeRequired: ({ event }) => failedWith(event) === 'PINCODE_REQUIRED',
  },
  actions: {
    keepSetup: assign((_, loaded: SwapSetup) => ({ ...loaded, failure: null })),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
    clearFailure: assign({ failure: null }),
    setSearch: assign({ search: ({ event }) => (event.type === 'search.changed' ? event.value : '') }),
    /** A new source: amounts of the old one mean nothing. */
    setSource: assign(({ event }) => ({
      from: event.type === 'asset.picked' ? event.currency : null,
      search: '',
      sourceAmount: '',
      destinationAmount: '',
      driver: 'source' as const,
      quote: null,
      failure: null,
    })),
    /** A new destination keeps a typed source amount; a typed destination amount is in the old currency. */
    setDestination: assign(({ context, event }) => ({
      to: event.type === 'asset.picked' ? event.currency : null,
      search: '',
      quote: null,
      failure: null,
      destinationAmount: '',
      sourceAmount: context.driver === 'source' ? context.sourceAmount : '',
      driver: 'source' as const,
    })),
    dropDestination: assign({ to: null }),
    /** A preselected source the user cannot swap from (not held, or not traded): nothing is preselected. */
    dropPreset: assign({ from: null, to: null }),
    setAmount: assign(({ context, event }) =>
      event.type === 'amount.changed' ? afterAmountChange(context, event.side, event.value) : {},
    ),
    setMax: assign(({ context }) =>
      afterAmountChange(context, 'source', maxAmount(availableOf(context, context.from) ?? '0')),
    ),
    setShare: assign(({ context, event }) =>
      event.type === 'share.requested'
        ? afterAmountChange(
            context,
            'source',
            shareAmount(availableOf(context, context.from) ?? '0', event.share, coinOf(context, context.from)?.round),
          )
        : {},
    ),
    swapSides: assign(({ context }) => ({
      from: context.to,
      to: context.from,
      sourceAmount: context.destinationAmount,
      destinationAmount: context.sourceAmount,
      driver: context.driver === 'source' ? ('destination' as const) : ('source' as const),
      quote: null,
      failure: null,
    })),
    keepQuote: assign(({ context }, quote: SwapQuote) => afterQuote(context, quote)),
    keepKey: assign((_, key: string) => ({ key })),
    keepPlaced: assign((_, { order, secondsLeft }: PlacedOrder) => ({
      order,
      orderSeconds: secondsLeft,
      expired: false,
      key: null,
      failure: null,
    })),
    keepOrder: assign((_, order: SwapOrder) => ({ order })),
    // `expired` stays until the next order arrives (keepPlaced): it is read only while an order is live.
    clearOrder: assign({ order: null, orderSeconds: 0, key: null, failure: null }),
    expire: assign({ expired: true }),
    markPasscode: assign({ passcodeActive: true }),
    /** Drops the stored key of a creation that answered: the next order gets a new one. */
    forgetKey: (_, _params: { signature: string }) => {},
    notifyFailed: (_, _params: { failure: SwapFailure }) => {},
    /** Both balances moved: the page asks the balances for a fresh poll. */
    settled: () => {},
  },
}).createMachine({
  id: 'swap',
  context: ({ input }) => ({
    coins: [],
    holdings: [],
    pairs: [],
    passcodeActive: false,
    from: input.from ?? null,
    to: input.to ?? null,
    search: '',
    sourceAmount: '',
    destinationAmount: '',
    driver: 'source',
    quote: null,
    key: null,
    order: null,
    orderSeconds: 0,
    expired: false,
    biometrics: false,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSwap',
        src: 'loadSwap',
        onDone: [
          { guard: { type: 'presetReady', params: output }, target: '#swap.order.idle', actions: KEEP_SETUP },
          {
            guard: { type: 'presetSource', params: output },
            target: 'pickingTo',
            actions: [KEEP_SETUP, 'dropDestination'],
          },
          { target: 'pickingFrom', actions: [KEEP_SETUP, 'dropPreset'] },
        ],
        onError: { target: 'loadFailed', actions: 'keepFailure' },
      },
    },
    loadFailed: { on: { 'load.retried': 'loading' } },
    pickingFrom: {
      description: 'Held, active assets the provider trades from, with a search.',
      on: {
        'search.changed': { actions: 'setSearch' },
        'asset.picked': [
          { guard: 'pairsWithDestination', target: '#swap.order.idle', actions: 'setSource' },
          { target: 'pickingTo', actions: ['setSource', 'dropDestination'] },
        ],
        'sourcePicker.closed': [...BACK_TO_ORDER],
        // Back (or forward) to the amounts' URL: the same as closing the picker.
        'route.changed': [...URL_TO_ORDER],
      },
    },
    pickingTo: {
      description: 'The destinations the server pairs with the source.',
      on: {
        'search.changed': { actions: 'setSearch' },
        'asset.picked': [
          { guard: 'sourceAmountKept', target: '#swap.order.quoting', actions: 'setDestination' },
          { target: '#swap.order.idle', actions: 'setDestination' },
        ],
        'destinationPicker.closed': [...BACK_TO_ORDER, { target: 'pickingFrom', actions: 'setSearch' }],
        'route.changed': { guard: 'routeIsFrom', target: 'pickingFrom', actions: 'setSearch' },
      },
    },
    order: {
      initial: 'idle',
      on: {
        'amount.changed': { target: '.debouncing', reenter: true, actions: 'setAmount' },
        'max.requested': { guard: 'hasFunds', target: '.quoting', reenter: true, actions: 'setMax' },
        'share.requested': { guard: 'hasFunds', target: '.quoting', reenter: true, actions: 'setShare' },
        'sides.swapped': { guard: 'canReverse', target: '.debouncing', reenter: true, actions: 'swapSides' },
        'source.requested': 'pickingFrom',
        'destination.requested': 'pickingTo',
        'route.changed': [
          { guard: 'routeIsFrom', target: 'pickingFrom' },
          { guard: 'routeIsTo', target: 'pickingTo' },
        ],
      },
      states: {
        idle: { description: 'No amount to quote yet.' },
        debouncing: {
          description: 'Typing: the quote waits for a 300 ms pause (spec §9).',
          after: { DEBOUNCE: [{ guard: 'drivingPositive', target: 'quoting' }, { target: 'idle' }] },
        },
        quoting: {
          tags: 'busy',
          invoke: {
            id: 'quote',
            src: 'quote',
            input: ({ context }) => quoteQueryOf(context),
            onDone: { target: 'quoted', actions: { type: 'keepQuote', params: output } },
            onError: { target: 'quoteFailed', actions: 'keepFailure' },
          },
        },
        quoteFailed: { on: { 'quote.retried': 'quoting' } },
        quoted: {
          description: 'Both amounts, the rate and the limits: Continue once the amount is within them and the funds.',
          on: { 'form.submitted': { guard: 'canContinue', target: '#swap.review' } },
        },
      },
    },
    review: {
      initial: 'keying',
      on: { 'route.changed': { guard: 'routeIsOrder', ...EDIT } },
      states: {
        keying: {
          invoke: {
            id: 'orderKey',
            src: 'orderKey',
            input: ({ context }) => ({ signature: orderSignature(context) }),
            onDone: { target: 'creating', actions: { type: 'keepKey', params: output } },
            onError: { target: 'createFailed', actions: 'keepFailure' },
          },
        },
        creating: {
          tags: 'busy',
          description: 'One order creation with its key; a retry, a re-authentication or a reload sends the same key.',
          invoke: {
            id: 'createOrder',
            src: 'createOrder',
            input: ({ context }) => orderRequestOf(context),
            onDone: { target: 'live', actions: [FORGET_KEY, { type: 'keepPlaced', params: output }] },
            onError: { target: 'createFailed', actions: 'keepFailure' },
          },
        },
        createFailed: { on: { 'order.retried': 'keying', 'review.edited': EDIT } },
        live: {
          type: 'parallel',
          description:
            'The order is fixed until its own expiry: the clock ticks while the user reads, confirms or types the passcode.',
          states: {
            clock: {
              initial: 'ticking',
              states: {
                ticking: {
                  invoke: {
                    id: 'countdown',
                    src: 'countdown',
                    input: ({ context }) => ({ seconds: context.orderSeconds }),
                    onDone: { target: 'over', actions: 'expire' },
                  },
                },
                over: { description: "Expired while a confirm was on its way: the server's answer decides." },
              },
            },
            step: {
              initial: 'ready',
              states: {
                ready: {
                  always: { guard: 'orderExpired', target: '#swap.review.expired' },
                  on: {
                    'review.confirmed': [{ guard: 'passcodeActive', target: 'passcode' }, { target: 'confirming' }],
                    'review.edited': EDIT,
                  },
                },
                confirming: {
                  tags: 'busy',
                  invoke: {
                    id: 'confirm',
                    src: 'confirm',
                    input: ({ context }) => ({ orderId: context.order?.id ?? '' }),
                    onDone: [
                      {
                        guard: { type: 'accepted', params: output },
                        target: '#swap.success',
                        actions: { type: 'keepOrder', params: output },
                      },
                      { target: '#swap.review.refused', actions: { type: 'keepOrder', params: output } },
                    ],
                    onError: [
                      { guard: 'expiredOrder', target: '#swap.review.expired', actions: 'expire' },
                      { guard: 'pincodeRequired', target: 'passcode', actions: 'markPasscode' },
                      { target: 'ready', actions: ['keepFailure', NOTIFY_FAILED] },
                    ],
                  },
                  // The confirm is on its way: the review stays (and useFlowRoute puts its URL back) until it answers.
                  on: { 'route.changed': { target: 'confirming' } },
                },
                passcode: {
                  always: { guard: 'orderExpired', target: '#swap.review.expired' },
                  invoke: {
                    id: 'passcode',
                    src: 'passcode',
                    input: ({ context }) => ({
                      request: { orderId: context.order?.id ?? '' },
                      biometrics: context.biometrics,
                    }),
                    // The step's authorise confirms the order: its output is the confirmed order.
                    onDone: [
                      {
                        guard: { type: 'accepted', params: output },
                        target: '#swap.success',
                        actions: { type: 'keepOrder', params: output },
                      },
                      { target: '#swap.review.refused', actions: { type: 'keepOrder', params: output } },
                    ],
                    onError: { target: 'ready', actions: ['keepFailure', NOTIFY_FAILED] },
                  },
                  on: { 'passcode.cancelled': 'ready' },
                },
              },
            },
          },
        },
        expired: {
          description: 'At 0 the summary greys out, the expired message shows and Update rate creates a fresh order.',
          on: { 'rate.updated': { target: 'keying', actions: 'clearOrder' }, 'review.edited': EDIT },
        },
        refused: {
          description: 'The provider refused the order: nothing moved; a fresh order can be tried.',
          on: { 'rate.updated': { target: 'keying', actions: 'clearOrder' }, 'review.edited': EDIT },
        },
      },
    },
    success: { entry: 'settled', description: 'Both legs settled: the success screen.' },
  },
});
