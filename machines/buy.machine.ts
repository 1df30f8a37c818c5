import { assign, setup } from 'xstate';
import { buyOrderMachine, type BuyOrderInput, type BuyOrderOutput } from './buyOrder.machine';
import { buyPayMachine } from './buyPay.machine';
import { buyReviewMachine, type BuyReviewInput } from './buyReview.machine';
import { buyStatusMachine } from './buyStatus.machine';
import { sameChoice, type BuyChoice, type BuyOrderCreated, type BuyRegionChoice, type BuyStep } from './shared/buy';
import { output } from './shared/output';

export * from './shared/buy';

export type BuyInput = {
  /** Inside the messenger the payment page opens outside the mini-app, which follows the order meanwhile. */
  followInApp: boolean;
};

/** What the URL the flow opens on carries (a link, a reload, the payment page's return). */
export type BuyOpened = {
  step: BuyStep;
  currency: string;
  /** The region of /buy/order and its review (their search). */
  region: BuyRegionChoice | null;
  /** The order of /buy/status/{orderId}. */
  orderId: string | null;
};

export type BuyEvent =
  /** The page tells the flow which URL it opened on. */
  | ({ type: 'flow.opened' } & BuyOpened)
  /** The URL moved to another step (a link, the browser's back or forward button). */
  | { type: 'route.changed'; route: BuyStep };

export type BuyContext = {
  currency: string;
  region: BuyRegionChoice | null;
  orderId: string | null;
  followInApp: boolean;
  /** The draft the order form last handed to the review, with its coin: in this memory only, never in storage. */
  reviewed: BuyOrderOutput | null;
};

/** The coin and region of the order form and its review; the URL's search. */
export const choiceOf = ({ currency, region }: Pick<BuyContext, 'currency' | 'region'>): BuyChoice => ({
  currency,
  geoId: region?.geoId ?? '',
  fiatCurrency: region?.fiatCurrency ?? '',
});

/** The order form starts from what was last reviewed for the same coin and region (back from the review). */
export const orderInputOf = (c: BuyContext): BuyOrderInput => {
  const choice = choiceOf(c);
  const draft = c.reviewed && sameChoice(c.reviewed.draft, choice) ? c.reviewed.draft : null;
  return { ...choice, typed: draft ? { side: draft.side, amount: draft.amount } : null };
};

/** The review is only entered with a draft of the current coin and region (the `reviewable` guard). */
const reviewInputOf = (c: BuyContext): BuyReviewInput => c.reviewed!;

const TO_PAY = { guard: 'toPay', target: '#buy.pay' } as const;
const TO_ORDER = { guard: 'toOrder', target: '#buy.order' } as const;
const TO_REVIEW = { guard: 'toReview', target: '#buy.review' } as const;
const TO_STATUS = { guard: 'toStatus', target: '#buy.status' } as const;
const OPEN_PAYMENT = {
  type: 'openPayment',
  // Only on the `created` branch: the review's output is the created order there.
  params: ({ event }: { event: { output: BuyOrderCreated | null } }) => ({ order: event.output! }),
} as const;

/**
 * Card buy (spec §2 /buy/pay → /buy/order → /buy/order/review, the payment page, then the return screen
 * /buy/status/{orderId}): one flow over the four steps, each a machine of its own invoked with typed input
 * (buyPay, buyOrder, buyReview, buyStatus) whose output the next one starts from. Nothing passes through
 * storage: the draft lives here, and what survives the payment page's reload is the order id (the URL, and
 * the pending order the pages keep). The URL is the step (useFlowRoute): a step the flow cannot show (a
 * review with nothing to review, after a reload) stays where it is, and the URL comes back to it.
 */
export const buyMachine = setup({
  types: { context: {} as BuyContext, events: {} as BuyEvent, input: {} as BuyInput },
  actors: { pay: buyPayMachine, order: buyOrderMachine, review: buyReviewMachine, status: buyStatusMachine },
  guards: {
    openedAtStatus: ({ event }) => event.type === 'flow.opened' && event.step === 'status' && event.orderId !== null,
    // A review opened afresh (a reload) has nothing to review: its order form.
    openedAtOrder: ({ event }) =>
      event.type === 'flow.opened' && (event.step === 'order' || event.step === 'review') && event.region !== null,
    openedAtPay: ({ event }) => event.type === 'flow.opened' && event.step === 'pay' && event.currency !== '',
    toPay: ({ context, event }) => event.type === 'route.changed' && event.route === 'pay' && context.currency !== '',
    toOrder: ({ context, event }) =>
      event.type === 'route.changed' && event.route === 'order' && context.region !== null,
    toReview: ({ context, event }) =>
      event.type === 'route.changed' &&
      event.route === 'review' &&
      context.reviewed !== null &&
      sameChoice(context.reviewed.draft, choiceOf(context)),
    toStatus: ({ context, event }) =>
      event.type === 'route.changed' && event.route === 'status' && context.orderId !== null,
    created: (_, order: BuyOrderCreated | null) => order !== null,
    followInApp: ({ context }) => context.followInApp,
  },
  actions: {
    keepOpened: assign(({ event }) =>
      event.type === 'flow.opened' ? { currency: event.currency, region: event.region, orderId: event.orderId } : {},
    ),
    keepRegion: assign((_, region: BuyRegionChoice) => ({ region })),
    keepReviewed: assign((_, reviewed: BuyOrderOutput) => ({ reviewed })),
    keepOrderId: assign((_, order: BuyOrderCreated | null) => ({ orderId: order?.orderId ?? null })),
    /** Remembers the pending order and sends the browser (or the messenger's link opener) to its payment page. */
    openPayment: (_, _params: { order: BuyOrderCreated }) => {},
  },
}).createMachine({
  id: 'buy',
  context: ({ input }) => ({
    currency: '',
    region: null,
    orderId: null,
    followInApp: input.followInApp,
    reviewed: null,
  }),
  initial: 'opening',
  states: {
    opening: {
      description: 'Until the page tells which URL the flow opened on; a URL lacking what its step needs is left.',
      on: {
        'flow.opened': [
          { guard: 'openedAtStatus', target: 'status', actions: 'keepOpened' },
          { guard: 'openedAtOrder', target: 'order', actions: 'keepOpened' },
          { guard: 'openedAtPay', target: 'pay', actions: 'keepOpened' },
        ],
      },
    },
    pay: {
      description: 'The regions (fiat currencies) offered for the coin.',
      invoke: {
        id: 'pay',
        src: 'pay',
        input: ({ context }) => ({ currency: context.currency }),
        onDone: { target: 'order', actions: { type: 'keepRegion', params: output } },
      },
      on: { 'route.changed': [TO_ORDER, TO_REVIEW, TO_STATUS] },
    },
    order: {
      invoke: {
        id: 'order',
        src: 'order',
        input: ({ context }) => orderInputOf(context),
        onDone: { target: 'review', actions: { type: 'keepReviewed', params: output } },
      },
      on: { 'route.changed': [TO_PAY, TO_REVIEW, TO_STATUS] },
    },
    review: {
      invoke: {
        id: 'review',
        src: 'review',
        input: ({ context }) => reviewInputOf(context),
        onDone: [
          {
            guard: { type: 'created', params: output },
            target: '.paying',
            actions: [{ type: 'keepOrderId', params: output }, OPEN_PAYMENT],
          },
          // No key could be made for the review (the review said so): the order form again.
          { target: 'order' },
        ],
      },
      on: { 'route.changed': [TO_PAY, TO_ORDER, TO_STATUS] },
      initial: 'confirming',
      states: {
        confirming: {},
        paying: {
          description:
            'The order exists: the browser is on its way to the payment page; inside the messenger the page opens outside the mini-app, which follows the order meanwhile.',
          always: { guard: 'followInApp', target: '#buy.status' },
        },
      },
    },
    status: {
      description: 'Back from the payment page (or followed in the messenger): the order until credited or declined.',
      invoke: {
        id: 'status',
        src: 'status',
        input: ({ context }) => ({ orderId: context.orderId ?? '' }),
      },
      on: { 'route.changed': [TO_PAY, TO_ORDER, TO_REVIEW] },
    },
  },
});
