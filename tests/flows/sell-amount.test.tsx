/**
 * Sell amount (spec §2 /sell/order, §5): strictly between the limits ÷ rate (exactly 10 and 1 000 USDT
 * at 100 RUB), zero refused, not above the balance, sell_limit_error when max is not above min, payouts
 * temporarily unavailable (§8), the rate refreshed before its id expires.
 */
import { act, screen } from '@testing-library/react';
import { createActor, type AnyActorRef } from 'xstate';
import { sellAmountMachine, type SellAmountContext } from '../../machines/sellAmount.machine';
import {
  boundsOf,
  exceedsBalance,
  fiatFor,
  limitProblem,
  maxSellable,
  noRoom,
  withinLimits,
} from '../../machines/shared/sell';
import { SellAmountScreen } from '../../src/features/sell/SellAmountScreen';
import { describeModel, type MountTools } from '../support/mbt';
import { renderInRouter } from '../support/router';
import { amountInput, button, noRoomTerms, replaceValue, serverError, terms } from './sell-fixtures';
import { isEnabled, says } from '../support/dom';

async function mount({ fakes }: MountTools) {
  const actor = createActor(sellAmountMachine.provide({ actors: { loadTerms: fakes.promise('loadTerms') } }), {
    input: { currency: 'USDT_TRX' },
  }).start();
  await renderInRouter(<SellAmountScreen actor={actor} currency="USDT_TRX" rate={{ fiat: 'USD', rate: 1 }} />, {
    path: '/sell/order',
  });
  return { actor: actor as AnyActorRef };
}

/** What each typed amount gets on the card at 100 RUB (the field refuses "abc": the value stays). */
const fiatOf: Record<string, string> = {
  '': '₽0.00',
  '10': '₽1,000.00',
  '10.01': '₽1,001.00',
  '999.99': '₽99,999.00',
  '1000': '₽100,000.00',
  '0': '₽0.00',
  '600': '₽60,000.00',
  '1.5': '₽150.00',
  '10.005': '₽1,000.50',
  // Max: the whole balance of 500 (below the last amount the limits allow).
  '500': '₽50,000.00',
};
const UNAVAILABLE = 'Payouts are temporarily unavailable. Please try again later.';

const amounts = [
  // Spec §5 bounds: at the min and max (refused: strictly between), just inside them, zero, a comma, above the balance, letters.
  '10',
  '10.01',
  '1000',
  '999.99',
  '0',
  '1,5',
  '600',
  'abc',
  // Above 1 000 RUB but below the first amount in the coin's decimals that the screen names.
  '10.005',
].map((value) => ({ type: 'amount.changed' as const, value }));

const termsOutcomes = (id: string) =>
  [
    { type: `xstate.done.actor.${id}`, output: terms() },
    { type: `xstate.done.actor.${id}`, output: noRoomTerms() },
    {
      type: `xstate.error.actor.${id}`,
      error: serverError('PAYOUTS_UNAVAILABLE', 'Payouts are temporarily unavailable', 503),
    },
    { type: `xstate.error.actor.${id}`, error: serverError('HTTP_500', 'Internal error', 500) },
  ] as const;

describeModel('sellAmount', {
  machine: sellAmountMachine,
  input: { currency: 'USDT_TRX' },
  fakeTimers: true,
  delays: { RATE_REFRESH: 240_000 },
  events: {
    loading: termsOutcomes('loadTerms'),
    failed: [{ type: 'terms.retried' }],
    unavailable: [{ type: 'terms.retried' }],
    editing: [...amounts, { type: 'amount.maxed' }],
    'editing.idle': [{ type: 'amount.submitted' }, { type: 'xstate.after.RATE_REFRESH.sellAmount.editing.idle' }],
    'editing.refreshing': termsOutcomes('refreshTerms'),
  },
  mount,
  drive: {
    'terms.retried': (_e, h) => h.user.click(button('Retry')),
    'amount.changed': (e, h) => replaceValue(h.user, amountInput(), e.value),
    'amount.submitted': (_e, h) => h.user.click(button('Continue')),
    'amount.maxed': (_e, h) => h.user.click(button('Max')),
    // Both invokes run the one loadTerms actor.
    'xstate.done.actor.refreshTerms': (e: { output?: unknown }, h) =>
      act(async () => h.fakes.resolve('loadTerms', e.output)),
    'xstate.error.actor.refreshTerms': (e: { error?: unknown }, h) =>
      act(async () => h.fakes.reject('loadTerms', e.error)),
  },
  states: {
    '*': (_h, _s) => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sell USDT TRC-20'),
    loading: () => expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading']),
    failed: () => expect(screen.getByRole('alert').textContent).toContain('Could not load the sell rate and limits.'),
    unavailable: () => {
      expect(screen.getByRole('alert').textContent).toContain(UNAVAILABLE);
      expect(isEnabled(button('Retry')), 'Retry enabled').toBe(true);
    },
    noRoom: () => {
      expect(screen.getByRole('alert').textContent).toBe(
        'Selling this asset is not possible right now: its minimum is not below its maximum.',
      );
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    },
    editing: (_h, s) => {
      const c = s.context as SellAmountContext;
      expect(amountInput().value).toBe(c.amount);
      expect(screen.getByTestId('sell-available').textContent).toBe('Available: 500 USDT≈ $500.00');
      expect(screen.getByTestId('sell-rate').textContent).toBe('Rate: 1 USDT ≈ ₽100.00');
      // The first and last amounts that pass, in the coin's 2 decimals: strictly inside 10 and 1 000.
      expect(screen.getByTestId('sell-bounds').textContent).toBe('From 10.01 to 999.99 USDT');
      expect(Object.keys(fiatOf), `fiat of ${c.amount}`).toContain(c.amount);
      expect(screen.getByTestId('sell-fiat').textContent).toBe(fiatOf[c.amount]);
      const problem = limitProblem(c.amount, '100', c.terms!.limits, 2);
      const message = exceedsBalance(c.amount, '500')
        ? 'Not enough funds to make the transaction'
        : problem === 'belowMin'
          ? 'The minimum is 10.01 USDT.'
          : problem === 'aboveMax'
            ? 'The maximum is 999.99 USDT.'
            : null;
      expect(screen.queryByRole('alert')?.textContent ?? null).toBe(message);
      expect(amountInput().getAttribute('aria-invalid')).toBe(message ? 'true' : null);
      // Continue only strictly inside the bounds, above zero and within the balance.
      const ok = withinLimits(c.amount, '100', c.terms!.limits, 2) && !exceedsBalance(c.amount, '500');
      expect(button('Continue').disabled).toBe(!ok);
      expect(isEnabled(button('Max')), 'Max once the terms are in').toBe(true);
    },
    'editing.idle': () => expect(screen.getByRole('form', { hidden: true }).getAttribute('aria-busy')).not.toBe('true'),
    'editing.refreshing': (h) => {
      expect(screen.getByRole('form', { hidden: true }).getAttribute('aria-busy')).toBe('true');
      expect(h.fakes.calls('loadTerms')).toEqual([{ currency: 'USDT_TRX' }, { currency: 'USDT_TRX' }]);
    },
    done: (_h, s) => {
      expect(s.output).toMatchObject({
        currency: 'USDT_TRX',
        fiatAmount: (s.output as { amount: string }).amount === '10.01' ? '1001.00' : '99999.00',
        rateId: 'rate-1',
      });
      expect(amountInput().value).toMatch(/^(10\.01|999\.99)$/);
    },
  },
});

describe('sell bounds (spec §5: strictly between the limits ÷ rate)', () => {
  const limits = { minLimit: '1000', maxLimit: '100000', limitCurrency: 'RUB' };
  it('names the first and last amounts that pass, exact on integers', () => {
    expect(boundsOf('100', limits, 2)).toEqual({ min: '10.01', max: '999.99' });
    // 1000 ÷ 94.85 = 10.5429…, 100000 ÷ 94.85 = 1054.2962…
    expect(boundsOf('94.85', limits, 2)).toEqual({ min: '10.55', max: '1054.29' });
    expect(boundsOf('94.85', limits, 6)).toEqual({ min: '10.542963', max: '1054.296257' });
  });
  it('refuses the bounds themselves and zero; max not above min leaves nothing (sell_limit_error)', () => {
    expect(withinLimits('10.54', '94.85', limits, 2)).toBe(false);
    expect(withinLimits('10.55', '94.85', limits, 2)).toBe(true);
    expect(withinLimits('1054.29', '94.85', limits, 2)).toBe(true);
    expect(withinLimits('1054.3', '94.85', limits, 2)).toBe(false);
    expect(withinLimits('0', '94.85', { ...limits, minLimit: '0' }, 2)).toBe(false);
    expect(noRoom({ ...limits, maxLimit: '1000' })).toBe(true);
    expect(noRoom({ ...limits, maxLimit: '999.99' })).toBe(true);
  });
  it('what the card gets is cut to kopecks, never rounded up', () => {
    expect(fiatFor('10.55', '94.85')).toBe('1000.66');
    expect(fiatFor('0.123456789', '94.85')).toBe('11.70');
  });
});

describe('sell Max (issue 22: nothing is charged on top of the amount)', () => {
  const limits = { minLimit: '1000', maxLimit: '100000', limitCurrency: 'RUB' };
  it('is the whole balance, exact, cut to the coin decimals, never above the last amount that passes', () => {
    expect(maxSellable('500', '100', limits, 2)).toBe('500');
    expect(maxSellable('123.456789', '100', limits, 6)).toBe('123.456789');
    // More decimals than the coin has: cut, never more than held.
    expect(maxSellable('123.4599', '100', limits, 2)).toBe('123.45');
    expect(maxSellable('0.00041849', '6000000', limits, 8)).toBe('0.00041849');
    // Above the upper bound: the last amount the limits allow.
    expect(maxSellable('5000', '100', limits, 2)).toBe('999.99');
    expect(maxSellable('0', '100', limits, 2)).toBe('0');
  });
});
