/**
 * The buy return screen (issue 10): back from the payment page, the order is followed (every 3 s while
 * pending) to credited (link to the asset) or declined (nothing credited); a failed read can be retried.
 */
import { screen } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import { buyStatusMachine, type BuyStatusContext } from '../../machines/buyStatus.machine';
import type { BuyOrderStatus } from '../../machines/shared/buy';
import { BuyStatusScreen } from '../../src/features/buy/BuyStatusScreen';
import { describeModel, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { btcCoin, button, labelled, serverError } from './buy-fixtures';
import { says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const actor = createActor(
    buyStatusMachine.provide({
      actors: { loadStatus: fakes.promise('loadStatus') },
      actions: { forgetPending: () => void notes.push('forget') },
    }),
    { input: { orderId: 'ord-1' } },
  ).start();
  await renderInRouter(<BuyStatusScreen actor={actor} coinOf={(c) => (c === 'BTC' ? btcCoin : null)} />, {
    path: '/buy/status/ord-1',
  });
  return { actor: actor as AnyActorRef, notes };
}

const status = (phase: BuyOrderStatus['phase']): BuyOrderStatus =>
  labelled(phase, {
    orderId: 'ord-1',
    phase,
    currency: 'BTC',
    cryptoAmount: '0.00083333',
    fiatAmount: '5000',
    fiatCurrency: 'RUB',
  });

const outcomes = [
  { type: 'xstate.done.actor.loadStatus', output: status('pending') },
  { type: 'xstate.done.actor.loadStatus', output: status('credited') },
  { type: 'xstate.done.actor.loadStatus', output: status('declined') },
  { type: 'xstate.error.actor.loadStatus', error: serverError('HTTP_503', 'Unavailable', 503) },
] as const;

describeModel('buyStatus', {
  machine: buyStatusMachine,
  input: { orderId: 'ord-1' },
  fakeTimers: true,
  delays: { POLL: 3000 },
  events: {
    loading: outcomes,
    pending: [{ type: 'xstate.after.POLL.buyStatus.pending' }],
    failed: [{ type: 'status.retried' }],
  },
  classify: (s) => (s.context.order ? 'known' : 'unknown'),
  mount,
  drive: { 'status.retried': (_e, h) => h.user.click(button('Retry')) },
  states: {
    loading: (h, s) => {
      const c = s.context as BuyStatusContext;
      // The first read shows a spinner; a poll keeps the pending screen while it asks.
      if (c.order) expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Purchase in progress');
      else expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(h.fakes.calls('loadStatus').at(-1)).toEqual({ orderId: 'ord-1' });
    },
    pending: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Purchase in progress');
      expect(screen.getByTestId('buy-status-amount').textContent).toBe('0.00083333 BTC');
      expect(screen.getByTestId('buy-status-paid').textContent).toBe('For ₽5,000.00 by card');
      expect(screen.getByRole('link', { name: 'Go to BTC' }).getAttribute('href')).toBe('/home/asset/BTC');
      expect(h.notes).toEqual([]);
    },
    failed: (h, s) => {
      const known = (s.context as BuyStatusContext).order !== null;
      expect(screen.getByRole('alert').textContent).toContain(
        known ? 'Could not refresh the status.' : 'Could not load the status of your purchase.',
      );
      expect(h.notes).toEqual([]);
    },
    credited: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Purchase complete');
      expect(screen.getByTestId('buy-status-note').textContent).toBe('The crypto is in your wallet.');
      expect(screen.getByTestId('buy-status-paid').textContent).toBe('Paid ₽5,000.00 by card');
      expect(screen.getByRole('link', { name: 'Go to BTC' }).getAttribute('href')).toBe('/home/asset/BTC');
      expect(h.notes).toEqual(['forget']);
    },
    declined: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment declined');
      expect(screen.getByTestId('buy-status-note').textContent).toBe(
        'The card payment did not go through. Nothing was credited to your wallet.',
      );
      expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/buy/get');
      expect(h.notes).toEqual(['forget']);
    },
  },
});
