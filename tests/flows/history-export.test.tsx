/**
 * CSV export on /history (issue 14): the filtered rows, exported through the production historyExport
 * machine from the real route and screen; the filter exported is the one in the URL at the tap.
 */
import { screen } from '@testing-library/react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { historyExportMachine, type HistoryExportEvent } from '../../machines/historyExport.machine';
import type { HistoryActors } from '../../src/features/history/services';
import { toHistoryFilter } from '../../src/features/history/filter';
import { captureLiveActor } from '../support/liveActor';
import { describeModel } from '../support/mbt';
import { firstPage, mountHistory, nextFilter, select } from './history-support';

const exportButton = () => screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement;

describeModel('historyExport', {
  machine: historyExportMachine,
  // What the page makes of ?asset=BTC&from=2026-02-01: 1 February from its first instant in the viewer's zone.
  input: { filter: toHistoryFilter({ asset: 'BTC', from: '2026-02-01' }) },
  events: (s) => {
    const change: HistoryExportEvent = { type: 'filter.changed', filter: nextFilter(s.context.filter).filter };
    const more = s.context.filter.states ? [] : [change];
    if (s.matches('exporting')) {
      return [
        { type: 'xstate.done.actor.exportCsv' },
        { type: 'xstate.error.actor.exportCsv', error: { status: 500, code: 'HTTP_500' } },
      ];
    }
    return [{ type: 'export.requested' }, ...more];
  },
  classify: (s) => `${JSON.stringify(s.context.filter)} saved:${s.context.saved}`,
  mount: async ({ fakes }) => {
    const actor = captureLiveActor(historyExportMachine);
    const loadPage: HistoryActors['loadPage'] = fromPromise(async () => firstPage);
    const view = await mountHistory('/history?asset=BTC&from=2026-02-01', {
      loadPage,
      exportCsv: fakes.promise('exportCsv'),
    });
    return { ...view, actor: actor as () => AnyActorRef | undefined };
  },
  drive: {
    'export.requested': (_e, h) => h.user.click(exportButton()),
    'filter.changed': async (_e, h) => {
      const [label, value] = nextFilter(h.actor()!.getSnapshot().context.filter).pick();
      await h.user.selectOptions(select(label), value);
    },
  },
  states: {
    '*': (h, s) => {
      expect(h.location().search).toMatchObject({
        asset: 'BTC',
        from: '2026-02-01',
        ...(s.context.filter.kinds ? { kind: 'bought' } : {}),
      });
    },
    idle: (_h, s, { event }) => {
      expect(exportButton().getAttribute('aria-busy')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      // Saved says so until the filter changes (the file on the device is then another selection).
      const status = screen.queryByText('history.csv is saved to your downloads.');
      expect(!!status).toBe(s.context.saved);
      if (event?.type === 'filter.changed') expect(status).toBeNull();
    },
    exporting: (h, s) => {
      expect(exportButton().getAttribute('aria-busy')).toBe('true');
      expect(exportButton().disabled).toBe(true);
      // Exactly the filter in the URL: asset, the day range from the start of 1 Feb in the viewer's zone, type and status.
      const { filter } = h.fakes.calls('exportCsv').at(-1) as { filter: Record<string, unknown> };
      expect(filter).toEqual(s.context.filter);
      expect(filter).toMatchObject({
        currency: 'BTC',
        createdFrom: expect.stringMatching(/^2026-02-01T00:00:00\.000[+-Z]/),
      });
      expect(filter.kinds).toEqual(s.context.filter.kinds);
    },
    failed: () => {
      expect(screen.getByRole('alert').textContent).toBe('Could not export the history. Please try again.');
      expect(exportButton().disabled).toBe(false);
      expect(screen.queryByText('history.csv is saved to your downloads.')).toBeNull();
    },
  },
});
