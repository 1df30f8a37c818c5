/**
 * The card-buy flow (spec §2 /buy/pay → /buy/order → /buy/order/review → payment page → /buy/status): the
 * steps through their screens (their own machines have suites of their own), the order form's draft handed
 * to the review in memory (nothing in storage), back to the order form with the amount kept, the payment
 * page opened for the created order, a review that gave up, and the URL's step (back, forward) shown.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createActor, type AnyActorRef } from 'xstate';
import {
  buyMachine,
  orderInputOf,
  type BuyContext,
  type BuyOpened,
  type BuyOrderCreated,
  type BuyStep,
} from '../../machines/buy.machine';
import { buyOrderMachine, type BuyOrderOutput } from '../../machines/buyOrder.machine';
import { buyPayMachine } from '../../machines/buyPay.machine';
import { buyReviewMachine } from '../../machines/buyReview.machine';
import { buyStatusMachine } from '../../machines/buyStatus.machine';
import type { QuotedDraft } from '../../machines/shared/buy';
import { BuyFlow } from '../../src/features/buy/BuyFlow';
import { createDeferredActors, describeModel, settle, type DeferredActors, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { says } from '../support/dom';
import {
  BTC_ADDRESS,
  CHOICE,
  btcCoin,
  button,
  draftFor,
  fiatInput,
  labelled,
  quoteFor,
  replaceValue,
} from './buy-fixtures';

type User = MountTools['user'];

function provided(fakes: DeferredActors, notes: string[]) {
  return buyMachine.provide({
    actors: {
      pay: buyPayMachine.provide({ actors: { loadRegions: fakes.promise('loadRegions') } }),
      order: buyOrderMachine.provide({
        actors: { loadBuyOrder: fakes.promise('loadBuyOrder'), quote: fakes.promise('quote') },
      }),
      review: buyReviewMachine.provide({
        actors: {
          timeLeft: fakes.promise('timeLeft'),
          reviewKey: fakes.promise('reviewKey'),
          quote: fakes.promise('requote'),
          createOrder: fakes.promise('createOrder'),
        },
        actions: { notifyFailed: (_, { failure }) => void notes.push(`failed:${failure.message}`) },
      }),
      status: buyStatusMachine.provide({ actors: { loadStatus: fakes.promise('loadStatus') } }),
    },
    actions: { openPayment: (_, { order }) => void notes.push(`pay:${order.orderId}:${order.url}`) },
  });
}

async function mountFlow(fakes: DeferredActors, followInApp = false) {
  const notes: string[] = [];
  const actor = createActor(provided(fakes, notes), { input: { followInApp } }).start();
  await renderInRouter(<BuyFlow actor={actor} coinOf={(c) => (c === 'BTC' ? btcCoin : null)} />, {
    path: '/buy/pay?currency=BTC',
  });
  return { actor: actor as AnyActorRef, notes };
}

const mount = ({ fakes }: MountTools) => mountFlow(fakes);

const REGIONS = [
  { geoId: 'RU', fiatCurrency: 'RUB', name: 'Russian ruble' },
  { geoId: 'KZ', fiatCurrency: 'KZT', name: 'Kazakhstani tenge' },
];
// Not labelled: the live flow's context holds the copies its children made, compared as data with these.
const RU = { geoId: 'RU', fiatCurrency: 'RUB' };
const QUOTE = quoteFor('fiat', '5000', { validSeconds: 300 });
const REVIEWED: BuyOrderOutput = { draft: draftFor('fiat', '5000', QUOTE) as QuotedDraft, coin: btcCoin };
const ORDER: BuyOrderCreated = labelled('order ord-1', {
  orderId: 'ord-1',
  url: 'http://gateway.test/sandbox/pay/ord-1',
});
const ctx = (s: { context: unknown }) => s.context as BuyContext;

/** The order form as the flow opens it: the coin and deposit address load, then the form shows. */
async function loadOrderForm(fakes: DeferredActors) {
  await act(async () => fakes.resolve('loadBuyOrder', { coin: btcCoin, depositAddress: BTC_ADDRESS }));
  await settle();
}

/** The review as the flow opens it: the quote's time left is read, then the key (still on its way). */
async function openReview(fakes: DeferredActors) {
  await act(async () => fakes.resolve('timeLeft', 300));
  await settle();
}

/** 5000 RUB on the form (kept when back from the review), quoted after the debounce, then Review. */
async function reviewFiveThousand(fakes: DeferredActors, user: User) {
  if (fiatInput().value !== '5000') await replaceValue(user, fiatInput(), '5000');
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  await act(async () => fakes.resolve('quote', QUOTE));
  await user.click(button('Review'));
  await openReview(fakes);
}

const routeTo = (route: BuyStep) => ({ type: 'route.changed', route }) as const;
const openedAt = (opened: Partial<BuyOpened> & Pick<BuyOpened, 'step'>) =>
  ({ type: 'flow.opened', currency: 'BTC', region: null, orderId: null, ...opened }) as const;
/** The URLs the flow may open on: the region list, the order form, a review (a reload), the payment page's return. */
const OPENINGS = [
  openedAt({ step: 'pay' }),
  openedAt({ step: 'order', region: RU }),
  openedAt({ step: 'review', region: RU }),
  openedAt({ step: 'status', currency: '', orderId: 'ord-9' }),
];

describeModel('buy', {
  machine: buyMachine,
  input: { followInApp: false },
  fakeTimers: true,
  // Every transition from every state: a step is reached by several routes (a link, back, forward), each a path.
  generator: 'transitions',
  events: (s) => {
    if (s.matches('opening')) return OPENINGS;
    const routes = [routeTo('pay'), routeTo('order'), routeTo('review'), routeTo('status')];
    if (s.matches('pay')) return [{ type: 'xstate.done.actor.pay', output: RU }, ...routes];
    if (s.matches('order')) return [{ type: 'xstate.done.actor.order', output: REVIEWED }, ...routes];
    if (s.matches({ review: 'confirming' })) {
      return [
        { type: 'xstate.done.actor.review', output: ORDER },
        // The review gave up (no key could be made).
        { type: 'xstate.done.actor.review', output: null },
        ...routes,
      ];
    }
    return routes;
  },
  classify: (s) => [ctx(s).region ? 'region' : '', ctx(s).reviewed ? 'reviewed' : '', ctx(s).orderId ?? ''].join(','),
  mount,
  drive: {
    'xstate.done.actor.pay': async (_e: { output?: unknown }, h) => {
      await act(async () => h.fakes.resolve('loadRegions', REGIONS));
      await h.user.click(button(/RUB$/));
      await loadOrderForm(h.fakes);
    },
    'xstate.done.actor.order': (_e: { output?: unknown }, h) => reviewFiveThousand(h.fakes, h.user),
    'xstate.done.actor.review': async (e: { output?: unknown }, h) => {
      if (e.output === null) {
        await act(async () => h.fakes.reject('reviewKey', new Error('no storage')));
        await loadOrderForm(h.fakes);
        return;
      }
      await act(async () => h.fakes.resolve('reviewKey', 'key-1'));
      await h.user.click(button('Confirm and pay'));
      await act(async () => h.fakes.resolve('createOrder', ORDER));
    },
    'flow.opened': async (e, h) => {
      await act(async () => (h.actor as AnyActorRef).send(e));
      if (e.step === 'order' || e.step === 'review') await loadOrderForm(h.fakes);
    },
    // The browser's back or forward button (useFlowRoute sends what the URL became).
    'route.changed': async (e, h) => {
      await act(async () => (h.actor as AnyActorRef).send(e));
      if (e.route === 'order') await loadOrderForm(h.fakes);
      if (e.route === 'review') await openReview(h.fakes);
    },
  },
  states: {
    '*': (h) => {
      // Nothing of the flow is kept in storage (the review's key would be, by the key store the page gives it).
      expect(Object.keys(window.sessionStorage)).toEqual([]);
      for (const call of h.fakes.calls('loadRegions')) expect(call).toEqual({ currency: 'BTC' });
    },
    opening: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    pay: () => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pay with');
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
    },
    order: (h, s) => {
      const c = ctx(s);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buy BTC');
      // Back from the review the amount reviewed is on the form again (and quoted again); else it is empty.
      expect(fiatInput().value).toBe(c.reviewed ? '5000' : '');
      expect(h.fakes.calls('loadBuyOrder').at(-1)).toEqual(CHOICE);
      expect(orderInputOf(c)).toEqual({ ...CHOICE, typed: c.reviewed ? { side: 'fiat', amount: '5000' } : null });
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/buy/pay?currency=BTC');
    },
    review: (h) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Review the purchase');
      // The draft reached the review from the order form's output, with its quote.
      expect(screen.getByTestId('review-fiat').textContent).toBe('₽5,000.00');
      expect(screen.getByTestId('review-crypto').textContent).toBe('0.00083333 BTC');
      expect(h.fakes.calls('timeLeft').at(-1)).toEqual({ quote: QUOTE });
    },
    'review.confirming': () => {
      expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
        '/buy/order?currency=BTC&geoId=RU&fiat=RUB',
      );
      expect(screen.getByRole('timer').textContent).toBe('05:00');
      expect(button('Confirm and pay').getAttribute('aria-busy')).toBe('true');
    },
    'review.paying': (h, s) => {
      expect(h.notes.at(-1)).toBe(`pay:${ORDER.orderId}:${ORDER.url}`);
      expect(ctx(s).orderId).toBe('ord-1');
      expect(button('Confirm and pay').getAttribute('aria-busy')).toBe('true');
      // No way back while the browser leaves for the payment page.
      expect(button('Back').disabled).toBe(true);
    },
    status: (h, s) => {
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your purchase');
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']);
      // The order created here, or the one of the URL the payment page returned to.
      expect(h.fakes.calls('loadStatus').at(-1)).toEqual({ orderId: ctx(s).orderId });
      expect(ctx(s).orderId).toMatch(/^ord-[19]$/);
    },
  },
});

describe('buy flow', () => {
  const open = async (opened: ReturnType<typeof openedAt>, followInApp = false) => {
    vi.useFakeTimers();
    const fakes = createDeferredActors();
    const mounted = await mountFlow(fakes, followInApp);
    await act(async () => mounted.actor.send(opened));
    return { fakes, ...mounted };
  };
  afterEach(() => vi.useRealTimers());

  it('a URL lacking what its step needs opens nothing (the page sends the user to the coin list)', () => {
    const actor = createActor(buyMachine, { input: { followInApp: false } }).start();
    actor.send(openedAt({ step: 'order' }));
    actor.send(openedAt({ step: 'status', currency: '' }));
    actor.send(openedAt({ step: 'pay', currency: '' }));
    expect(actor.getSnapshot().value).toBe('opening');
    actor.stop();
  });

  it('opened from the payment page: nothing to go back to inside the flow (no coin, no region)', async () => {
    const { actor } = await open(openedAt({ step: 'status', currency: '', orderId: 'ord-9' }));
    act(() => actor.send(routeTo('pay')));
    act(() => actor.send(routeTo('order')));
    act(() => actor.send(routeTo('review')));
    expect(actor.getSnapshot().value).toBe('status');
  });

  it('inside the messenger the payment page opens outside and the flow follows the order', async () => {
    const { actor, fakes, notes } = await open(openedAt({ step: 'order', region: RU }), true);
    await loadOrderForm(fakes);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await reviewFiveThousand(fakes, user);
    await act(async () => fakes.resolve('reviewKey', 'key-1'));
    await user.click(button('Confirm and pay'));
    await act(async () => fakes.resolve('createOrder', ORDER));
    expect(notes).toEqual([`pay:${ORDER.orderId}:${ORDER.url}`]);
    expect(actor.getSnapshot().value).toBe('status');
    expect(fakes.calls('loadStatus')).toEqual([{ orderId: 'ord-1' }]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your purchase');
  });

  it('another region on /buy/pay: its order form starts empty (the draft reviewed was for RUB)', () => {
    const c: BuyContext = {
      currency: 'BTC',
      region: { geoId: 'KZ', fiatCurrency: 'KZT' },
      orderId: null,
      followInApp: false,
      reviewed: REVIEWED,
    };
    expect(orderInputOf(c)).toEqual({ currency: 'BTC', geoId: 'KZ', fiatCurrency: 'KZT', typed: null });
  });
});
