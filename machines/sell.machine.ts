import { and, assign, fromPromise, sendParent, setup } from 'xstate';
import type { SellBySavedCardRequest, SellByCardRequest, SellOrder } from '../contracts/sell';
import { passcodeConfirmFor, type PasscodeConfirmMachine } from './passcodeConfirm.machine';
import { sellAmountMachine, type SellAmountOutput } from './sellAmount.machine';
import { sellCardMachine, type CardChoice } from './sellCard.machine';
import { failedWith, failureOf, failureOfEvent } from './shared/failure';
import { payoutsUnavailable, SELL_FIAT, type SellFailure, type SellRoute } from './shared/sell';
import { output } from './shared/output';

export type SellInput = {
  currency: string;
  /** The amount of the last review of this asset (sessionStorage), so a reload comes back to it. */
  amount?: string;
  /** The passcode step offers biometric unlock (faceIdEnabled). */
  biometrics?: boolean;
};

/** Spec §7 sell with a new card / with a saved card (contracts/sell.ts); the API client adds the account. */
export type SellRequest = ({ kind: 'card' } & SellByCardRequest) | ({ kind: 'savedCard' } & SellBySavedCardRequest);

export type SellEvent =
  | { type: 'card.back' }
  | { type: 'review.edited' }
  | { type: 'review.confirmed' }
  | { type: 'passcode.cancelled' }
  /** The passcode step's request failed for a reason that is not the passcode's (see reportsToSell). */
  | { type: 'passcode.failed'; failure: SellFailure }
  /** The URL moved to another step (the browser's back or forward button). */
  | { type: 'route.changed'; route: SellRoute };

export type SellContext = {
  currency: string;
  biometrics: boolean;
  draftAmount: string;
  order: SellAmountOutput | null;
  /** The chosen card; a new card's number stays in this memory only. */
  card: CardChoice | null;
  passcodeActive: boolean;
  /** One idempotency key per review (same currency, amount and card): kept across retries, double taps and reloads. */
  key: string | null;
  failure: SellFailure | null;
  /** The placed order: its id, payout state and the crypto it holds (the gateway's ceil(fiatAmount ÷ rate)). */
  placed: Pick<SellOrder, 'id' | 'state' | 'amount'> | null;
};

/** What the review's key is stored under: never the card number, only its masked form or saved id. */
export const sellSignature = (c: Pick<SellContext, 'currency' | 'order' | 'card'>) => {
  const card =
    c.card?.kind === 'saved' ? `id:${c.card.card.cardId}` : c.card?.kind === 'new' ? `new:${c.card.masked}` : '';
  return `${c.currency}|${c.order?.amount ?? ''}|${card}`;
};

export function sellRequestOf(c: SellContext): SellRequest {
  const order = c.order!;
  const common = {
    currency: c.currency,
    fiatCurrency: SELL_FIAT,
    fixedRateId: order.rateId,
    fiatAmount: order.fiatAmount,
    idempotencyKey: c.key ?? '',
  };
  if (c.card?.kind === 'saved') return { kind: 'savedCard', cardId: c.card.card.cardId, ...common };
  const card = c.card as Extract<CardChoice, { kind: 'new' }>;
  return {
    kind: 'card',
    card: card.number,
    bankCode: card.bankCode,
    bankSystem: card.system,
    saveCard: card.save,
    ...common,
  };
}

/**
 * The passcode step tells the sell flow what failed that is not the passcode's: the flow decides
 * (payouts down goes back to the review with Try again, instead of a fresh keypad that loops).
 */
export const reportsToSell = (step: PasscodeConfirmMachine<SellRequest, SellOrder>) =>
  step.provide({
    actions: {
      notifyFailed: sendParent((_, { failure }: { failure: SellFailure }) => ({
        type: 'passcode.failed' as const,
        failure,
      })),
    },
  });

const USED_KEY = {
  type: 'forgetKey',
  params: ({ context }: { context: SellContext }) => ({ signature: sellSignature(context) }),
} as const;
const NOTIFY_FAILED = {
  type: 'notifyFailed',
  params: ({ context }: { context: SellContext }) => ({ failure: context.failure ?? failureOf(null) }),
} as const;
// The used key is forgotten before the card leaves memory: its signature names the card.
const TO_SUCCESS = {
  target: '#sell.success',
  actions: [USED_KEY, { type: 'keepPlaced', params: output }, 'clearDraft'],
} as const;

/**
 * Sell (spec §4 "amount, card, review, then in-progress"): the amount step and the card step are
 * machines of their own (sellAmount, sellCard); the review makes one request with the review's
 * idempotency key, through the passcode step when a passcode is active; the success screen follows
 * the order until the payout completed or failed.
 */
export const sellMachine = setup({
  types: { context: {} as SellContext, events: {} as SellEvent, input: {} as SellInput, tags: {} as 'busy' },
  actors: {
    amount: sellAmountMachine,
    card: sellCardMachine,
    /** The key stored for this review's content (sessionStorage), or a new one. */
    reviewKey: fromPromise<string, { signature: string }>(async () => {
      throw new Error('reviewKey not provided');
    }),
    sell: fromPromise<SellOrder, SellRequest>(async () => {
      throw new Error('sell not provided');
    }),
    /** The order, read again while the payout is on its way. */
    watchOrder: fromPromise<SellOrder, { id: string }>(async () => {
      throw new Error('watchOrder not provided');
    }),
    /** The passcode step; its live `authorise` makes the sell with the code in the pincode header. */
    passcode: reportsToSell(passcodeConfirmFor<SellRequest, SellOrder>()),
  },
  delays: { POLL: 3000 },
  guards: {
    passcodeActive: ({ context }) => context.passcodeActive,
    hasKey: ({ context }) => context.key !== null,
    pincodeRequired: ({ event }) => failedWith(event) === 'PINCODE_REQUIRED',
    unavailable: ({ event }) => payoutsUnavailable(failureOfEvent(event)),
    reportedUnavailable: ({ event }) => event.type === 'passcode.failed' && payoutsUnavailable(event.failure),
    toOrder: ({ event }) => event.type === 'route.changed' && event.route === 'order',
    toCard: ({ event }) => event.type === 'route.changed' && event.route === 'card',
    settledOk: (_, order: SellOrder | undefined) => order?.state === 'COMPLETED',
    settledFailed: (_, order: SellOrder | undefined) => order?.state === 'FAILED',
    /** The sell's own answer already settled (a sandbox provider that pays at once). */
    answeredCompleted: ({ context }) => context.placed?.state === 'COMPLETED',
    answeredFailed: ({ context }) => context.placed?.state === 'FAILED',
  },
  actions: {
    keepOrder: assign(({ context }, output: SellAmountOutput) => {
      const order = { ...output };
      return {
        order,
        passcodeActive: order.passcodeActive,
        key: order.amount === context.order?.amount ? context.key : null,
      };
    }),
    keepCard: assign((_, card: CardChoice) => ({ card: { ...card }, key: null, failure: null })),
    dropCard: assign({ card: null, key: null }),
    keepFailure: assign({ failure: ({ event }) => failureOfEvent(event) }),
    keepReported: assign({ failure: ({ event }) => (event.type === 'passcode.failed' ? event.failure : null) }),
    clearFailure: assign({ failure: null }),
    keepPlaced: assign((_, t: SellOrder | undefined) => {
      // The sale is done with the card: its number leaves memory.
      return { placed: { id: t?.id ?? '', state: t?.state ?? 'IN_PROGRESS', amount: t?.amount ?? '' }, card: null };
    }),
    keepState: assign(({ context }, order: SellOrder | undefined) => ({
      placed: {
        id: context.placed?.id ?? '',
        state: order?.state ?? 'IN_PROGRESS',
        amount: context.placed?.amount ?? '',
      },
    })),
    forgetKey: (_, _params: { signature: string }) => {},
    /** The amount is kept as the draft a reload comes back to (sessionStorage). */
    saveDraft: (_, _params: { amount: string }) => {},
    /** The sale is placed: no draft to come back to. */
    clearDraft: () => {},
    notifyFailed: (_, _params: { failure: SellFailure }) => {},
  },
}).createMachine({
  id: 'sell',
  context: ({ input }) => ({
    currency: input.currency,
    biometrics: input.biometrics ?? false,
    draftAmount: input.amount ?? '',
    order: null,
    card: null,
    passcodeActive: false,
    key: null,
    failure: null,
    placed: null,
  }),
  initial: 'amount',
  states: {
    amount: {
      invoke: {
        id: 'amount',
        src: 'amount',
        input: ({ context }) => ({ currency: context.currency, amount: context.order?.amount ?? context.draftAmount }),
        onDone: { target: 'card', actions: { type: 'keepOrder', params: output } },
        onError: { target: 'amount', reenter: true },
      },
    },
    card: {
      invoke: {
        id: 'card',
        src: 'card',
        onDone: {
          target: 'review',
          actions: [
            { type: 'keepCard', params: output },
            { type: 'saveDraft', params: ({ context }) => ({ amount: context.order?.amount ?? '' }) },
          ],
        },
        onError: { target: 'card', reenter: true },
      },
      on: {
        'card.back': 'amount',
        'route.changed': { guard: 'toOrder', target: 'amount' },
      },
    },
    review: {
      initial: 'keying',
      states: {
        keying: {
          tags: 'busy',
          invoke: {
            id: 'reviewKey',
            src: 'reviewKey',
            input: ({ context }) => ({ signature: sellSignature(context) }),
            onDone: { target: 'idle', actions: assign({ key: ({ event }) => event.output }) },
            onError: {
              target: '#sell.card',
              actions: ['keepFailure', NOTIFY_FAILED, 'clearFailure', 'dropCard'],
            },
          },
        },
        idle: {
          on: {
            'review.confirmed': [
              { guard: and(['passcodeActive', 'hasKey']), target: 'passcode' },
              { guard: 'hasKey', target: 'selling' },
            ],
            'review.edited': { target: '#sell.card', actions: ['dropCard', 'clearFailure'] },
            'route.changed': [
              { guard: 'toCard', target: '#sell.card', actions: ['dropCard', 'clearFailure'] },
              { guard: 'toOrder', target: '#sell.amount', actions: ['dropCard', 'clearFailure'] },
            ],
          },
        },
        selling: {
          tags: 'busy',
          description:
            "One request with the review's key; a retry, a re-authentication or a reload sends the same key.",
          invoke: {
            id: 'sell',
            src: 'sell',
            input: ({ context }) => sellRequestOf(context),
            onDone: TO_SUCCESS,
            onError: [
              { guard: 'pincodeRequired', target: 'passcode', actions: assign({ passcodeActive: true }) },
              { guard: 'unavailable', target: 'idle', actions: 'keepFailure' },
              { target: 'idle', actions: ['keepFailure', NOTIFY_FAILED] },
            ],
          },
        },
        passcode: {
          invoke: {
            id: 'passcode',
            src: 'passcode',
            input: ({ context }) => ({ request: sellRequestOf(context), biometrics: context.biometrics }),
            // The step's authorise makes the sell: its output is the sell's answer.
            onDone: TO_SUCCESS,
            onError: { target: 'idle', actions: ['keepFailure', NOTIFY_FAILED] },
          },
          on: {
            'passcode.cancelled': 'idle',
            // Payouts down is no passcode problem: the review says so and offers Try again.
            'passcode.failed': [
              { guard: 'reportedUnavailable', target: 'idle', actions: 'keepReported' },
              {
                actions: {
                  type: 'notifyFailed',
                  params: ({ event }) => ({ failure: event.failure }),
                },
              },
            ],
          },
        },
      },
    },
    success: {
      description: 'The order is accepted: in progress until the payout completes or fails (spec §2 /sell/success).',
      initial: 'waiting',
      states: {
        waiting: {
          always: [
            { guard: 'answeredCompleted', target: 'completed' },
            { guard: 'answeredFailed', target: 'failed' },
          ],
          after: { POLL: 'watching' },
        },
        watching: {
          invoke: {
            id: 'watchOrder',
            src: 'watchOrder',
            input: ({ context }) => ({ id: context.placed?.id ?? '' }),
            onDone: [
              {
                guard: { type: 'settledOk', params: output },
                target: 'completed',
                actions: { type: 'keepState', params: output },
              },
              {
                guard: { type: 'settledFailed', params: output },
                target: 'failed',
                actions: { type: 'keepState', params: output },
              },
              { target: 'waiting' },
            ],
            onError: 'waiting',
          },
        },
        completed: {},
        failed: { description: 'The payout failed after acceptance: the crypto went back to the balance.' },
      },
    },
  },
});
