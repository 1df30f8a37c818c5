/**
 * /history (issue 14): every asset's history under the filters in the URL, in pages of 100 loaded as the
 * user scrolls, driven from the production historyFeed machine through the real route and screen.
 */
import { act, screen, within } from '@testing-library/react';
import { fromPromise, type AnyActorRef } from 'xstate';
import { historyFeedMachine, type HistoryFeedEvent } from '../../machines/historyFeed.machine';
import type { HistoryActors } from '../../src/features/history/services';
import { captureLiveActor } from '../support/liveActor';
import { describeModel } from '../support/mbt';
import { firstPage, lastPage, mountHistory, nextFilter, nothing, select } from './history-support';
import { isEnabled, says, text } from '../support/dom';

type Outcome = { type: string; output?: unknown; error?: unknown };
const rows = () => screen.queryAllByTestId('history-row');

describeModel('historyFeed', {
  machine: historyFeedMachine,
  input: { filter: { currency: 'BTC' } },
  events: (s) => {
    const change: HistoryFeedEvent = { type: 'filter.changed', filter: nextFilter(s.context.filter).filter };
    const more: HistoryFeedEvent = { type: 'history.moreRequested' };
    if (s.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadFirst', output: firstPage },
        { type: 'xstate.done.actor.loadFirst', output: nothing },
        { type: 'xstate.error.actor.loadFirst', error: { status: 503, code: 'HTTP_503' } },
      ];
    }
    if (s.matches('failed')) return [{ type: 'history.retried' }, ...(s.context.filter.states ? [] : [change])];
    if (s.matches({ loaded: 'idle' })) return [more, ...(s.context.filter.states ? [] : [change])];
    if (s.matches({ loaded: 'loadingMore' })) {
      return [
        { type: 'xstate.done.actor.loadMore', output: lastPage },
        { type: 'xstate.error.actor.loadMore', error: { status: 500, code: 'HTTP_500' } },
      ];
    }
    return [more];
  },
  classify: (s) => JSON.stringify(s.context.filter),
  mount: async ({ fakes }) => {
    const actor = captureLiveActor(historyFeedMachine);
    const exportCsv: HistoryActors['exportCsv'] = fromPromise(async () => {});
    const view = await mountHistory('/history?asset=BTC', { loadPage: fakes.promise('loadPage'), exportCsv });
    return { ...view, actor: actor as () => AnyActorRef | undefined };
  },
  drive: {
    'xstate.done.actor.loadFirst': (e: Outcome, h) => act(async () => h.fakes.resolve('loadPage', e.output)),
    'xstate.error.actor.loadFirst': (e: Outcome, h) => act(async () => h.fakes.reject('loadPage', e.error)),
    'xstate.done.actor.loadMore': (e: Outcome, h) => act(async () => h.fakes.resolve('loadPage', e.output)),
    'xstate.error.actor.loadMore': (e: Outcome, h) => act(async () => h.fakes.reject('loadPage', e.error)),
    'history.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    'history.moreRequested': (_e, h) =>
      h.user.click(
        screen.queryByRole('button', { name: 'Show more' }) ?? screen.getByRole('button', { name: 'Retry' }),
      ),
    'filter.changed': async (_e, h) => {
      const current = h.actor()!.getSnapshot().context.filter;
      const [label, value] = nextFilter(current).pick();
      await h.user.selectOptions(select(label), value);
    },
  },
  states: {
    '*': (h, s) => {
      // The filters are in the URL, shown in the form, and are what the machine loads with.
      const { filter } = s.context;
      expect(h.location().pathname).toBe('/history');
      expect(h.location().search).toEqual({
        asset: 'BTC',
        ...(filter.kinds ? { kind: 'bought' } : {}),
        ...(filter.states ? { state: 'FAILED' } : {}),
      });
      expect(select('Asset').value).toBe('BTC');
      expect(select('Type').value).toBe(filter.kinds ? 'bought' : '');
      expect(select('Type').selectedOptions[0]?.textContent).toBe(filter.kinds ? 'Bought' : 'All types');
      expect(select('Status').value).toBe(filter.states ? 'FAILED' : '');
      expect(text(screen.getByRole('heading', { level: 1 })), 'heading').toBe('History');
    },
    loading: (h, s) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading history']);
      expect(rows()).toHaveLength(0);
      expect(screen.getByTestId('history-count').textContent).toBe('');
      expect(h.fakes.calls('loadPage').at(-1)).toEqual({ filter: s.context.filter, cursor: null });
    },
    failed: () => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Could not load the history.');
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(rows()).toHaveLength(0);
    },
    'loaded.idle': (_h, s) => {
      const { transactions, total, nextCursor } = s.context;
      expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
      expect(screen.getByTestId('history-count').textContent).toBe(`${total} transaction${total === 1 ? '' : 's'}`);
      expect(!!screen.queryByRole('button', { name: 'Show more' })).toBe(nextCursor !== null);
      if (transactions.length === 0) {
        expect(screen.getByTestId('history-empty').textContent).toBe('No transactions match these filters.');
        expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
        return;
      }
      // Each row in its own asset's units, linking to its details.
      const shown = rows().map((r) => [r.textContent, r.getAttribute('href')]);
      expect(shown).toEqual([
        ['Received+0.5 BTC', '/home/asset/BTC/transaction/tx-deposit/DEPOSIT'],
        // A failed card payment: Failed to buy, and no credit that did not happen (no "+", not green).
        ['Failed to buyFailed0.00041849 BTC', '/home/asset/BTC/transaction/tx-buy-failed/F2C'],
        ['Sent−25.5 USDT', '/home/asset/USDT_TRX/transaction/tx-withdrawal/WITHDRAWAL'],
        ...(transactions.length > 3
          ? [['SwappingIn progress−0.01 BTC', '/home/asset/BTC/transaction/tx-swap/EXCHANGE']]
          : []),
      ]);
      expect(screen.getAllByTestId('history-amount')[1]?.getAttribute('data-tone')).toBe('neutral');
    },
    'loaded.loadingMore': (h, s) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading more transactions']);
      expect(rows()).toHaveLength(3);
      expect(h.fakes.calls('loadPage').at(-1)).toEqual({ filter: s.context.filter, cursor: 'c2' });
    },
    'loaded.moreFailed': () => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Could not load more transactions.');
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(rows()).toHaveLength(3);
    },
  },
});

describe('history search params', () => {
  it('a shared link restores every filter, and a bad one loses only the bad parts', async () => {
    const { validateHistorySearch } = await import('../../src/features/history/search');
    expect(
      validateHistorySearch({
        asset: 'BTC',
        kind: 'sold',
        state: 'FAILED',
        from: '2026-02-01',
        to: '2026-02-28',
        q: ' bc1q ',
      }),
    ).toEqual({ asset: 'BTC', kind: 'sold', state: 'FAILED', from: '2026-02-01', to: '2026-02-28', q: 'bc1q' });
    expect(
      validateHistorySearch({
        asset: 'btc;drop',
        kind: 'gifted',
        state: 'DONE',
        from: '2026-02-30',
        to: 'soon',
        q: '',
      }),
    ).toEqual({});
    // A range written backwards means the same days.
    expect(validateHistorySearch({ from: '2026-03-01', to: '2026-02-01' })).toEqual({
      from: '2026-02-01',
      to: '2026-03-01',
    });
  });

  it('days are whole days in the viewer’s zone', async () => {
    const { toHistoryFilter } = await import('../../src/features/history/filter');
    const { Settings } = await import('luxon');
    const zone = Settings.defaultZone;
    Settings.defaultZone = 'Europe/Moscow';
    try {
      expect(
        toHistoryFilter({
          asset: 'BTC',
          kind: 'sent',
          state: 'FAILED',
          from: '2026-02-01',
          to: '2026-02-28',
          q: 'bc1q',
        }),
      ).toEqual({
        currency: 'BTC',
        kinds: ['sent'],
        states: ['FAILED'],
        search: 'bc1q',
        createdFrom: '2026-02-01T00:00:00.000+03:00',
        createdBefore: '2026-03-01T00:00:00.000+03:00',
      });
    } finally {
      Settings.defaultZone = zone;
    }
  });
});
