import { assign, fromPromise, setup } from 'xstate';
import type { HistoryFilter } from '../contracts/wallet';
import { pageErrorCode } from './shared/historyPages';

/** The CSV export of the filtered history: the gateway streams it, the page saves it as a file. */
export type HistoryExportInput = { filter: HistoryFilter };

export type HistoryExportEvent = { type: 'filter.changed'; filter: HistoryFilter } | { type: 'export.requested' };

export type HistoryExportContext = {
  filter: HistoryFilter;
  /** The last export was saved (shown until the filter changes). */
  saved: boolean;
  /** Why the last export failed, until one succeeds. */
  error: string | null;
};

export const historyExportMachine = setup({
  types: {
    context: {} as HistoryExportContext,
    events: {} as HistoryExportEvent,
    input: {} as HistoryExportInput,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /{account}/asset/transactions/export with the filter, saved as history.csv on the device. */
    exportCsv: fromPromise<void, { filter: HistoryFilter }>(async () => {
      throw new Error('exportCsv not provided');
    }),
  },
}).createMachine({
  id: 'historyExport',
  context: ({ input }) => ({ filter: input.filter, saved: false, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.requested': 'exporting',
        'filter.changed': { actions: assign(({ event }) => ({ filter: event.filter, saved: false })) },
      },
    },
    exporting: {
      tags: ['busy'],
      description: 'The filter the export started with is the one exported; the button waits.',
      invoke: {
        id: 'exportCsv',
        src: 'exportCsv',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: { target: 'idle', actions: assign({ saved: true, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ saved: false, error: ({ event }) => pageErrorCode(event.error) }),
        },
      },
    },
    failed: {
      description: 'Nothing was saved: say so; exporting again is one tap.',
      on: {
        'export.requested': 'exporting',
        'filter.changed': { target: 'idle', actions: assign(({ event }) => ({ filter: event.filter })) },
      },
    },
  },
});
