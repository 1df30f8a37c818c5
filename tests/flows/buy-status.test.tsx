/**
 * The buy return screen (issue 10): back from the payment page, the order is followed (every 3 s while
 * pending) to credited (link to the asset) or declined (nothing credited); a failed read can be retried.
 */
import { screen } from '@testing-library/react';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { buyStatusMachine, type BuyStatusContext } from '../../machines/buyStatus.machine';
import type { BuyOrderStatus } from '../../machines/shared/buy';
import { BuyStatusScreen } from '../../src/features/buy/BuyStatusScreen';
import { describeModel, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { btcCoin, button, labelled, serverError } from './buy-fixtures';
import { usdtTrxCoin } from './asset-fixtures';
import { says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const actor = createActor(
    buyStatusMachine.provide({
      actors: { loadStatus: fakes.promise('loadStatus') },
      actions: {
        forgetPending: () => void notes.push('forget'),
        openPayment: (_, { url }) => void notes.push(`open:${url}`),
      },
    }),
    { input: { orderId: 'ord-1' } },
  ).start();
  await renderInRouter(<BuyStatusScreen actor={actor} coinOf={(c) => (c === 'BTC' ? btcCoin : null)} />, {
    path: '/buy/status/ord-1',
  });
  return { actor: actor as AnyActorRef, notes };
}

const PAY_URL = 'https://pay.example/p/1';
const status = (
  phase: BuyOrderStatus['phase'],
  more: Partial<Pick<BuyOrderStatus, 'reason' | 'paymentUrl'>> = {},
): BuyOrderStatus =>
  labelled([phase, more.reason, more.paymentUrl ? 'unpaid' : ''].filter(Boolean).join(' '), {
    orderId: 'ord-1',
    phase,
    reason: null,
    paymentUrl: null,
    currency: 'BTC',
    cryptoAmount: '0.00083333',
    fiatAmount: '5000',
    fiatCurrency: 'RUB',
    ...more,
  });

/** What the declined screen says for each reason the gateway gives (issue 22: why, and the amount). */
const DECLINED: Record<string, [string, string]> = {
  DECLINED: ['Payment declined', 'Your bank declined the card payment. Nothing was credited to your wallet.'],
  CANCELLED: [
    'Payment cancelled',
    'The payment was cancelled on the payment page. Nothing was credited to your wallet.',
  ],
  EXPIRED: ['Payment time ran out', 'The order was not paid in time. Nothing was credited to your wallet.'],
  PAYMENT_FAILED: ['Payment failed', 'The card payment did not go through. Nothing was credited to your wallet.'],
};

const outcomes = [
  // Awaiting payment (its page known), and paid, the crypto on its way (no page to open).
  { type: 'xstate.done.actor.loadStatus', output: status('pending', { paymentUrl: PAY_URL }) },
  { type: 'xstate.done.actor.loadStatus', output: status('pending') },
  { type: 'xstate.done.actor.loadStatus', output: status('credited') },
  ...Object.keys(DECLINED).map((reason) => ({
    type: 'xstate.done.actor.loadStatus' as const,
    output: status('declined', { reason: reason as BuyOrderStatus['reason'] }),
  })),
  { type: 'xstate.error.actor.loadStatus', error: serverError('HTTP_503', 'Unavailable', 503) },
] as const;

describeModel('buyStatus', {
  machine: buyStatusMachine,
  input: { orderId: 'ord-1' },
  fakeTimers: true,
  delays: { POLL: 3000 },
  events: {
    loading: outcomes,
    pending: [{ type: 'xstate.after.POLL.buyStatus.pending' }, { type: 'payment.reopened' }],
    failed: [{ type: 'status.retried' }],
  },
  classify: (s) =>
    s.context.order ? `known ${s.context.order.paymentUrl ? 'unpaid' : ''} ${s.context.order.reason ?? ''}` : 'unknown',
  mount,
  drive: {
    'status.retried': (_e, h) => h.user.click(button('Retry')),
    'payment.reopened': (_e, h) => h.user.click(button('Open payment page')),
  },
  states: {
    loading: (h, s) => {
      const c = s.context as BuyStatusContext;
      // The first read shows a spinner; a poll keeps the pending screen while it asks.
      if (c.order)
        expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
          c.order.paymentUrl ? 'Awaiting payment' : 'Purchase in progress',
        );
      else expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(h.fakes.calls('loadStatus').at(-1)).toEqual({ orderId: 'ord-1' });
    },
    pending: (h, s, { history }) => {
      const unpaid = !!(s.context as BuyStatusContext).order?.paymentUrl;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        unpaid ? 'Awaiting payment' : 'Purchase in progress',
      );
      expect(screen.getByTestId('buy-status-amount').textContent).toBe('0.00083333 BTC');
      expect(screen.getByTestId('buy-status-paid').textContent).toBe('For ₽5,000.00 by card');
      expect(screen.getByRole('link', { name: 'Go to BTC' }).getAttribute('href')).toBe('/home/asset/BTC');
      // Awaiting payment: the page opens again from here (each press opens it once).
      expect(!!screen.queryByRole('button', { name: 'Open payment page' })).toBe(unpaid);
      const presses = history.filter((e) => e.type === 'payment.reopened').length;
      expect(h.notes).toEqual(Array(presses).fill(`open:${PAY_URL}`));
    },
    failed: (h, s) => {
      const known = (s.context as BuyStatusContext).order !== null;
      expect(screen.getByRole('alert').textContent).toContain(
        known ? 'Could not refresh the status.' : 'Could not load the status of your purchase.',
      );
      expect(h.notes.filter((n) => n === 'forget')).toEqual([]);
      // A failed refresh keeps the last answer: an unpaid order's page still opens from here.
      expect(!!screen.queryByRole('button', { name: 'Open payment page' })).toBe(
        !!(s.context as BuyStatusContext).order?.paymentUrl,
      );
    },
    credited: (h) => {
      expect(screen.queryByRole('button', { name: 'Open payment page' })).toBeNull();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Purchase complete');
      expect(screen.getByTestId('buy-status-note').textContent).toBe('The crypto is in your wallet.');
      expect(screen.getByTestId('buy-status-paid').textContent).toBe('Paid ₽5,000.00 by card');
      expect(screen.getByRole('link', { name: 'Go to BTC' }).getAttribute('href')).toBe('/home/asset/BTC');
      expect(h.notes.filter((n) => n === 'forget')).toEqual(['forget']);
    },
    declined: (h, s) => {
      // Why (the gateway's failureReason) and for how much.
      const [title, note] = DECLINED[(s.context as BuyStatusContext).order!.reason!]!;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
      expect(screen.getByTestId('buy-status-note').textContent).toBe(note);
      expect(screen.getByTestId('buy-status-amount').textContent).toBe('0.00083333 BTC');
      expect(screen.getByTestId('buy-status-paid').textContent).toBe('For ₽5,000.00 by card');
      expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/buy/get');
      expect(h.notes.filter((n) => n === 'forget')).toEqual(['forget']);
    },
  },
});

describe('buy status amounts (spec §9, issue 22: one amount, one way)', () => {
  it("shows the credited crypto in the asset's round, rounded, with ≈ when digits were dropped", async () => {
    const actor = createActor(
      buyStatusMachine.provide({
        actors: {
          loadStatus: fromPromise(async () => ({
            ...status('credited'),
            currency: 'USDT_TRX',
            cryptoAmount: '103.03469',
            fiatAmount: '10000',
          })),
        },
      }),
      { input: { orderId: 'ord-1' } },
    ).start();
    await renderInRouter(<BuyStatusScreen actor={actor} coinOf={(c) => (c === 'USDT_TRX' ? usdtTrxCoin : null)} />, {
      path: '/buy/status/ord-1',
    });
    expect((await screen.findByTestId('buy-status-amount')).textContent).toBe('≈ 103.03 USDT');
    expect(screen.getByTestId('buy-status-paid').textContent).toBe('Paid ₽10,000.00 by card');
  });
});
