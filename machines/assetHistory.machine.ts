import { assign, fromPromise, setup } from 'xstate';
import type { Asset, Coin, Transaction } from '../contracts/wallet';
import { appendPage, mergeFirstPage, pageErrorCode, type HistoryChunk } from './shared/historyPages';
import { output } from './shared/output';

export type AssetHistoryInput = { currency: string };

/** What the asset screen shows: the catalogue entry, the balance with its address, and history page 1. */
export type AssetOverview = { coin: Coin; asset: Asset; transactions: Transaction[]; nextCursor?: string | null };

/** `notAdded`: the catalogue offers the coin but the wallet does not hold it yet (it can be added). */
export type AssetLoadError = { kind: 'notFound' } | { kind: 'notAdded' } | { kind: 'server'; code: string };

export type AssetHistoryEvent =
  | { type: 'history.retried' }
  | { type: 'copy.requested' }
  | { type: 'asset.added' }
  | { type: 'history.moreRequested' };

export type AssetHistoryContext = {
  currency: string;
  coin: Coin | null;
  asset: Asset | null;
  transactions: Transaction[];
  /** Where the next history page starts; null when every row is on screen. */
  nextCursor: string | null;
  /** History pages on screen (a refresh reloads page 1 and keeps the others). */
  pages: number;
  /** Why the last further page failed to load (cleared when one loads). */
  moreError: string | null;
  error: AssetLoadError | null;
  /** The last add failed (the Add button stays, with a message). */
  addFailed: boolean;
};

export function toAssetLoadError(error: unknown): AssetLoadError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    kind?: string;
    code?: string;
    status?: number;
    coin?: unknown;
  };
  if (e.kind === 'notAdded') return { kind: 'notAdded' };
  if (e.kind === 'notFound' || e.status === 404) return { kind: 'notFound' };
  return { kind: 'server', code: e.code ?? (e.status ? `HTTP_${e.status}` : 'UNKNOWN') };
}

const coinOfError = (error: unknown): Coin | null => {
  const coin = (error as { coin?: Coin } | null)?.coin;
  return coin && typeof coin === 'object' ? coin : null;
};

/** A loaded overview into context: page 1 merged over further pages already on screen. */
const overviewOf = (context: AssetHistoryContext, output: AssetOverview) => ({
  coin: output.coin,
  asset: output.asset,
  ...mergeFirstPage(context, { transactions: output.transactions, nextCursor: output.nextCursor ?? null }),
});

const sameOverview = (context: AssetHistoryContext, output: AssetOverview) => {
  const next = overviewOf(context, output);
  return (
    JSON.stringify([context.coin, context.asset, context.transactions, context.nextCursor]) ===
    JSON.stringify([next.coin, next.asset, next.transactions, next.nextCursor])
  );
};

export const assetHistoryMachine = setup({
  types: {
    context: {} as AssetHistoryContext,
    events: {} as AssetHistoryEvent,
    input: {} as AssetHistoryInput,
    tags: {} as 'loading' | 'busy' | 'adding' | 'loadingMore',
  },
  actors: {
    /** Catalogue entry, balance item and history page 1 (100, createdDate DESC) for one currency. */
    loadOverview: fromPromise<AssetOverview, { currency: string }>(async () => {
      throw new Error('loadOverview not provided');
    }),
    copyText: fromPromise<void, { text: string }>(async () => {
      throw new Error('copyText not provided');
    }),
    /** POST /{account}/account/currency: adds the coin to the wallet. */
    addAsset: fromPromise<void, { currency: string }>(async () => {
      throw new Error('addAsset not provided');
    }),
    /** The history page after the cursor (100, newest first) for one currency. */
    loadMore: fromPromise<HistoryChunk, { currency: string; cursor: string }>(async () => {
      throw new Error('loadMore not provided');
    }),
  },
  actions: {
    notifyCopied: () => {},
    notifyCopyFailed: () => {},
    /** The wallet's assets changed: the app-wide balances refresh. */
    assetAdded: () => {},
  },
  guards: {
    /** The wallet does not hold the coin (the error carries its catalogue entry, so the screen can name it). */
    notAdded: ({ event }) => toAssetLoadError((event as { error?: unknown }).error).kind === 'notAdded',
    notFound: ({ event }) => toAssetLoadError((event as { error?: unknown }).error).kind === 'notFound',
    unchanged: ({ context }, overview: AssetOverview) => sameOverview(context, overview),
    hasAddress: ({ context }) => !!context.asset?.depositAddress,
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  delays: {
    /** Spec §9: balances poll every 10 s; a deposit moves from In progress to completed on screen. */
    REFRESH: 10_000,
  },
}).createMachine({
  id: 'assetHistory',
  context: ({ input }) => ({
    currency: input.currency,
    coin: null,
    asset: null,
    transactions: [],
    nextCursor: null,
    pages: 0,
    moreError: null,
    error: null,
    addFailed: false,
  }),
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
          actions: assign(({ event }) => ({
            coin: event.output.coin,
            asset: event.output.asset,
            transactions: event.output.transactions,
            nextCursor: event.output.nextCursor ?? null,
            pages: 1,
            error: null,
          })),
        },
        onError: [
          {
            guard: 'notAdded',
            target: 'notAdded',
            actions: assign({
              error: { kind: 'notAdded' } as AssetLoadError,
              coin: ({ event }) => coinOfError(event.error),
            }),
          },
          {
            guard: 'notFound',
            target: 'unavailable',
            actions: assign({ error: { kind: 'notFound' } as AssetLoadError }),
          },
          { target: 'failed', actions: assign({ error: ({ event }) => toAssetLoadError(event.error) }) },
        ],
      },
    },
    unavailable: {
      description: 'Not a coin of this wallet at all: nothing to retry or add.',
    },
    failed: {
      description: 'A real load error: Retry.',
      on: { 'history.retried': 'loading' },
    },
    notAdded: {
      description: 'The coin is offered but not in the wallet: Add it (no Retry, nothing would change).',
      on: { 'asset.added': 'adding' },
    },
    adding: {
      tags: ['adding'],
      invoke: {
        id: 'addAsset',
        src: 'addAsset',
        input: ({ context }) => ({ currency: context.currency }),
        onDone: { target: 'loading', actions: [assign({ addFailed: false }), 'assetAdded'] },
        onError: { target: 'notAdded', actions: assign({ addFailed: true }) },
      },
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
                  { guard: { type: 'unchanged', params: output }, target: 'waiting' },
                  { target: 'waiting', actions: assign(({ context, event }) => overviewOf(context, event.output)) },
                ],
                onError: 'waiting',
              },
            },
          },
        },
        more: {
          description: 'Further history pages of 100, asked for as the user scrolls to the end of the list.',
          initial: 'idle',
          states: {
            idle: { on: { 'history.moreRequested': { guard: 'hasMore', target: 'loading' } } },
            loading: {
              tags: ['loadingMore'],
              invoke: {
                id: 'loadMore',
                src: 'loadMore',
                input: ({ context }) => ({ currency: context.currency, cursor: context.nextCursor ?? '' }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({
                    transactions: appendPage(context.transactions, event.output.transactions),
                    nextCursor: event.output.nextCursor,
                    pages: context.pages + 1,
                    moreError: null,
                  })),
                },
                onError: {
                  target: 'failed',
                  actions: assign({ moreError: ({ event }) => pageErrorCode(event.error) }),
                },
              },
            },
            failed: {
              description:
                'The rows on screen stay; Retry asks for the same page again (unless a refresh found no more pages).',
              on: { 'history.moreRequested': [{ guard: 'hasMore', target: 'loading' }, { target: 'idle' }] },
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
