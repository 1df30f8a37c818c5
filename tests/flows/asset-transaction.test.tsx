/**
 * /home/asset/{currency}/transaction/{id}/{type} (spec §2): title per state, amount, fee, network,
 * shortened copyable addresses and hash, date, confirmations while in progress, the explorer link;
 * driven from the production transaction-details machine.
 */
import { receiptOf, type Receipt } from '../../machines/shared/receipt';
import { act, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { DateTime } from 'luxon';
import { createActor, fromPromise, type EventObject } from 'xstate';
import {
  transactionDetailsMachine,
  type CopyField,
  type TransactionView,
} from '../../machines/transactionDetails.machine';
import type { Transaction } from '../../src/api/wallet';
import { TransactionScreen } from '../../src/features/asset/TransactionScreen';
import { describeModel, settle } from '../support/mbt';
import { renderInRouter } from '../support/router';
import {
  BTC_ADDRESS,
  EXTERNAL_ADDRESS,
  HASH,
  NOW,
  btcCoin,
  cardBuy,
  deposit,
  failedSale,
  failedSend,
  labelled,
  usdtTrxCoin,
  withdrawal,
} from './asset-fixtures';
import { isEnabled, says } from '../support/dom';

const receiving = labelled<TransactionView>('deposit 1 of 2', { transaction: deposit('IN_PROGRESS'), coin: btcCoin });
const received = labelled<TransactionView>('deposit credited', { transaction: deposit('COMPLETED'), coin: btcCoin });
const sent = labelled<TransactionView>('withdrawal with fee', { transaction: withdrawal, coin: btcCoin });
const sale = labelled<TransactionView>('failed sale, no catalogue', { transaction: failedSale, coin: null });
const sendFailed = labelled<TransactionView>('failed withdrawal, fee echoed', {
  transaction: failedSend,
  coin: btcCoin,
});

const bought = labelled<TransactionView>('card buy', { transaction: cardBuy('COMPLETED'), coin: btcCoin });
const buyFailed = labelled<TransactionView>('failed card payment', { transaction: cardBuy('FAILED'), coin: btcCoin });

const input = { id: 'tx-deposit', type: 'DEPOSIT', currency: 'BTC' };
type Outcome = { type: string; output?: unknown; error?: unknown };
type H = { notes: string[]; links: string[]; receipts: Receipt[] };

const copyLabels: Record<CopyField, string> = {
  from: 'Copy sender address',
  to: 'Copy recipient address',
  hash: 'Copy transaction hash',
};
const titles: Record<string, string> = {
  'tx-deposit:IN_PROGRESS': 'Receiving',
  'tx-deposit:COMPLETED': 'Received',
  'tx-withdrawal:COMPLETED': 'Sent',
  'tx-sale:FAILED': 'Failed to sell',
  'tx-send-failed:FAILED': 'Failed to send',
  'tx-buy:COMPLETED': 'Bought',
  'tx-buy-failed:FAILED': 'Failed to buy',
};
/** A failed transaction moved nothing: its amount has no sign and no colour (issue 22). */
const amounts: Record<string, [string, 'in' | 'out' | 'neutral']> = {
  'tx-deposit': ['+0.5 BTC', 'in'],
  'tx-withdrawal': ['−0.1 BTC', 'out'],
  'tx-sale': ['0.02 BTC', 'neutral'],
  'tx-send-failed': ['0.1 BTC', 'neutral'],
  'tx-buy': ['+0.00041849 BTC', 'in'],
  'tx-buy-failed': ['0.00041849 BTC', 'neutral'],
};
/** At today's rate of 60 000 $/BTC (the details carry no rate of their own). */
const fiatAmounts: Record<string, string> = {
  'tx-deposit': '≈ $30,000.00',
  'tx-withdrawal': '≈ $6,000.00',
  'tx-sale': '≈ $1,200.00',
  'tx-send-failed': '≈ $6,000.00',
  'tx-buy': '≈ $25.11',
  'tx-buy-failed': '≈ $25.11',
};
const USD = { fiat: 'USD', rate: 60000 };
const explorer = () => screen.queryByRole('button', { name: 'View in explorer' });
const text = (id: string) => screen.queryByTestId(id)?.querySelector('dd')?.textContent ?? null;
const count = (events: EventObject[], type: string) => events.filter((e) => e.type === type).length;

describeModel('transactionDetails', {
  machine: transactionDetailsMachine,
  input,
  events: {
    loading: [
      { type: 'xstate.done.actor.load', output: receiving },
      { type: 'xstate.done.actor.load', output: sent },
      { type: 'xstate.done.actor.load', output: sale },
      { type: 'xstate.done.actor.load', output: sendFailed },
      { type: 'xstate.done.actor.load', output: bought },
      { type: 'xstate.done.actor.load', output: buyFailed },
      { type: 'xstate.error.actor.load', error: { status: 404 } },
      { type: 'xstate.error.actor.load', error: { status: 500, code: 'HTTP_500' } },
    ],
    failed: [{ type: 'details.retried' }],
    loaded: [{ type: 'explorer.opened' }, { type: 'receipt.shared' }],
    'loaded.watch.waiting': [{ type: 'xstate.after.REFRESH.transactionDetails.loaded.watch.waiting' }],
    'loaded.watch.refreshing': [
      { type: 'xstate.done.actor.refresh', output: received },
      { type: 'xstate.error.actor.refresh', error: { status: 503, code: 'HTTP_503' } },
    ],
    'loaded.copy.idle': [
      { type: 'copy.requested', field: 'from' },
      { type: 'copy.requested', field: 'to' },
      { type: 'copy.requested', field: 'hash' },
    ],
    'loaded.copy.copying': [
      { type: 'xstate.done.actor.copyText' },
      { type: 'xstate.error.actor.copyText', error: new Error('denied') },
    ],
  },
  // A settled transaction is not polled: its timer fires and nothing happens.
  keepIgnored: (s, e) => e.type.startsWith('xstate.after.REFRESH') && s.context.transaction?.state !== 'IN_PROGRESS',
  classify: (s) => s.context.transaction?.id ?? 'none',
  fakeTimers: true,
  delays: { REFRESH: 10_000 },
  mount: async ({ fakes }) => {
    vi.setSystemTime(NOW);
    const h = { notes: [] as string[], links: [] as string[], receipts: [] as Receipt[] };
    const actor = createActor(
      transactionDetailsMachine.provide({
        actors: { loadTransaction: fakes.promise('loadTransaction'), copyText: fakes.promise('copyText') },
        actions: {
          notifyCopied: (_, { field }) => void h.notes.push(`copied:${field}`),
          notifyCopyFailed: () => void h.notes.push('copyFailed'),
          openLink: (_, { url }) => void h.links.push(url),
          shareReceipt: (_, receipt) => void h.receipts.push(receipt),
        },
      }),
      { input },
    ).start();
    await renderInRouter(<TransactionScreen actor={actor} rate={USD} />, {
      path: '/home/asset/BTC/transaction/tx-deposit/DEPOSIT',
    });
    return { ...h, actor };
  },
  drive: {
    'xstate.done.actor.load': (e: Outcome, h) => act(async () => h.fakes.resolve('loadTransaction', e.output)),
    'xstate.error.actor.load': (e: Outcome, h) => act(async () => h.fakes.reject('loadTransaction', e.error)),
    'xstate.done.actor.refresh': (e: Outcome, h) => act(async () => h.fakes.resolve('loadTransaction', e.output)),
    'xstate.error.actor.refresh': (e: Outcome, h) => act(async () => h.fakes.reject('loadTransaction', e.error)),
    'details.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    'receipt.shared': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Share receipt' })),
    'explorer.opened': async (_e, h) => {
      const button = explorer();
      if (button) await h.user.click(button);
    },
    'copy.requested': async (e, h) => {
      if (e.type !== 'copy.requested') return;
      const button = screen.queryByRole('button', { name: copyLabels[e.field] });
      if (button) await h.user.click(button);
    },
  },
  states: {
    '*': () => {
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/home/asset/BTC');
    },
    loading: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Transaction');
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading transaction']);
      expect(h.fakes.calls('loadTransaction').at(-1)).toEqual(input);
    },
    failed: (_h, s) => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(
        s.context.error?.kind === 'notFound' ? 'This transaction was not found.' : 'Could not load the transaction.',
      );
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
    },
    loaded: (h: H, s, { history }) => {
      const tx = s.context.transaction as Transaction;
      expect(screen.queryByRole('status', { name: 'Loading transaction' })).toBeNull();
      const heading = screen.getByRole('heading', { level: 1 });
      expect(heading.textContent).toBe(titles[`${tx.id}:${tx.state}`]);
      // The tone is carried by the title's text inside the scaffold's h1.
      expect(heading.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe(
        tx.transactionType === 'C2F' ? 'error' : 'default',
      );
      const amount = screen.getByTestId('tx-amount');
      expect([amount.textContent, amount.getAttribute('data-tone')]).toEqual(amounts[tx.id]);
      // A card buy shows what was paid, at which rate, with which card, under which order; nothing else does.
      const buy = tx.transactionType === 'F2C';
      expect(text('tx-paid')).toBe(buy ? '₽5,000.00' : null);
      expect(text('tx-rate')).toBe(buy ? '1 BTC = ₽11,947,716.79' : null);
      expect(text('tx-card')).toBe(buy ? '4242 •••• •••• 4242' : null);
      expect(text('tx-order')).toBe(buy ? '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e' : null);
      expect(
        screen.getByTestId('tx-amount').closest('div')?.querySelector('[data-class]')?.getAttribute('data-class'),
      ).toBe(
        { DEPOSIT: 'received', WITHDRAWAL: 'sent', C2F: 'sold', F2C: 'bought', EXCHANGE: 'swapped' }[
          tx.transactionType
        ],
      );
      expect(screen.getByTestId('tx-amount-fiat').textContent).toBe(fiatAmounts[tx.id]);
      expect(text('tx-state')).toBe({ IN_PROGRESS: 'In progress', COMPLETED: 'Completed', FAILED: 'Failed' }[tx.state]);
      expect(text('tx-confirmations')).toBe(tx.state === 'IN_PROGRESS' ? '1 of 2' : null);
      // Localised date and time in the viewer's zone (en: "Mar 3, 2026, 11:00 AM" in UTC).
      expect(text('tx-date')).toBe(
        DateTime.fromISO(tx.createdDate).setLocale('en').toLocaleString(DateTime.DATETIME_MED),
      );
      // Money that never left was charged nothing, whatever fee the server echoed back.
      const failedOut = tx.state === 'FAILED' && tx.direction === 'WITHDRAWAL';
      expect(text('tx-fee')).toBe(failedOut ? 'No fee charged' : tx.fee ? '0.00012 BTC ≈ $7.20' : null);
      if (failedOut) expect(screen.queryByText(/0\.00012/)).toBeNull();
      if (failedOut) expect(screen.queryByTestId('tx-fee-fiat')).toBeNull();
      expect(text('tx-network')).toBe(s.context.coin ? 'Bitcoin' : null);
      const inbound = tx.direction === 'DEPOSIT';
      expect(text('tx-from')).toBe(tx.from ? (inbound ? 'bc1qxy2k…jhx0wlh' : 'bc1qar0s…zwf5mdq') : null);
      expect(text('tx-to')).toBe(tx.to ? (inbound ? 'bc1qar0s…zwf5mdq' : 'bc1qxy2k…jhx0wlh') : null);
      expect(text('tx-hash')).toBe(tx.hash ? '7a1f3c9e…b0d2f4a' : null);
      expect(!!explorer()).toBe(!!tx.explorerLink);
      // Every tap on "View in explorer" opened the transaction's link through the platform.
      expect(h.links).toEqual(tx.explorerLink ? Array(count(history, 'explorer.opened')).fill(tx.explorerLink) : []);
      // Issue 25: only a completed transaction is shared as a receipt, with its amount, asset, date, hash and
      // explorer link, and nothing of the balance.
      expect(!!screen.queryByRole('button', { name: 'Share receipt' })).toBe(tx.state === 'COMPLETED');
      expect(h.receipts).toEqual(Array(count(history, 'receipt.shared')).fill(receiptOf(tx)));
      for (const r of h.receipts)
        expect(Object.keys(r).sort()).toEqual(['amount', 'currency', 'date', 'explorerLink', 'hash']);
    },
    'loaded.watch.waiting': (h, s, { event, history }) => {
      const loads =
        1 +
        count(history, 'details.retried') +
        count(history, 'xstate.done.actor.refresh') +
        count(history, 'xstate.error.actor.refresh');
      expect(h.fakes.calls('loadTransaction')).toHaveLength(loads);
      // Between polls the screen shows the last state the server gave (the refresh that credited it: Completed).
      const shown = (
        { IN_PROGRESS: 'In progress', COMPLETED: 'Completed', FAILED: 'Failed' } as Record<string, string>
      )[(s.context.transaction as Transaction).state];
      expect(text('tx-state')).toBe(event?.type === 'xstate.done.actor.refresh' ? 'Completed' : shown);
    },
    'loaded.watch.refreshing': (h, s) => {
      expect(s.context.transaction?.state).toBe('IN_PROGRESS');
      // A poll does not blank the screen: the details stay, still in progress.
      expect(text('tx-state')).toBe('In progress');
      expect(screen.queryByRole('status', { name: 'Loading transaction' })).toBeNull();
      expect(h.fakes.calls('loadTransaction').at(-1)).toEqual(input);
    },
    'loaded.copy.idle': (h: H, _s, { event }) => {
      if (event?.type === 'xstate.error.actor.copyText') expect(h.notes.at(-1)).toBe('copyFailed');
      if (event?.type === 'xstate.done.actor.copyText') expect(h.notes.at(-1)).toMatch(/^copied:(from|to|hash)$/);
      for (const name of Object.values(copyLabels))
        expect(screen.queryByRole('button', { name })?.getAttribute('aria-busy') ?? null).toBeNull();
    },
    'loaded.copy.copying': (h, s) => {
      const field = s.context.copying as CopyField;
      expect(screen.getByRole('button', { name: copyLabels[field] }).getAttribute('aria-busy')).toBe('true');
      // The full value is copied, whatever the screen shows.
      const full = { from: s.context.transaction?.from, to: s.context.transaction?.to, hash: HASH }[field];
      expect(h.fakes.calls('copyText').at(-1)).toEqual({ text: full });
      expect([BTC_ADDRESS, EXTERNAL_ADDRESS, HASH]).toContain(full);
    },
  },
});

describe('transaction details', () => {
  it('follows an in-progress deposit to Received, then stops polling', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const answers = [receiving, receiving, received];
    let calls = 0;
    const actor = createActor(
      transactionDetailsMachine.provide({
        actors: { loadTransaction: fromPromise(async () => (calls++, answers.shift()!)) },
      }),
      { input },
    ).start();
    await renderInRouter(<TransactionScreen actor={actor} />, {
      path: '/home/asset/BTC/transaction/tx-deposit/DEPOSIT',
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Receiving');
    for (let i = 0; i < 4; i++) {
      await act(async () => void vi.advanceTimersByTime(10_000));
      await settle();
    }
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Received');
    expect(screen.queryByTestId('tx-confirmations')).toBeNull();
    expect(calls).toBe(3);
  });

  it('a swap credited 978.156803 USDT: ≈ +978.16 (rounded, not cut to 978.15) and the exact amount below', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const tx: Transaction = {
      ...withdrawal,
      id: 'tx-swap-in',
      currency: 'USDT_TRX',
      direction: 'DEPOSIT',
      transactionType: 'EXCHANGE',
      amount: '978.156803',
      fee: null,
      fromCurrency: 'BTC',
      toCurrency: 'USDT_TRX',
      fromAmount: '0.01',
      toAmount: '978.156803',
    };
    const view: TransactionView = { transaction: tx, coin: usdtTrxCoin };
    const actor = createActor(
      transactionDetailsMachine.provide({
        actors: { loadTransaction: fromPromise(async () => view) },
      }),
      { input: { id: tx.id, type: 'EXCHANGE', currency: 'USDT_TRX' } },
    ).start();
    await renderInRouter(<TransactionScreen actor={actor} />, {
      path: '/home/asset/USDT_TRX/transaction/tx-swap-in/EXCHANGE',
    });
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Swapped');
    expect(screen.getByTestId('tx-amount').textContent).toBe('≈ +978.16 USDT');
    expect(text('tx-exact')).toBe('978.156803 USDT');
  });

  it('writes a USDT send in Russian with its fiat values, never the code USDT_TRX, and no fiat without a rate', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    const tx = { ...withdrawal, currency: 'USDT_TRX', amount: '1250.500000', fee: '1.000000' };
    const view: TransactionView = { transaction: tx, coin: usdtTrxCoin };
    const mount = async (rate: { fiat: string; rate: number } | null) => {
      const actor = createActor(
        transactionDetailsMachine.provide({ actors: { loadTransaction: fromPromise(async () => view) } }),
        { input: { id: tx.id, type: 'WITHDRAWAL', currency: 'USDT_TRX' } },
      ).start();
      const rendered = await renderInRouter(<TransactionScreen actor={actor} rate={rate} />, {
        path: '/home/asset/USDT_TRX/transaction/tx-withdrawal/WITHDRAWAL',
      });
      await settle();
      return rendered;
    };
    act(() => i18n.activate('ru'));
    try {
      const rendered = await mount({ fiat: 'KZT', rate: 480.5 });
      expect(screen.getByTestId('tx-amount').textContent).toBe('−1\u00a0250,5 USDT');
      // 1250.5 × 480.5 = 600 865.25 ₸; the fee 1 × 480.5
      expect(screen.getByTestId('tx-amount-fiat').textContent).toBe('≈ 600\u00a0865,25\u00a0₸');
      expect(text('tx-fee')).toBe('1 USDT ≈ 480,50\u00a0₸');
      expect(document.body.textContent).not.toContain('USDT_TRX');
      rendered.unmount();
      await mount(null);
      expect(screen.getByTestId('tx-amount').textContent).toBe('−1\u00a0250,5 USDT');
      expect(screen.queryByTestId('tx-amount-fiat')).toBeNull();
      expect(text('tx-fee')).toBe('1 USDT');
    } finally {
      act(() => i18n.activate('en'));
    }
  });
});
