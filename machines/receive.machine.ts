import { assign, fromPromise, setup } from 'xstate';
import type { Coin } from '../contracts/wallet';
import { output } from './shared/output';
import { requestAmountAfter, requestLinks, type RequestLinks } from './shared/paymentUri';
import { isPositiveAmount, toWireAmount } from './shared/amountInput';

export type ReceiveInput = {
  currency: string;
  /** Where the app lives (`{PUBLIC_URL}`): the payment link is `{appUrl}/pay?uri=…` (issue 25). */
  appUrl?: string;
  /** Inside Telegram, the bot whose `startapp` link opens the Mini App on the request; null in a browser. */
  telegramBot?: string | null;
};

/** The deposit address of one asset and the catalogue entry that names its network. */
export type ReceiveTarget = { coin: Coin; address: string };

export type ReceiveError = { kind: 'noAddress' } | { kind: 'notFound' } | { kind: 'server'; code: string };

/** Web Share / Telegram share outcome: "unavailable" falls back to copying. */
export type ShareOutcome = 'shared' | 'cancelled' | 'unavailable';

export type ReceiveEvent =
  | { type: 'address.retried' }
  | { type: 'copy.requested' }
  | { type: 'share.requested' }
  /** Issue 25: the amount to request; the QR and the shared link carry it. */
  | { type: 'amount.changed'; value: string };

export type ReceiveContext = {
  currency: string;
  coin: Coin | null;
  address: string | null;
  error: ReceiveError | null;
  appUrl: string;
  telegramBot: string | null;
  /** The requested amount as typed ('' for none): point-decimal, at most the asset's decimals. */
  amount: string;
};

/** The request's URI and links once an amount above zero is asked; null for a bare address. */
export function requestOf(c: ReceiveContext): RequestLinks | null {
  if (!c.address || !isPositiveAmount(c.amount)) return null;
  return requestLinks(
    { currency: c.currency, address: c.address, amount: toWireAmount(c.amount) },
    c.appUrl,
    c.telegramBot,
  );
}

/** What Share hands the share sheet: the address alone, or the request's link with a line saying what it asks. */
export function shareOf(c: ReceiveContext): { text: string; url?: string } {
  const request = requestOf(c);
  if (!request) return { text: c.address ?? '' };
  return { text: `${toWireAmount(c.amount)} ${c.currency}`, url: request.telegram ?? request.link };
}

export function toReceiveError(error: unknown): ReceiveError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    kind?: string;
    code?: string;
    status?: number;
  };
  if (e.kind === 'noAddress') return { kind: 'noAddress' };
  if (e.kind === 'notFound' || e.status === 404) return { kind: 'notFound' };
  return { kind: 'server', code: e.code ?? (e.status ? `HTTP_${e.status}` : 'UNKNOWN') };
}

export const receiveMachine = setup({
  types: {
    context: {} as ReceiveContext,
    events: {} as ReceiveEvent,
    input: {} as ReceiveInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    /** Rejects with `{ kind: 'noAddress' }` while the server has not assigned an address yet. */
    loadAddress: fromPromise<ReceiveTarget, { currency: string }>(async () => {
      throw new Error('loadAddress not provided');
    }),
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyText not provided');
    }),
    share: fromPromise<ShareOutcome, { text: string; url?: string }>(async () => {
      throw new Error('share not provided');
    }),
  },
  actions: {
    notifyCopied: () => {},
    notifyCopyFailed: () => {},
    notifyShareFailed: () => {},
  },
  guards: {
    shareUnavailable: (_, outcome: ShareOutcome) => outcome === 'unavailable',
  },
}).createMachine({
  id: 'receive',
  context: ({ input }) => ({
    currency: input.currency,
    coin: null,
    address: null,
    error: null,
    appUrl: input.appUrl ?? '',
    telegramBot: input.telegramBot ?? null,
    amount: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadAddress',
        src: 'loadAddress',
        input: ({ context }) => ({ currency: context.currency }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ coin: event.output.coin, address: event.output.address, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toReceiveError(event.error) }) },
      },
    },
    failed: {
      on: { 'address.retried': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'amount.changed': {
          actions: assign({
            amount: ({ context, event }) => requestAmountAfter(context.amount, event.value, context.currency),
          }),
        },
      },
      states: {
        idle: {
          on: { 'copy.requested': 'copying', 'share.requested': 'sharing' },
        },
        copying: {
          tags: ['busy'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            // A request copies its link; a bare address itself.
            input: ({ context }) => ({ text: requestOf(context)?.link ?? context.address ?? '' }),
            onDone: { target: 'idle', actions: 'notifyCopied' },
            onError: { target: 'idle', actions: 'notifyCopyFailed' },
          },
        },
        sharing: {
          tags: ['busy'],
          description: 'The share sheet is open; without a share sheet the address is copied instead.',
          invoke: {
            id: 'share',
            src: 'share',
            input: ({ context }) => shareOf(context),
            onDone: [{ guard: { type: 'shareUnavailable', params: output }, target: 'copying' }, { target: 'idle' }],
            onError: { target: 'idle', actions: 'notifyShareFailed' },
          },
        },
      },
    },
  },
});
