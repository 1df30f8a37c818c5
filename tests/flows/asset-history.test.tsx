/**
 * /home/asset/{currency} (spec §1, §2): balance, deposit address and history, driven from the production
 * asset-history machine: first load, empty and error states with retry, the 10 s refresh that turns a
 * deposit from In progress to Received, and copying the address. A coin the wallet does not hold yet
 * offers Add (no Retry); a coin the wallet does not offer at all offers neither.
 */
import { act, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { createActor, fromPromise } from 'xstate';
import { assetHistoryMachine, type AssetOverview } from '../../machines/assetHistory.machine';
import { AssetScreen } from '../../src/features/asset/AssetScreen';
import { describeModel, settle } from '../support/mbt';
import { renderInRouter } from '../support/router';
import type { Transaction } from '../../contracts/wallet';
import type { HistoryChunk } from '../../machines/shared/historyPages';
import { BTC_ADDRESS, NOW, btcAsset, btcCoin, deposit, history, labelled, usdtTrxCoin } from './asset-fixtures';
import { isEnabled, isShown, says, text } from '../support/dom';

const USD = { fiat: 'USD', rate: 60000 };

const pending = labelled<AssetOverview>('deposit in progress', {
  coin: btcCoin,
  asset: btcAsset('1.25000000', '0.10000000'),
  transactions: history('IN_PROGRESS'),
});
const credited = labelled<AssetOverview>('deposit credited', {
  coin: btcCoin,
  asset: btcAsset('1.75000000'),
  transactions: history('COMPLETED'),
});
const empty = labelled<AssetOverview>('no history', { coin: btcCoin, asset: btcAsset('0'), transactions: [] });
/** Page 1 of a longer history: the next page starts at cursor c2. */
const paged = labelled<AssetOverview>('page 1 of 2', {
  ...pending,
  transactions: history('IN_PROGRESS'),
  nextCursor: 'c2',
});
const older: Transaction = {
  ...deposit('COMPLETED'),
  id: 'tx-older',
  amount: '0.3',
  createdDate: '2026-01-15T12:00:00Z',
};
const lastPage = labelled<HistoryChunk>('page 2, the last', { transactions: [older], nextCursor: null });

type Outcome = { type: string; output?: unknown; error?: unknown };

const copyButton = () => screen.getByRole('button', { name: 'Copy address' });
const rows = () => screen.queryAllByTestId('history-row');

describeModel('assetHistory', {
  machine: assetHistoryMachine,
  input: { currency: 'BTC' },
  events: {
    loading: [
      { type: 'xstate.done.actor.load', output: pending },
      { type: 'xstate.done.actor.load', output: paged },
      { type: 'xstate.done.actor.load', output: empty },
      { type: 'xstate.error.actor.load', error: { status: 500, code: 'HTTP_500' } },
      { type: 'xstate.error.actor.load', error: { kind: 'notFound' } },
      { type: 'xstate.error.actor.load', error: { kind: 'notAdded', coin: btcCoin } },
    ],
    failed: [{ type: 'history.retried' }],
    notAdded: [{ type: 'asset.added' }],
    adding: [
      { type: 'xstate.done.actor.addAsset' },
      { type: 'xstate.error.actor.addAsset', error: { status: 503, code: 'HTTP_503' } },
    ],
    'loaded.refresh.waiting': [{ type: 'xstate.after.REFRESH.assetHistory.loaded.refresh.waiting' }],
    'loaded.refresh.refreshing': [
      { type: 'xstate.done.actor.refresh', output: credited },
      { type: 'xstate.done.actor.refresh', output: pending },
      { type: 'xstate.error.actor.refresh', error: { status: 503, code: 'HTTP_503' } },
    ],
    'loaded.copy.idle': [{ type: 'copy.requested' }],
    'loaded.more.idle': [{ type: 'history.moreRequested' }],
    'loaded.more.loading': [
      { type: 'xstate.done.actor.loadMore', output: lastPage },
      { type: 'xstate.error.actor.loadMore', error: { status: 503, code: 'HTTP_503' } },
    ],
    'loaded.more.failed': [{ type: 'history.moreRequested' }],
    'loaded.copy.copying': [
      { type: 'xstate.done.actor.copyText' },
      { type: 'xstate.error.actor.copyText', error: new Error('denied') },
    ],
  },
  classify: (s) => (s.context.transactions.length ? (s.context.nextCursor ? 'more pages' : 'history') : 'empty'),
  fakeTimers: true,
  delays: { REFRESH: 10_000 },
  mount: async ({ fakes }) => {
    vi.setSystemTime(NOW);
    const notes: string[] = [];
    const actor = createActor(
      assetHistoryMachine.provide({
        actors: {
          loadOverview: fakes.promise('loadOverview'),
          copyText: fakes.promise('copyText'),
          addAsset: fakes.promise('addAsset'),
          loadMore: fakes.promise('loadMore'),
        },
        actions: {
          notifyCopied: () => void notes.push('copied'),
          notifyCopyFailed: () => void notes.push('copyFailed'),
          assetAdded: () => void notes.push('added'),
        },
      }),
      { input: { currency: 'BTC' } },
    ).start();
    const { location } = await renderInRouter(<AssetScreen actor={actor} rate={USD} />, { path: '/home/asset/BTC' });
    return { actor, notes, location };
  },
  drive: {
    // Both invocations (first load and refresh) run the one loadOverview actor.
    'xstate.done.actor.load': (e: Outcome, h) => act(async () => h.fakes.resolve('loadOverview', e.output)),
    'xstate.error.actor.load': (e: Outcome, h) => act(async () => h.fakes.reject('loadOverview', e.error)),
    'xstate.done.actor.refresh': (e: Outcome, h) => act(async () => h.fakes.resolve('loadOverview', e.output)),
    'xstate.error.actor.refresh': (e: Outcome, h) => act(async () => h.fakes.reject('loadOverview', e.error)),
    'history.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    'copy.requested': (_e, h) => h.user.click(copyButton()),
    'asset.added': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Add BTC' })),
    // Scrolling to the end asks for the next page; the button does the same without a pointer (and after a failure, Retry).
    'history.moreRequested': (_e, h) =>
      h.user.click(
        screen.queryByRole('button', { name: 'Show more' }) ?? screen.getByRole('button', { name: 'Retry' }),
      ),
  },
  states: {
    '*': (h) => {
      expect(h.location().pathname).toBe('/home/asset/BTC');
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home');
    },
    loading: (h, s, { history }) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading history']);
      // After an add: the app-wide balances were told to refresh, then the asset page loads again.
      if (history.at(-1)?.type === 'xstate.done.actor.addAsset') expect(h.notes.at(-1)).toBe('added');
      // The catalogue's name once known (an add keeps it), the code before.
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(s.context.coin ? 'Bitcoin' : 'BTC');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(rows()).toHaveLength(0);
      // Spec §9: page 1, 100 items, newest first; the page adds the account.
      expect(h.fakes.calls('loadOverview').at(-1)).toEqual({ currency: 'BTC' });
    },
    unavailable: () => {
      // Not a coin of this wallet: nothing to retry, nothing to add.
      expect(screen.getByRole('alert').textContent).toBe('This asset is not available in the wallet.');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByRole('button', { name: /^Add/ })).toBeNull();
    },
    notAdded: (h, s, { history }) => {
      // Offered but not held: say so and offer Add, never a pointless Retry.
      expect(screen.getByTestId('asset-not-added').textContent).toContain("BTC isn't in your wallet");
      expect(screen.getByRole('button', { name: 'Add BTC' }).getAttribute('aria-busy')).not.toBe('true');
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Receive' })).toBeNull();
      expect(!!screen.queryByText('Could not add BTC. Please try again.')).toBe(s.context.addFailed);
      expect(h.notes.filter((n) => n === 'added')).toHaveLength(
        history.filter((e) => e.type === 'xstate.done.actor.addAsset').length,
      );
    },
    adding: (h) => {
      expect(screen.getByRole('button', { name: 'Add BTC' }).getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('addAsset').at(-1)).toEqual({ currency: 'BTC' });
    },
    failed: () => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Could not load this asset.');
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(screen.queryByRole('status', { name: 'Loading history' })).toBeNull();
      expect(screen.queryByRole('link', { name: 'Receive' })).toBeNull();
    },
    loaded: (_h, s) => {
      const { asset, transactions } = s.context;
      expect(screen.queryByRole('status', { name: 'Loading history' })).toBeNull();
      expect(text(screen.getByRole('heading', { level: 1 })), 'heading').toBe('Bitcoin');
      const balances: Record<string, string> = { '1.75000000': '1.75 BTC', '1.25000000': '1.25 BTC', '0': '0 BTC' };
      expect(screen.getByTestId('asset-balance').textContent).toBe(balances[asset!.totalAvailable]);
      // The balance's value at the loaded rate (60 000 $/BTC), under it.
      const fiat: Record<string, string> = { '1.75000000': '$105,000.00', '1.25000000': '$75,000.00', '0': '$0.00' };
      expect(screen.getByTestId('asset-fiat').textContent).toBe(fiat[asset!.totalAvailable]);
      const onHold = screen.queryByTestId('asset-on-hold');
      expect(onHold?.textContent ?? null).toBe(asset?.onHold === '0' ? null : 'On hold: 0.1 BTC');
      expect(screen.getByTestId('asset-address').textContent).toBe('bc1qar…wf5mdq');
      expect(screen.getByRole('link', { name: 'Receive' }).getAttribute('href')).toBe('/home/asset/BTC/receive');
      expect(screen.getByRole('link', { name: 'Send' }).getAttribute('href')).toBe('/home/asset/BTC/send');
      expect(text(screen.getByRole('heading', { level: 2 })), 'heading').toBe('History');
      expect(screen.getByRole('link', { name: 'Filter and export' }).getAttribute('href')).toBe('/history?asset=BTC');
      if (transactions.length === 0) {
        expect(screen.getByTestId('history-empty').textContent).toContain('No transactions yet');
        expect(rows()).toHaveLength(0);
        return;
      }
      expect(screen.queryByTestId('history-empty')).toBeNull();
      const olderShown = transactions.some((t: Transaction) => t.id === 'tx-older');
      expect(screen.getAllByRole('heading', { level: 3 }).map((x) => x.textContent)).toEqual([
        'Today',
        'Yesterday',
        '20/02/26',
        ...(olderShown ? ['15/01/26'] : []),
      ]);
      const shown = rows().map((r) => [r.textContent, r.getAttribute('href')]);
      const depositDone = transactions[0].state === 'COMPLETED';
      expect(shown).toEqual([
        [
          depositDone ? 'Received+0.5 BTC' : 'ReceivingIn progress+0.5 BTC',
          '/home/asset/BTC/transaction/tx-deposit/DEPOSIT',
        ],
        // Spec §3: a card buy (F2C) reads Bought, not Received.
        ['Bought+0.00041849 BTC', '/home/asset/BTC/transaction/tx-buy/F2C'],
        ['Sent−0.1 BTC', '/home/asset/BTC/transaction/tx-withdrawal/WITHDRAWAL'],
        ['SwappingIn progress−0.01 BTC', '/home/asset/BTC/transaction/tx-swap/EXCHANGE'],
        // Failed rows moved nothing: the amount has no sign (and no colour, below).
        ['Failed to sellFailed0.02 BTC', '/home/asset/BTC/transaction/tx-sale/C2F'],
        ['Failed to buyFailed0.00041849 BTC', '/home/asset/BTC/transaction/tx-buy-failed/F2C'],
        // Page 2 after page 1, kept when a refresh reloads page 1.
        ...(olderShown ? [['Received+0.3 BTC', '/home/asset/BTC/transaction/tx-older/DEPOSIT']] : []),
      ]);
      // Spec §4: a failed card sale carries the error style; a failed badge is on the row.
      expect(rows()[4].querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('error');
      expect(rows()[0].querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('default');
      // Amounts: green in, plain out, neutral (neither) when the transaction failed.
      expect(screen.getAllByTestId('history-amount').map((a) => a.getAttribute('data-tone'))).toEqual([
        'in',
        'in',
        'out',
        'out',
        'neutral',
        'neutral',
        ...(olderShown ? ['in'] : []),
      ]);
      // A card buy has its own icon (not the received arrow).
      expect(rows()[1].querySelector('[data-class]')?.getAttribute('data-class')).toBe('bought');
    },
    'loaded.refresh.waiting': (h, s, { event }) => {
      // A failed refresh keeps what is on screen (no alert of its own, no spinner) and tries again on the next tick.
      const alerts = screen.queryAllByRole('alert').map((a) => a.textContent);
      expect(alerts, event?.type).toEqual(
        s.matches({ loaded: { more: 'failed' } }) ? ['Could not load more transactions.Retry'] : [],
      );
      expect(screen.queryByRole('status', { name: 'Loading history' })).toBeNull();
      expect(h.fakes.calls('loadOverview').length).toBeGreaterThan(0);
    },
    'loaded.refresh.refreshing': (h, _s, { history: steps }) => {
      const loads =
        steps.filter((e) => e.type === 'history.retried' || e.type.startsWith('xstate.after.REFRESH')).length + 1;
      expect(h.fakes.calls('loadOverview')).toHaveLength(loads);
      expect(screen.queryByRole('status', { name: 'Loading history' })).toBeNull();
    },
    'loaded.copy.idle': (h, _s, { event }) => {
      const button = copyButton() as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      if (event?.type === 'xstate.done.actor.copyText') expect(h.notes.at(-1)).toBe('copied');
      if (event?.type === 'xstate.error.actor.copyText') expect(h.notes.at(-1)).toBe('copyFailed');
    },
    'loaded.more.idle': (_h, s) => {
      // More pages: the end of the list offers them (and loads them as it scrolls into view); else nothing.
      expect(!!screen.queryByRole('button', { name: 'Show more' })).toBe(s.context.nextCursor !== null);
      expect(screen.queryByRole('status', { name: 'Loading more transactions' })).toBeNull();
      expect(rows()).toHaveLength(s.context.transactions.length);
    },
    'loaded.more.loading': (h, s) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading more transactions']);
      expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
      expect(rows()).toHaveLength(s.context.transactions.length);
      expect(h.fakes.calls('loadMore').at(-1)).toEqual({ currency: 'BTC', cursor: 'c2' });
    },
    'loaded.more.failed': () => {
      // The rows on screen stay; the end of the list says what failed and offers Retry.
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Could not load more transactions.');
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(rows()).toHaveLength(6);
    },
    'loaded.copy.copying': (h) => {
      expect(copyButton().getAttribute('aria-busy')).toBe('true');
      // The full address is copied, not the shortened one on screen.
      expect(h.fakes.calls('copyText').at(-1)).toEqual({ text: BTC_ADDRESS });
    },
  },
});

describe('asset screen', () => {
  it('an empty history shows a new deposit In progress, then Received, without a reload (10 s refresh)', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const answers = [empty, pending, credited];
    const calls: unknown[] = [];
    const actor = createActor(
      assetHistoryMachine.provide({
        actors: { loadOverview: fromPromise(async ({ input }) => (calls.push(input), answers.shift()!)) },
      }),
      { input: { currency: 'BTC' } },
    ).start();
    await renderInRouter(<AssetScreen actor={actor} />, { path: '/home/asset/BTC' });
    await settle();
    expect(isShown(screen.getByTestId('history-empty')), 'shown').toBe(true);
    await act(async () => void vi.advanceTimersByTime(9_999));
    expect(calls).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(1));
    await settle();
    expect(rows()[0].textContent).toBe('ReceivingIn progress+0.5 BTC');
    await act(async () => void vi.advanceTimersByTime(10_000));
    await settle();
    expect(rows()[0].textContent).toBe('Received+0.5 BTC');
    expect(screen.getByTestId('asset-balance').textContent).toBe('1.75 BTC');
    expect(calls).toEqual([{ currency: 'BTC' }, { currency: 'BTC' }, { currency: 'BTC' }]);
  });

  it('opens the transaction details with the transaction type in the path', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const actor = createActor(
      assetHistoryMachine.provide({ actors: { loadOverview: fromPromise(async () => pending) } }),
      { input: { currency: 'BTC' } },
    ).start();
    const { location } = await renderInRouter(<AssetScreen actor={actor} />, { path: '/home/asset/BTC' });
    await settle();
    await act(async () => rows()[3].click());
    await settle();
    expect(location().pathname).toBe('/home/asset/BTC/transaction/tx-swap/EXCHANGE');
  });

  it('writes amounts and the fiat value in Russian, names USDT without its code, and shows no fiat without a rate', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const usdt: AssetOverview = {
      coin: usdtTrxCoin,
      asset: { ...btcAsset('12345.678900', '0.500000'), currency: 'USDT_TRX' },
      transactions: [],
    };
    const mount = async (rate: { fiat: string; rate: number } | null) => {
      const actor = createActor(
        assetHistoryMachine.provide({ actors: { loadOverview: fromPromise(async () => usdt) } }),
        { input: { currency: 'USDT_TRX' } },
      ).start();
      const view = await renderInRouter(<AssetScreen actor={actor} rate={rate} />, { path: '/home/asset/USDT_TRX' });
      await settle();
      return view;
    };
    act(() => i18n.activate('ru'));
    try {
      const view = await mount({ fiat: 'EUR', rate: 0.92 });
      // Spec §9 round (2); a balance is cut, never rounded up (12 345.6789 held is not 12 345.68).
      expect(screen.getByTestId('asset-balance').textContent).toBe('12\u00a0345,67 USDT');
      expect(screen.getByTestId('asset-on-hold').textContent).toBe('On hold: 0,5 USDT');
      // 12 345.6789 × 0.92 = 11 358.024588 → 11 358.02 €
      expect(screen.getByTestId('asset-fiat').textContent).toBe('11\u00a0358,02\u00a0€');
      expect(document.body.textContent).not.toContain('USDT_TRX');
      view.unmount();
      await mount(null);
      expect(screen.getByTestId('asset-balance').textContent).toBe('12\u00a0345,67 USDT');
      expect(screen.queryByTestId('asset-fiat')).toBeNull();
      expect(document.body.textContent).not.toContain('$');
    } finally {
      act(() => i18n.activate('en'));
    }
  });
});
