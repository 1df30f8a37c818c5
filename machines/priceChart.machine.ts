import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PriceHistory, PriceRange } from '../contracts/prices';
import { output } from './shared/output';

/** The asset page's price chart (issue 14): one coin in the selected fiat, over a range the user picks. */
export type PriceChartInput = { currency: string; fiat: string };

export type PriceChartContext = PriceChartInput & {
  range: PriceRange;
  history: PriceHistory | null;
  /** The point the user is reading (finger, pointer or arrow keys), or null: the latest price shows. */
  cursor: number | null;
};

export type PriceChartEvent =
  | { type: 'range.selected'; range: PriceRange }
  | { type: 'chart.retried' }
  /** A point picked by position (touch or pointer scrub). */
  | { type: 'cursor.moved'; index: number }
  /** Arrow keys: one point earlier or later. */
  | { type: 'cursor.stepped'; by: number }
  | { type: 'cursor.cleared' };

export type PriceHistoryRequest = { currency: string; fiat: string; range: PriceRange };

/** Two points make a line; fewer is "no prices for this range". */
const drawable = (history: PriceHistory) => history.points.length >= 2;

const clampIndex = (index: number, history: PriceHistory | null) =>
  Math.min(Math.max(Math.round(index), 0), Math.max((history?.points.length ?? 1) - 1, 0));

export const priceChartMachine = setup({
  types: {
    context: {} as PriceChartContext,
    events: {} as PriceChartEvent,
    input: {} as PriceChartInput,
    tags: {} as 'loading',
  },
  actors: {
    /** GET /b2c-wallet/rate/history. */
    loadHistory: fromPromise<PriceHistory, PriceHistoryRequest>(async () => {
      throw new Error('loadHistory not provided');
    }),
  },
  guards: {
    drawable: (_, history: PriceHistory) => drawable(history),
    otherRange: ({ context, event }) => {
      assertEvent(event, 'range.selected');
      return event.range !== context.range;
    },
  },
  actions: {
    selectRange: assign({
      range: ({ event }) => {
        assertEvent(event, 'range.selected');
        return event.range;
      },
      cursor: null,
    }),
    storeHistory: assign((_, history: PriceHistory) => ({ history, cursor: null })),
    forgetHistory: assign({ history: null, cursor: null }),
    moveCursor: assign({
      cursor: ({ context, event }) => {
        assertEvent(event, 'cursor.moved');
        return clampIndex(event.index, context.history);
      },
    }),
    stepCursor: assign({
      cursor: ({ context, event }) => {
        assertEvent(event, 'cursor.stepped');
        // The first arrow press starts from the latest point, where the reader's eye already is.
        const from = context.cursor ?? (context.history?.points.length ?? 1) - 1;
        return clampIndex(from + event.by, context.history);
      },
    }),
    clearCursor: assign({ cursor: null }),
  },
}).createMachine({
  id: 'priceChart',
  context: ({ input }) => ({ ...input, range: '24h', history: null, cursor: null }),
  initial: 'loading',
  on: {
    'range.selected': { guard: 'otherRange', target: '.loading', actions: 'selectRange' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ currency: context.currency, fiat: context.fiat, range: context.range }),
        onDone: [
          {
            guard: { type: 'drawable', params: output },
            target: 'ready',
            actions: { type: 'storeHistory', params: output },
          },
          { target: 'empty', actions: 'forgetHistory' },
        ],
        onError: { target: 'failed', actions: 'forgetHistory' },
      },
    },
    ready: {
      on: {
        'cursor.moved': { actions: 'moveCursor' },
        'cursor.stepped': { actions: 'stepCursor' },
        'cursor.cleared': { actions: 'clearCursor' },
      },
    },
    empty: { description: 'The gateway has no prices of this coin in this fiat for the range.' },
    failed: { on: { 'chart.retried': 'loading' } },
  },
});
