import { assign, fromPromise, setup } from 'xstate';
import type { HistoryFilter, Transaction } from '../contracts/wallet';
import { appendPage, pageErrorCode, type HistoryChunk } from './shared/historyPages';

/** /history: every asset's history under the filters in the URL, in pages of 100 loaded as the user scrolls. */
export type HistoryFeedInput = { filter: HistoryFilter };

export type HistoryFeedEvent =
  | { type: 'filter.changed'; filter: HistoryFilter }
  | { type: 'history.retried' }
  | { type: 'history.moreRequested' };

export type HistoryFeedContext = {
  filter: HistoryFilter;
  transactions: Transaction[];
  nextCursor: string | null;
  /** How many rows match the filter (the gateway's count). */
  total: number;
  /** Why the last further page failed to load (cleared when one loads). */
  moreError: string | null;
};

/** A page with the count of every row that matches. */
export type HistoryFeedPage = HistoryChunk & { total: number };

export const historyFeedMachine = setup({
  types: {
    context: {} as HistoryFeedContext,
    events: {} as HistoryFeedEvent,
    input: {} as HistoryFeedInput,
    tags: {} as 'loading' | 'loadingMore',
  },
  actors: {
    /** POST /{account}/asset/transactions with the filter: page 1, or the page after the cursor. */
    loadPage: fromPromise<HistoryFeedPage, { filter: HistoryFilter; cursor: string | null }>(async () => {
      throw new Error('loadPage not provided');
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
}).createMachine({
  id: 'historyFeed',
  context: ({ input }) => ({ filter: input.filter, transactions: [], nextCursor: null, total: 0, moreError: null }),
  initial: 'loading',
  on: {
    // A new filter starts over from page 1, dropping a load still on its way for the old one.
    'filter.changed': {
      target: '.loading',
      reenter: true,
      actions: assign(({ event }) => ({
        filter: event.filter,
        transactions: [],
        nextCursor: null,
        total: 0,
        moreError: null,
      })),
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFirst',
        src: 'loadPage',
        input: ({ context }) => ({ filter: context.filter, cursor: null }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({
            transactions: event.output.transactions,
            nextCursor: event.output.nextCursor,
            total: event.output.total,
          })),
        },
        onError: 'failed',
      },
    },
    failed: {
      description: 'Page 1 could not load: Retry.',
      on: { 'history.retried': 'loading' },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: { on: { 'history.moreRequested': { guard: 'hasMore', target: 'loadingMore' } } },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ filter: context.filter, cursor: context.nextCursor }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                transactions: appendPage(context.transactions, event.output.transactions),
                nextCursor: event.output.nextCursor,
                total: event.output.total,
                moreError: null,
              })),
            },
            onError: {
              target: 'moreFailed',
              actions: assign({ moreError: ({ event }) => pageErrorCode(event.error) }),
            },
          },
        },
        moreFailed: {
          description: 'The rows on screen stay; Retry asks for the same page again.',
          on: { 'history.moreRequested': 'loadingMore' },
        },
      },
    },
  },
});
