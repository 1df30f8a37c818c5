import { assign, fromPromise, setup } from 'xstate';
import type { BuyOrderStatus } from './shared/buy';
import { output } from './shared/output';

export type BuyStatusEvent =
  | { type: 'status.retried' }
  /** The payment page is open elsewhere (the messenger's browser, another tab): open it again. */
  | { type: 'payment.reopened' };
export type BuyStatusContext = { orderId: string; order: BuyOrderStatus | null; failed: boolean };

/** Polling interval while the payment or the credit is under way. */
export const BUY_STATUS_POLL_MS = 3000;

const KEEP_STATUS = { type: 'keepStatus', params: output } as const;

/**
 * The return screen (issue 10): back from the payment page (or reopening the mini-app), follows the order
 * until the crypto is credited or the payment was declined; pending polls every 3 s.
 */
export const buyStatusMachine = setup({
  types: {
    context: {} as BuyStatusContext,
    events: {} as BuyStatusEvent,
    input: {} as { orderId: string },
    tags: {} as 'busy',
  },
  actors: {
    loadStatus: fromPromise<BuyOrderStatus, { orderId: string }>(async () => {
      throw new Error('loadStatus not provided');
    }),
  },
  delays: { POLL: BUY_STATUS_POLL_MS },
  guards: {
    credited: (_, order: BuyOrderStatus) => order.phase === 'credited',
    declined: (_, order: BuyOrderStatus) => order.phase === 'declined',
    awaitsPayment: ({ context }) => !!context.order?.paymentUrl,
  },
  actions: {
    keepStatus: assign((_, order: BuyOrderStatus) => ({ order, failed: false })),
    /** The order reached its end: the remembered pending order is forgotten. */
    forgetPending: () => {},
    /** Opens the hosted payment page (the page's redirect: same tab, or the messenger's openLink). */
    openPayment: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'buyStatus',
  context: ({ input }) => ({ orderId: input.orderId, order: null, failed: false }),
  initial: 'loading',
  // While the last answer says the order awaits payment (polls and a failed read included), its page opens again.
  on: {
    'payment.reopened': {
      guard: 'awaitsPayment',
      actions: { type: 'openPayment', params: ({ context }) => ({ url: context.order?.paymentUrl ?? '' }) },
    },
  },
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          { guard: { type: 'credited', params: output }, target: 'credited', actions: [KEEP_STATUS, 'forgetPending'] },
          { guard: { type: 'declined', params: output }, target: 'declined', actions: [KEEP_STATUS, 'forgetPending'] },
          { target: 'pending', actions: KEEP_STATUS },
        ],
        onError: { target: 'failed', actions: assign({ failed: true }) },
      },
    },
    pending: { description: 'Paying or crediting: asked again every 3 s.', after: { POLL: 'loading' } },
    failed: { description: 'The status could not be read; retried on request.', on: { 'status.retried': 'loading' } },
    credited: { description: 'The crypto is in the wallet.' },
    declined: { description: 'The payment was declined or abandoned: nothing credited.' },
  },
});
