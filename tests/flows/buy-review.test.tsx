/**
 * /buy/order/review (spec §4, §7): the summary with a mm:ss countdown (machine ticks), expiry at 0 (greyed
 * summary, expired message, Update rate → fresh quote and a new countdown), Confirm → POST /b2c/order with
 * one key per review (retries and double taps send the same key) → the payment page; every error.
 */
import { act, screen } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import {
  buyReviewMachine,
  orderRequestOf,
  requoteOf,
  signatureOf,
  type BuyOrderCreated,
  type BuyReviewContext,
  type BuyReviewStart,
} from '../../machines/buyReview.machine';
import { BuyReviewScreen } from '../../src/features/buy/BuyReviewScreen';
import { describeModel, createDeferredActors, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { btcCoin, button, draftFor, labelled, quoteFor, serverError } from './buy-fixtures';
import { isEnabled, says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const actor = createActor(
    buyReviewMachine.provide({
      actors: {
        loadReview: fakes.promise('loadReview'),
        reviewKey: fakes.promise('reviewKey'),
        quote: fakes.promise('quote'),
        createOrder: fakes.promise('createOrder'),
      },
      actions: {
        showOrder: () => void notes.push('order'),
        saveDraft: (_, { draft }) => void notes.push(`draft:${draft?.quote?.fixedRateId}`),
        openPayment: (_, { order }) => void notes.push(`pay:${order.orderId}:${order.url}`),
        notifyFailed: (_, { failure }) => void notes.push(`failed:${failure.code}`),
      },
    }),
  ).start();
  await renderInRouter(<BuyReviewScreen actor={actor} back={{ to: '/buy/order' }} />, { path: '/buy/order/review' });
  return { actor: actor as AnyActorRef, notes };
}

const start = (
  secondsLeft: number,
  draft: BuyReviewStart['draft'] = draftFor('fiat', '5000') as BuyReviewStart['draft'],
): BuyReviewStart =>
  labelled(draft ? `review 5000 RUB, ${secondsLeft} s left` : 'no draft', {
    draft,
    coin: draft ? btcCoin : null,
    secondsLeft,
  });
const FRESH = quoteFor('fiat', '5000', { fixedRateId: 'rate-2', cryptoAmount: '0.0008', rate: '6250000' });
const ORDER: BuyOrderCreated = { orderId: 'ord-1', url: 'http://gateway.test/sandbox/pay/ord-1' };

describeModel('buyReview', {
  machine: buyReviewMachine,
  fakeTimers: true,
  delays: { TICK: 1000 },
  events: (s) => {
    const c = s.context as BuyReviewContext;
    if (s.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadReview', output: start(2) },
        // Reopened (a reload) after the quote ran out.
        { type: 'xstate.done.actor.loadReview', output: start(0) },
        { type: 'xstate.done.actor.loadReview', output: start(0, null) },
        { type: 'xstate.error.actor.loadReview', error: new Error('storage blocked') },
      ];
    }
    if (s.matches('keying')) {
      return [
        { type: 'xstate.done.actor.reviewKey', output: c.quote?.fixedRateId === 'rate-2' ? 'key-2' : 'key-1' },
        { type: 'xstate.error.actor.reviewKey', error: new Error('no storage') },
      ];
    }
    if (s.matches({ active: 'idle' }))
      return [{ type: 'xstate.after.TICK.buyReview.active.idle' }, { type: 'review.confirmed' }];
    if (s.matches({ active: 'creating' })) {
      return [
        { type: 'xstate.done.actor.createOrder', output: ORDER },
        { type: 'xstate.error.actor.createOrder', error: serverError('RATE_EXPIRED', 'The rate has expired') },
        {
          type: 'xstate.error.actor.createOrder',
          error: serverError('HTTP_503', 'The card payment is unavailable', 503),
        },
        { type: 'review.confirmed' },
      ];
    }
    if (s.matches('expired')) return [{ type: 'rate.updated' }];
    if (s.matches('requoting')) {
      return [
        { type: 'xstate.done.actor.quote', output: FRESH },
        { type: 'xstate.error.actor.quote', error: serverError('HTTP_503', 'Rates are unavailable', 503) },
      ];
    }
    return [];
  },
  // A second tap on Confirm while the order is on its way sends nothing.
  keepIgnored: (s, e) => e.type === 'review.confirmed' && s.matches({ active: 'creating' }),
  classify: (s) => [s.context.failure?.code ?? '', s.context.quote?.fixedRateId ?? ''].join(','),
  mount,
  drive: {
    'review.confirmed': (_e, h) => h.user.click(button(/Confirm and pay|Try again/)),
    'rate.updated': (_e, h) => h.user.click(button('Update rate')),
  },
  states: {
    loading: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    left: (h) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(h.notes.at(-1)).toBe('order');
    },
    '*': (h, s) => {
      const c = s.context as BuyReviewContext;
      if (!c.quote) return;
      // One key per quote: every order request of this review carries the same one.
      const keys = (h.fakes.calls('createOrder') as Array<{ rateId: string; idempotencyKey: string }>).map(
        (r) => `${r.rateId}:${r.idempotencyKey}`,
      );
      expect(new Set(keys).size).toBeLessThanOrEqual(new Set(keys.map((k) => k.split(':')[0])).size);
    },
    keying: (h, s) => {
      expect(h.fakes.calls('reviewKey').at(-1)).toEqual({ signature: signatureOf(s.context as BuyReviewContext) });
      expect(button('Confirm and pay').getAttribute('aria-busy')).toBe('true');
    },
    active: (_h, s) => {
      const c = s.context as BuyReviewContext;
      const fresh = c.quote?.fixedRateId === 'rate-2';
      expect(screen.getByTestId('review-crypto').textContent).toBe(fresh ? '0.0008 BTC' : '0.00083333 BTC');
      expect(screen.getByTestId('review-fiat').textContent).toBe('₽5,000.00');
      expect(screen.getByTestId('review-rate').textContent).toBe(
        fresh ? '1 BTC ≈ ₽6,250,000.00' : '1 BTC ≈ ₽6,000,000.00',
      );
      expect(screen.getByRole('timer').textContent).toBe(`00:0${c.secondsLeft}`);
      expect(screen.getByTestId('buy-summary').getAttribute('aria-disabled')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Update rate' })).toBeNull();
    },
    'active.idle': (h, s) => {
      const c = s.context as BuyReviewContext;
      expect(button(c.failure ? 'Try again' : 'Confirm and pay').disabled).toBe(false);
      if (c.failure) {
        expect(screen.getByTestId('review-error').textContent).toBe('The card payment is unavailable');
        expect(h.notes.at(-1)).toBe('failed:HTTP_503');
      } else expect(screen.queryByTestId('review-error')).toBeNull();
    },
    'active.creating': (h, s) => {
      const calls = h.fakes.calls('createOrder');
      expect(calls.at(-1)).toEqual(orderRequestOf(s.context as BuyReviewContext));
      expect(calls.at(-1)).toMatchObject({
        amountInFiat: '5000',
        depositAddress: expect.any(String),
        fiatCurrency: 'RUB',
      });
      expect(button(/Confirm and pay|Try again/).getAttribute('aria-busy')).toBe('true');
      expect(button('Back').disabled).toBe(true);
    },
    expired: (h, s) => {
      const c = s.context as BuyReviewContext;
      expect(screen.getByTestId('buy-summary').getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByTestId('review-expired').textContent).toBe(
        'The rate has expired. Update it to see the current price.',
      );
      expect(button('Update rate').disabled).toBe(false);
      expect(screen.queryByRole('button', { name: /Confirm and pay/ })).toBeNull();
      expect(screen.queryByRole('timer')).toBeNull();
      if (c.failure?.code === 'HTTP_503')
        expect(screen.getByTestId('review-error').textContent).toBe('Rates are unavailable');
      expect(h.notes).not.toContain(`pay:${ORDER.orderId}:${ORDER.url}`);
    },
    requoting: (h, s) => {
      expect(h.fakes.calls('quote').at(-1)).toEqual(requoteOf(s.context as BuyReviewContext));
      expect(button('Update rate').getAttribute('aria-busy')).toBe('true');
    },
    redirecting: (h) => {
      expect(h.notes.at(-1)).toBe(`pay:${ORDER.orderId}:${ORDER.url}`);
      expect(button('Confirm and pay').getAttribute('aria-busy')).toBe('true');
    },
  },
});

describe('buyReview countdown from a fresh 300 s quote', () => {
  it('shows 05:00, then 04:59 a second later, and expires at 00:00', async () => {
    vi.useFakeTimers();
    const fakes = createDeferredActors();
    const actor = createActor(
      buyReviewMachine.provide({
        actors: {
          loadReview: fakes.promise('loadReview'),
          reviewKey: fakes.promise('reviewKey'),
          quote: fakes.promise('quote'),
          createOrder: fakes.promise('createOrder'),
        },
      }),
    ).start();
    await renderInRouter(<BuyReviewScreen actor={actor} back={{ to: '/buy/order' }} />);
    await act(async () => fakes.resolve('loadReview', start(300)));
    await act(async () => fakes.resolve('reviewKey', 'key-1'));
    expect(screen.getByRole('timer').textContent).toBe('05:00');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('04:59');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(298_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('00:01');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(isEnabled(screen.getByRole('button', { name: 'Update rate' })), 'enabled').toBe(true);
    expect(actor.getSnapshot().value).toBe('expired');
  });
});
