import { assign, fromPromise, setup } from 'xstate';
import type { Asset, Coin, Transaction } from '../contracts/wallet';

export type AssetHistoryInput = { currency: string };

/** What the asset screen shows: the catalogue entry, the balance with its address, and the history. */
export type AssetOverview = { coin: Coin; asset: Asset; transactions: Transaction[] };

export type AssetLoadError = { kind: 'notFound' } | { kind: 'server'; code: string };

export type AssetHistoryEvent = { type: 'history.retried' } | { type: 'copy.requested' };

export type AssetHistoryContext = {
  currency: string;
  coin: Coin | null;
  asset: Asset | null;
  transactions: Transaction[];
  error: AssetLoadError | null;
};

export function toAssetLoadError(error: unknown): AssetLoadError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { kind?: string; code?: string; status?: number };
  if (e.kind === 'notFound' || e.status === 404) return { kind: 'notFound' };
  return { kind: 'server', code: e.code ?? (e.status ? `HTTP_${e.status}` : 'UNKNOWN') };
}

const sameOverview = (context: AssetHistoryContext, output: AssetOverview) =>
  JSON.stringify([context.coin, context.asset, context.transactions]) ===
  JSON.stringify([output.coin, output.asset, output.transactions]);

export const assetHistoryMachine = setup({
  types: {
    context: {} as AssetHistoryContext,
    events: {} as AssetHistoryEvent,
    input: {} as AssetHistoryInput,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    /** Catalogue entry, balance item and history page 1 (100, createdDate DESC) for one currency. */
    loadOverview: fromPromise<AssetOverview, { currency: string }>(async () => {
      throw new Error('loadOverview not provided');
    }),
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyText not provided');
    }),
  },
  actions: {
    notifyCopied: () => {},
    notifyCopyFailed: () => {},
  },
  guards: {
    unchanged: ({ context, event }) => sameOverview(context, (event as unknown as { output: AssetOverview }).output),
    hasAddress: ({ context }) => !!context.asset?.depositAddress,
  },
  delays: {
    /** Spec §9: balances poll every 10 s; a deposit moves from In progress to completed on screen. */
    REFRESH: 10_000,
  },
}).createMachine({
  id: 'assetHistory',
  context: ({ input }) => ({ currency: input.currency, coin: null, asset: null, transactions: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'loadOverview',
        input: ({ context }) => ({ currency: context.currency }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({ ...event.output, error: null })),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => toAssetLoadError(event.error) }) },
      },
    },
    failed: {
      on: { 'history.retried': 'loading' },
    },
    loaded: {
      type: 'parallel',
      states: {
        refresh: {
          initial: 'waiting',
          states: {
            waiting: { after: { REFRESH: 'refreshing' } },
            refreshing: {
              description: 'Quietly reloads what is on screen; a failure keeps the last data and tries again later.',
              invoke: {
                id: 'refresh',
                src: 'loadOverview',
                input: ({ context }) => ({ currency: context.currency }),
                onDone: [
                  { guard: 'unchanged', target: 'waiting' },
                  { target: 'waiting', actions: assign(({ event }) => ({ ...event.output })) },
                ],
                onError: 'waiting',
              },
            },
          },
        },
        copy: {
          initial: 'idle',
          states: {
            idle: { on: { 'copy.requested': { guard: 'hasAddress', target: 'copying' } } },
            copying: {
              tags: ['busy'],
              invoke: {
                id: 'copyText',
                src: 'copyText',
                input: ({ context }) => ({ text: context.asset?.depositAddress ?? '' }),
                onDone: { target: 'idle', actions: 'notifyCopied' },
                onError: { target: 'idle', actions: 'notifyCopyFailed' },
              },
            },
          },
        },
      },
    },
  },
});
