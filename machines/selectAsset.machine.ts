import { assertEvent, assign, setup } from 'xstate';

export type SelectAssetEvent = { type: 'search.changed'; query: string } | { type: 'search.cleared' };

export type SelectAssetContext = { query: string };

/** /select-asset/{receive|send}: the user's assets filtered by code or name (spec §2). */
export const selectAssetMachine = setup({
  types: {
    context: {} as SelectAssetContext,
    events: {} as SelectAssetEvent,
  },
  actions: {
    setQuery: assign({
      query: ({ event }) => {
        assertEvent(event, 'search.changed');
        return event.query;
      },
    }),
    clearQuery: assign({ query: '' }),
  },
  guards: {
    blank: ({ event }) => event.type === 'search.changed' && event.query.trim() === '',
  },
}).createMachine({
  id: 'selectAsset',
  context: { query: '' },
  initial: 'all',
  on: {
    'search.changed': [
      { guard: 'blank', target: '.all', actions: 'setQuery' },
      { target: '.filtered', actions: 'setQuery' },
    ],
    'search.cleared': { target: '.all', actions: 'clearQuery' },
  },
  states: {
    all: { description: 'No query: every asset.' },
    filtered: { description: 'Assets whose code or name contains the query; may be empty.' },
  },
});
