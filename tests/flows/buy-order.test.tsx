/**
 * /buy/order (spec §2, §5, §7, §9): amounts on either side, the other quoted after a 300 ms debounce,
 * the approximate rate, limits 3000–75000 RUB inclusive (2999 / 3000 / 75000 / 75001), review disabled
 * out of limits, with a zero crypto amount or without a quote; every error.
 */
import { act, screen, within } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import {
  buyOrderMachine,
  orderOutputOf,
  outOfLimits,
  quoteRequestOf,
  type BuyOrderContext,
  type BuyOrderInput,
} from '../../machines/buyOrder.machine';
import { BuyOrderScreen } from '../../src/features/buy/BuyOrderScreen';
import { createDeferredActors, describeModel, type Harness, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import {
  BTC_ADDRESS,
  CHOICE,
  btcCoin,
  button,
  cryptoInput,
  fiatInput,
  labelled,
  quoteFor,
  replaceValue,
  serverError,
} from './buy-fixtures';
import { says } from '../support/dom';

const INPUT: BuyOrderInput = { ...CHOICE, typed: null };

async function mountWith({ fakes }: Pick<MountTools, 'fakes'>, input: BuyOrderInput) {
  const actor = createActor(
    buyOrderMachine.provide({ actors: { loadBuyOrder: fakes.promise('loadBuyOrder'), quote: fakes.promise('quote') } }),
    { input },
  ).start();
  await renderInRouter(<BuyOrderScreen actor={actor} back={{ to: '/buy/pay', search: { currency: 'BTC' } }} />, {
    path: '/buy/order',
  });
  return { actor: actor as AnyActorRef };
}

const mount = (tools: MountTools) => mountWith(tools, INPUT);

const target = labelled('BTC', { coin: btcCoin, depositAddress: BTC_ADDRESS });

/** The live actor (mount returns it directly). */
const liveOf = (h: Harness<object>) => h.actor as AnyActorRef;

const LIMIT = 'Enter an amount from 3,000 to 75,000 RUB';
/** The preset chips in RUB and what they read. */
const PRESETS: Record<string, string> = {
  '5000': '₽5,000',
  '10000': '₽10,000',
  '25000': '₽25,000',
  '50000': '₽50,000',
};
const typed = (c: BuyOrderContext) => (c.side === 'fiat' ? c.fiat : c.crypto);

/** The answers the quote call can give for what is on screen. */
function quoteOutcomes(c: BuyOrderContext) {
  const amount = typed(c);
  return [
    { type: 'xstate.done.actor.quote', output: quoteFor(c.side, amount) },
    ...(c.side === 'fiat'
      ? [{ type: 'xstate.done.actor.quote', output: quoteFor('fiat', amount, { cryptoAmount: '0' }) } as const]
      : []),
    { type: 'xstate.error.actor.quote', error: serverError('BUY_LIMIT', 'The amount is outside the limits') },
    { type: 'xstate.error.actor.quote', error: serverError('HTTP_503', 'Rates are unavailable', 503) },
    // A keystroke while the quote is on its way: that quote is dropped and the debounce starts again.
    { type: 'fiat.changed', value: '4000' },
  ] as const;
}

const edits = [
  { type: 'fiat.changed', value: '2999' },
  { type: 'fiat.changed', value: '3000' },
  { type: 'fiat.changed', value: '75000' },
  { type: 'fiat.changed', value: '75001' },
  { type: 'fiat.changed', value: '' },
  { type: 'fiat.changed', value: '0' },
  // A preset chip (issue 22): fills the fiat amount as typing it would.
  { type: 'fiat.changed', value: '10000' },
  { type: 'crypto.changed', value: '0.001' },
  { type: 'crypto.changed', value: '0.02' },
  // Refused input (spec §5: digits and one point) leaves the field and the state as they were.
  { type: 'crypto.changed', value: '1.2.3' },
] as const;

describeModel('buyOrder', {
  machine: buyOrderMachine,
  input: INPUT,
  fakeTimers: true,
  delays: { DEBOUNCE: 300 },
  events: (s) => {
    const c = s.context as BuyOrderContext;
    if (s.matches('loading')) {
      return [
        { type: 'xstate.done.actor.loadBuyOrder', output: target },
        { type: 'xstate.error.actor.loadBuyOrder', error: serverError('HTTP_503', 'Unavailable', 503) },
      ];
    }
    if (s.matches('loadFailed')) return [{ type: 'load.retried' }];
    // A field given its own value fires no change event in the browser.
    if (s.matches({ editing: 'idle' }))
      return edits.filter((e) => e.value !== (e.type === 'fiat.changed' ? c.fiat : c.crypto));
    // Typing again within 300 ms restarts the debounce.
    if (s.matches({ editing: 'waiting' }))
      return [{ type: 'xstate.after.DEBOUNCE.buyOrder.editing.waiting' }, { type: 'fiat.changed', value: '6000' }];
    if (s.matches({ editing: 'quoting' })) return quoteOutcomes(c);
    if (s.matches({ editing: 'quoted' }))
      return [{ type: 'order.submitted' }, { type: 'crypto.changed', value: '0.001' }];
    if (s.matches({ editing: 'outOfLimits' }))
      return [{ type: 'fiat.changed', value: '5000' }, { type: 'order.submitted' }];
    if (s.matches({ editing: 'quoteFailed' })) return [{ type: 'quote.retried' }];
    return [];
  },
  // Review stays disabled out of limits: pressing Enter in the form does nothing.
  keepIgnored: (s, e) => e.type === 'order.submitted' && s.matches({ editing: 'outOfLimits' }),
  classify: (s) => JSON.stringify(s.value),
  mount,
  drive: {
    'load.retried': (_e, h) => h.user.click(button('Retry')),
    'quote.retried': (_e, h) => h.user.click(button('Retry')),
    // The presets are tapped; any other amount is typed.
    'fiat.changed': (e, h) =>
      PRESETS[e.value]
        ? h.user.click(screen.getByRole('button', { name: PRESETS[e.value] }))
        : replaceValue(h.user, fiatInput(), e.value),
    'crypto.changed': (e, h) => replaceValue(h.user, cryptoInput(), e.value),
    // Enter in a field submits the form, as the Review button does (a disabled button submits nothing).
    'order.submitted': async (_e, h) => {
      const review = button('Review');
      if (review.disabled) await h.user.type(fiatInput(), '{Enter}');
      else await h.user.click(review);
    },
  },
  states: {
    loading: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    loadFailed: () => expect(screen.getByRole('alert').textContent).toContain('Could not open the card purchase.'),
    editing: (_h, s) => {
      const c = s.context as BuyOrderContext;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Buy BTC');
      expect(fiatInput().value).toBe(c.fiat);
      expect(cryptoInput().value).toBe(c.crypto);
      // Review: a quote with a crypto amount above 0, within the limits.
      expect(button('Review').disabled).toBe(!s.can({ type: 'order.submitted' }));
      expect(fiatInput().getAttribute('aria-invalid')).toBe(s.matches({ editing: 'outOfLimits' }) ? 'true' : null);
      // The presets in RUB, the one matching the fiat amount pressed.
      const chips = within(screen.getByRole('group', { name: 'Preset amounts' })).getAllByRole('button');
      expect(chips.map((b) => b.textContent)).toEqual(Object.values(PRESETS));
      expect(chips.map((b) => b.getAttribute('aria-pressed'))).toEqual(
        Object.keys(PRESETS).map((amount) => String(c.fiat === amount)),
      );
    },
    'editing.idle': (h) => {
      expect(button('Review').disabled).toBe(true);
      expect(screen.getByTestId('buy-rate').textContent).toBe('');
      expect(screen.getByTestId('buy-limits').textContent).toBe(LIMIT);
      expect(liveOf(h).getSnapshot().output).toBeUndefined();
    },
    'editing.waiting': async (h) => {
      expect(screen.getByTestId('buy-rate').textContent).toBe('Getting the rate…');
      // Debounce: nothing is asked before 300 ms of quiet.
      const asked = h.fakes.calls('quote').length;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(299);
      });
      expect(h.fakes.calls('quote').length).toBe(asked);
      expect(button('Review').disabled).toBe(true);
    },
    'editing.quoting': (h, s) => {
      expect(h.fakes.calls('quote').at(-1)).toEqual(quoteRequestOf(s.context as BuyOrderContext));
      expect(screen.getByTestId('buy-rate').textContent).toBe('Getting the rate…');
      expect(button('Review').disabled).toBe(true);
    },
    'editing.quoted': (_h, s) => {
      const c = s.context as BuyOrderContext;
      const zero = c.quote?.cryptoAmount === '0';
      expect(screen.getByTestId('buy-rate').textContent).toBe('1 BTC ≈ ₽6,000,000.00');
      expect(button('Review').disabled).toBe(zero);
      expect(screen.queryByRole('alert')).toBeNull();
    },
    'editing.outOfLimits': (_h, s) => {
      const c = s.context as BuyOrderContext;
      expect(screen.getByRole('alert').textContent).toBe(LIMIT);
      expect(button('Review').disabled).toBe(true);
      // The fiat amount typed, or quoted from the crypto side, is outside 3000–75000 (or the server said so).
      expect(outOfLimits(c.fiat, 'RUB') || c.failure?.code === 'BUY_LIMIT').toBe(true);
    },
    'editing.quoteFailed': () => {
      expect(screen.getByRole('alert').textContent).toContain('Rates are unavailable');
      expect(button('Review').disabled).toBe(true);
    },
    submitted: (h, s) => {
      // The flow moves on to the review with the output; until then the form stays as it was.
      expect(fiatInput().value).toBe((s.context as BuyOrderContext).fiat);
      const handed = liveOf(h).getSnapshot().output;
      expect(handed).toEqual(orderOutputOf(s.context as BuyOrderContext));
      expect(handed.draft.quote.fixedRateId).toBe('rate-1');
      expect(handed.coin).toEqual(btcCoin);
    },
  },
});

describe('buyOrder back from the review', () => {
  it('starts from the amount typed before and quotes it again after the debounce', async () => {
    vi.useFakeTimers();
    const fakes = createDeferredActors();
    await mountWith({ fakes }, { ...CHOICE, typed: { side: 'fiat', amount: '5000' } });
    await act(async () => fakes.resolve('loadBuyOrder', target));
    expect(fiatInput().value).toBe('5000');
    expect(screen.getByTestId('buy-rate').textContent).toBe('Getting the rate…');
    expect(fakes.calls('quote')).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(fakes.calls('quote')).toEqual([{ ...CHOICE, depositAddress: BTC_ADDRESS, side: 'fiat', amount: '5000' }]);
    await act(async () => fakes.resolve('quote', quoteFor('fiat', '5000')));
    expect(cryptoInput().value).toBe('0.00083333');
    expect(button('Review').disabled).toBe(false);
    vi.useRealTimers();
  });
});

describe('buyOrder limits (spec §5, inclusive)', () => {
  it.each([
    ['2999', true],
    ['3000', false],
    ['75000', false],
    ['75001', true],
    ['74999.99', false],
    ['75000.01', true],
  ])('%s RUB out of limits: %s', (fiat, out) => {
    expect(outOfLimits(fiat, 'RUB')).toBe(out);
  });
});
