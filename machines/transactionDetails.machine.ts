import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Coin, Transaction } from '../contracts/wallet';
import { receiptOf, type Receipt } from './shared/receipt';

/** Spec §3 detail query: account (added by the page), id and type. */
export type TransactionDetailsInput = { id: string; type: string; currency: string };

export type TransactionView = { transaction: Transaction; coin: Coin | null };

export type DetailsError = { kind: 'notFound' } | { kind: 'server'; code: string };

/** Copyable fields: the full value is copied whatever the screen shows. */
export type CopyField = 'from' | 'to' | 'hash';

export type TransactionDetailsEvent =
  | { type: 'details.retried' }
  | { type: 'copy.requested'; field: CopyField }
  | { type: 'explorer.opened' }
  /** Issue 25: the details of a completed transaction shared as a receipt. */
  | { type: 'receipt.shared' };

export type TransactionDetailsContext = TransactionDetailsInput & {
  transaction: Transaction | null;
  coin: Coin | null;
  error: DetailsError | null;
  copying: CopyField | null;
};

export function toDetailsError(error: unknown): DetailsError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    kind?: string;
    code?: string;
    status?: number;
  };
  if (e.kind === 'notFound' || e.status === 404) return { kind: 'notFound' };
  return { kind: 'server', code: e.code ?? (e.status ? `HTTP_${e.status}` : 'UNKNOWN') };
}

export const transactionDetailsMachine = setup({
  types: {
    context: {} as TransactionDetailsContext,
    events: {} as TransactionDetailsEvent,
    input: {} as TransactionDetailsInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadTransaction: fromPromise<TransactionView, TransactionDetailsInput>(async () => {
      throw new Error('loadTransaction not provided');
    }),
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyText not provided');
    }),
  },
  actions: {
    notifyCopied: (_, _params: { field: CopyField | null }) => {},
    notifyCopyFailed: () => {},
    openLink: (_, _params: { url: string }) => {},
    /** The share sheet with the receipt (the page words it in the user's language). */
    shareReceipt: (_, _receipt: Receipt) => {},
  },
  guards: {
    inProgress: ({ context }) => context.transaction?.state === 'IN_PROGRESS',
    hasValue: ({ context, event }) => {
      assertEvent(event, 'copy.requested');
      return !!context.transaction?.[event.field];
    },
    hasExplorerLink: ({ context }) => !!context.transaction?.explorerLink,
    completed: ({ context }) => context.transaction?.state === 'COMPLETED',
  },
  delays: {
    /** While the chain confirms, the details follow along ("2 of 3", then Received). */
    REFRESH: 10_000,
  },
}).createMachine({
  id: 'transactionDetails',
  context: ({ input }) => ({ ...input, transaction: null, coin: null, error: null, copying: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadTransaction',
        input: ({ context }) => ({ id: context.id, type: context.type, currency: context.currency }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({
            transaction: event.output.transaction,
            coin: event.output.coin,
            error: null,
          })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toDetailsError(event.error) }) },
      },
    },
    failed: {
      on: { 'details.retried': 'loading' },
    },
    loaded: {
      type: 'parallel',
      on: {
        'explorer.opened': {
          guard: 'hasExplorerLink',
          actions: { type: 'openLink', params: ({ context }) => ({ url: context.transaction?.explorerLink ?? '' }) },
        },
        'receipt.shared': {
          guard: 'completed',
          actions: { type: 'shareReceipt', params: ({ context }) => receiptOf(context.transaction!, context.coin) },
        },
      },
      states: {
        watch: {
          initial: 'waiting',
          states: {
            waiting: {
              description: 'Polls only while the transaction is in progress; a settled one is final.',
              after: { REFRESH: { guard: 'inProgress', target: 'refreshing' } },
            },
            refreshing: {
              invoke: {
                id: 'refresh',
                src: 'loadTransaction',
                input: ({ context }) => ({ id: context.id, type: context.type, currency: context.currency }),
                onDone: {
                  target: 'waiting',
                  actions: assign(({ event }) => ({ transaction: event.output.transaction, coin: event.output.coin })),
                },
                onError: 'waiting',
              },
            },
          },
        },
        copy: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'copy.requested': {
                  guard: 'hasValue',
                  target: 'copying',
                  actions: assign({ copying: ({ event }) => event.field }),
                },
              },
            },
            copying: {
              tags: ['busy'],
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: (context.copying && context.transaction?.[context.copying]) || '' }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyCopied', params: ({ context }) => ({ field: context.copying }) },
                    assign({ copying: null }),
                  ],
                },
                onError: { target: 'idle', actions: ['notifyCopyFailed', assign({ copying: null })] },
              },
            },
          },
        },
      },
    },
  },
});
