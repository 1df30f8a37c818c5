/**
 * /buy/order/review (spec §4, §7): the summary with a mm:ss countdown (the countdown child), expiry at 0 (greyed
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
  type BuyReviewInput,
  type QuotedDraft,
  quoteDeadline,
} from '../../machines/buyReview.machine';
import { secondsUntil } from '../../machines/shared/countdown';
import { BuyReviewScreen } from '../../src/features/buy/BuyReviewScreen';
import { describeModel, createDeferredActors, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { btcCoin, button, draftFor, quoteFor, serverError } from './buy-fixtures';
import { feeTerm, isEnabled, says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const notes: string[] = [];
  const actor = createActor(
    buyReviewMachine.provide({
      actors: {
        timeLeft: fakes.promise('timeLeft'),
        reviewKey: fakes.promise('reviewKey'),
        quote: fakes.promise('quote'),
        createOrder: fakes.promise('createOrder'),
      },
      actions: { notifyFailed: (_, { failure }) => void notes.push(`failed:${failure.code}`) },
    }),
    { input: INPUT },
  ).start();
  await renderInRouter(<BuyReviewScreen actor={actor} back={{ to: '/buy/order' }} />, { path: '/buy/order/review' });
  return { actor: actor as AnyActorRef, notes };
}

const INPUT: BuyReviewInput = { draft: draftFor('fiat', '5000') as QuotedDraft, coin: btcCoin };
const FRESH = quoteFor('fiat', '5000', {
  fixedRateId: 'rate-2',
  cryptoAmount: '0.0008',
  rate: '6250000',
  midRate: '6000000',
});
const ORDER: BuyOrderCreated = { orderId: 'ord-1', url: 'http://gateway.test/sandbox/pay/ord-1' };
const COUNTDOWN_OVER = { type: 'xstate.done.actor.countdown' } as const;
const live = (h: { actor: unknown }) => h.actor as AnyActorRef;
/** The seconds the running countdown shows (its child's), or null without one. */
const countdownOf = (h: { actor: unknown }) => {
  const child = live(h).getSnapshot().children.countdown as AnyActorRef | undefined;
  return child ? (child.getSnapshot().context.secondsLeft as number) : null;
};

describeModel('buyReview', {
  machine: buyReviewMachine,
  input: INPUT,
  fakeTimers: true,
  events: (s) => {
    const c = s.context as BuyReviewContext;
    if (s.matches('timing')) {
      return [
        { type: 'xstate.done.actor.timeLeft', output: 2 },
        // The quote ran out while the user was on the order form.
        { type: 'xstate.done.actor.timeLeft', output: 0 },
      ];
    }
    if (s.matches({ counting: 'keying' })) {
      return [
        { type: 'xstate.done.actor.reviewKey', output: c.draft.quote.fixedRateId === 'rate-2' ? 'key-2' : 'key-1' },
        { type: 'xstate.error.actor.reviewKey', error: new Error('no storage') },
      ];
    }
    if (s.matches({ counting: 'idle' })) return [COUNTDOWN_OVER, { type: 'review.confirmed' }];
    if (s.matches({ counting: 'creating' })) {
      return [
        { type: 'xstate.done.actor.createOrder', output: ORDER },
        { type: 'xstate.error.actor.createOrder', error: serverError('RATE_EXPIRED', 'The rate has expired') },
        {
          type: 'xstate.error.actor.createOrder',
          error: serverError('HTTP_503', 'The card payment is unavailable', 503),
        },
        { type: 'review.confirmed' },
        // The countdown reaches 0 while the order request is on its way: the answer decides.
        ...(c.ranOut ? [] : [COUNTDOWN_OVER]),
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
  keepIgnored: (s, e) => e.type === 'review.confirmed' && s.matches({ counting: 'creating' }),
  classify: (s) => {
    const c = s.context as BuyReviewContext;
    return [c.failure?.code ?? '', c.draft.quote.fixedRateId, c.ranOut ? 'ran out' : ''].join(',');
  },
  mount,
  drive: {
    'review.confirmed': (_e, h) => h.user.click(button(/Confirm and pay|Try again/)),
    'rate.updated': (_e, h) => h.user.click(button('Update rate')),
    // The real countdown child: its last second passes.
    'xstate.done.actor.countdown': (_e: { output?: unknown }, h) =>
      act(async () => {
        await vi.advanceTimersByTimeAsync((countdownOf(h) ?? 0) * 1000);
      }),
  },
  states: {
    timing: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    left: (h) => {
      // The flow takes the user back to the order form (the output says no order).
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      expect(h.notes.at(-1)).toBe('failed:UNKNOWN');
      expect(live(h).getSnapshot().output).toBeNull();
    },
    '*': (h, s) => {
      const c = s.context as BuyReviewContext;
      if (s.matches('timing')) return;
      expect(h.fakes.calls('timeLeft')).toEqual([{ quote: INPUT.draft.quote }]);
      // One key per quote: every order request of this review carries the same one.
      const keys = (h.fakes.calls('createOrder') as Array<{ rateId: string; idempotencyKey: string }>).map(
        (r) => `${r.rateId}:${r.idempotencyKey}`,
      );
      expect(new Set(keys).size).toBeLessThanOrEqual(new Set(keys.map((k) => k.split(':')[0])).size);
      expect(c.draft.amount).toBe('5000');
    },
    'counting.keying': (h, s) => {
      expect(h.fakes.calls('reviewKey').at(-1)).toEqual({ signature: signatureOf(s.context as BuyReviewContext) });
      expect(button('Confirm and pay').getAttribute('aria-busy')).toBe('true');
    },
    counting: (h, s) => {
      const c = s.context as BuyReviewContext;
      const fresh = c.draft.quote.fixedRateId === 'rate-2';
      expect(screen.getByTestId('review-crypto').textContent).toBe(fresh ? '0.0008 BTC' : '0.00083333 BTC');
      expect(screen.getByTestId('review-fiat').textContent).toBe('₽5,000.00');
      expect(screen.getByTestId('review-rate').textContent).toBe(
        fresh ? '1 BTC ≈ 6,250,000.00 ₽' : '1 BTC ≈ 6,000,000.00 ₽',
      );
      // The spread against the market price as a fee, in the coin and in RUB (issue 22), and the exact crypto:
      // 5000 ÷ 5 900 000 − 0.00083333 BTC, 5000 − 0.00083333 × 5 900 000 RUB, 100 000 ÷ 5 900 000.
      expect(screen.getByTestId('review-fee').textContent).toBe(fresh ? '≈ 0.00003333 BTC' : '≈ 0.00001413 BTC');
      expect(screen.getByTestId('review-fee-fiat').textContent).toBe(fresh ? '≈ ₽200.00' : '≈ ₽83.35');
      expect(feeTerm()).toBe(fresh ? 'Fee (4.17%)' : 'Fee (1.69%)');
      expect(screen.getByTestId('review-exact').textContent).toBe(fresh ? '0.0008 BTC' : '0.00083333 BTC');
      // The countdown starts from the seconds the quote had left (0 once it ran out during the order request).
      expect(screen.getByRole('timer').textContent).toBe(`00:0${c.ranOut ? 0 : c.secondsLeft}`);
      expect(countdownOf(h)).toBe(c.ranOut ? 0 : c.secondsLeft);
      expect(screen.getByTestId('buy-summary').getAttribute('aria-disabled')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Update rate' })).toBeNull();
    },
    'counting.idle': (h, s) => {
      const c = s.context as BuyReviewContext;
      expect(button(c.failure ? 'Try again' : 'Confirm and pay').disabled).toBe(false);
      if (c.failure) {
        expect(screen.getByTestId('review-error').textContent).toBe('The card payment is unavailable');
        expect(h.notes.at(-1)).toBe('failed:HTTP_503');
      } else expect(screen.queryByTestId('review-error')).toBeNull();
    },
    'counting.creating': (h, s) => {
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
    expired: (h, s, step) => {
      const c = s.context as BuyReviewContext;
      expect(screen.getByTestId('buy-summary').getAttribute('aria-disabled')).toBe('true');
      expect(screen.getByTestId('review-expired').textContent).toBe(
        'The rate has expired. Update it to see the current price.',
      );
      expect(button('Update rate').disabled).toBe(false);
      expect(screen.queryByRole('button', { name: /Confirm and pay/ })).toBeNull();
      expect(screen.queryByRole('timer')).toBeNull();
      if (c.failure?.code === 'HTTP_503') {
        // The fresh quote was refused, or the order was, after the countdown ran out.
        expect(screen.getByTestId('review-error').textContent).toBe(
          step.event?.type === 'xstate.error.actor.quote' ? 'Rates are unavailable' : 'The card payment is unavailable',
        );
      }
      expect(live(h).getSnapshot().output).toBeUndefined();
    },
    requoting: (h, s) => {
      expect(h.fakes.calls('quote').at(-1)).toEqual(requoteOf(s.context as BuyReviewContext));
      expect(button('Update rate').getAttribute('aria-busy')).toBe('true');
    },
    created: (h) => {
      // The flow sends the browser to the payment page of the output.
      expect(live(h).getSnapshot().output).toEqual(ORDER);
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
          timeLeft: fakes.promise('timeLeft'),
          reviewKey: fakes.promise('reviewKey'),
          quote: fakes.promise('quote'),
          createOrder: fakes.promise('createOrder'),
        },
      }),
      { input: INPUT },
    ).start();
    await renderInRouter(<BuyReviewScreen actor={actor} back={{ to: '/buy/order' }} />);
    await act(async () => fakes.resolve('timeLeft', 300));
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
    vi.useRealTimers();
  });
});

describe('buyReview time left: the quote validity from when the app received it', () => {
  const quote = quoteFor('fiat', '5000', { validSeconds: 300, receivedAt: Date.parse('2026-03-03T12:00:00Z') });
  it.each([
    ['2026-03-03T12:00:00Z', 300],
    ['2026-03-03T12:01:00.500Z', 240],
    ['2026-03-03T12:04:59Z', 1],
    ['2026-03-03T12:05:00Z', 0],
    ['2026-03-03T12:09:00Z', 0],
  ])('at %s: %i s', (at, seconds) => {
    const now = Date.parse(at);
    expect(secondsUntil(quoteDeadline(quote, now), now)).toBe(seconds);
  });
});
