import { assign, fromPromise, setup } from 'xstate';
import type { Coin } from '../contracts/wallet';
import { output } from './shared/output';

export type ReceiveInput = { currency: string };

/** The deposit address of one asset and the catalogue entry that names its network. */
export type ReceiveTarget = { coin: Coin; address: string };

export type ReceiveError = { kind: 'noAddress' } | { kind: 'notFound' } | { kind: 'server'; code: string };

/** Web Share / Telegram share outcome: "unavailable" falls back to copying. */
export type ShareOutcome = 'shared' | 'cancelled' | 'unavailable';

export type ReceiveEvent = { type: 'address.retried' } | { type: 'copy.requested' } | { type: 'share.requested' };

export type ReceiveContext = {
  currency: string;
  coin: Coin | null;
  address: string | null;
  error: ReceiveError | null;
};

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
    share: fromPromise<ShareOutcome, { text: string }>(async () => {
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
  context: ({ input }) => ({ currency: input.currency, coin: null, address: null, error: null }),
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
      states: {
        idle: {
          on: { 'copy.requested': 'copying', 'share.requested': 'sharing' },
        },
        copying: {
          tags: ['busy'],
          invoke: {
            id: 'copyText',
            src: 'copyText',
            input: ({ context }) => ({ text: context.address ?? '' }),
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
            input: ({ context }) => ({ text: context.address ?? '' }),
            onDone: [{ guard: { type: 'shareUnavailable', params: output }, target: 'copying' }, { target: 'idle' }],
            onError: { target: 'idle', actions: 'notifyShareFailed' },
          },
        },
      },
    },
  },
});
