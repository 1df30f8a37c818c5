/**
 * Home's 24 h change under the total (issue 14), driven from the production portfolio-change machine:
 * nothing until the day's prices come, the change in money and per cent (coloured, signed, with one
 * spoken sentence), kept on screen while a refresh runs, and gone after a failure until a retry brings it.
 */
import { render, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import type { Asset } from '../../contracts/wallet';
import {
  CHANGE_REFRESH_MS,
  CHANGE_RETRY_MS,
  portfolioChangeMachine,
  type DayPrices,
} from '../../machines/portfolioChange.machine';
import { PortfolioChangeView } from '../../src/features/home/PortfolioChange';
import { ChangeText } from '../../src/features/home/ChangeText';
import { describeModel } from '../support/mbt';
import { Providers } from '../support/render';
import { labelled } from './asset-fixtures';

const asset = (currency: string, totalAvailable: string, isCrypto = true): Asset => ({
  currency,
  isCrypto,
  isToken: false,
  totalAvailable,
  onHold: '0',
  depositAddress: null,
});
const ASSETS = [
  asset('BTC', '0.50000000'),
  asset('ETH', '2.000000000000000000'),
  asset('USDT_TRX', '100'),
  asset('LTC', '0'),
];
const CURRENCIES = ['BTC', 'ETH', 'USDT_TRX'];
const USDT = { open: '1.00000', close: '1.00000' };

// 0.5 × 96 000 + 2 × 3 400 + 100 = 54 900 a day ago; 0.5 × 98 000 + 2 × 3 350 + 100 = 55 800 now.
const rose = labelled<DayPrices>('rose', {
  BTC: { open: '96000.00', close: '98000.00' },
  ETH: { open: '3400.00', close: '3350.00' },
  USDT_TRX: USDT,
});
// 55 900 → 54 900: −1 000.00, −1.79 %.
const fell = labelled<DayPrices>('fell', {
  BTC: { open: '98000.00', close: '96000.00' },
  ETH: { open: '3400.00', close: '3400.00' },
  USDT_TRX: USDT,
});
// ETH has no prices: a change without it would mislead, so none is shown.
const partial = labelled<DayPrices>('without ETH', { BTC: { open: '96000.00', close: '98000.00' }, USDT_TRX: USDT });

const expected: Record<string, { seen: string; heard: string; direction: string } | null> = {
  rose: { seen: '+$900.00 (+1.64%)24h', heard: 'Up $900.00 (1.64%) over the past 24 hours', direction: 'up' },
  fell: { seen: '-$1,000.00 (-1.79%)24h', heard: 'Down $1,000.00 (1.79%) over the past 24 hours', direction: 'down' },
  'without ETH': null,
};

const labelOf = (prices: DayPrices | null) => (prices ? (JSON.parse(JSON.stringify(prices)) as string) : null);

function expectChange(label: string | null) {
  const change = screen.queryByTestId('total-change');
  const want = label ? expected[label] : null;
  if (!want) {
    expect(change).toBeNull();
    return;
  }
  expect(change!.querySelector('[aria-hidden="true"]')!.textContent).toBe(want.seen);
  expect(change!.textContent).toBe(want.seen + want.heard);
  expect(change!.getAttribute('data-direction')).toBe(want.direction);
}

describeModel('portfolioChange', {
  machine: portfolioChangeMachine,
  input: { currencies: CURRENCIES, fiat: 'USD' },
  events: {
    loading: [
      { type: 'xstate.done.actor.loadDayPrices', output: rose },
      { type: 'xstate.done.actor.loadDayPrices', output: fell },
      { type: 'xstate.done.actor.loadDayPrices', output: partial },
      { type: 'xstate.error.actor.loadDayPrices', error: { status: 503, code: 'HTTP_503' } },
    ],
    loaded: [{ type: 'xstate.after.REFRESH.portfolioChange.loaded' }],
    failed: [{ type: 'xstate.after.RETRY.portfolioChange.failed' }],
  },
  fakeTimers: true,
  delays: { REFRESH: CHANGE_REFRESH_MS, RETRY: CHANGE_RETRY_MS },
  mount: async ({ fakes }) => {
    const actor = createActor(
      portfolioChangeMachine.provide({ actors: { loadDayPrices: fakes.promise('loadDayPrices') } }),
      {
        input: { currencies: CURRENCIES, fiat: 'USD' },
      },
    ).start();
    render(
      <Providers>
        <PortfolioChangeView actor={actor} assets={ASSETS} fiat="USD" />
      </Providers>,
    );
    return { actor };
  },
  drive: {},
  states: {
    loading: (h, s) => {
      // A refresh keeps the change the last answer gave; the first load shows none.
      expectChange(labelOf(s.context.prices));
      expect(h.fakes.calls('loadDayPrices').at(-1)).toEqual({ currencies: CURRENCIES, fiat: 'USD' });
    },
    loaded: (_h, s) => expectChange(labelOf(s.context.prices)),
    failed: (_h, s) => {
      expect(s.context.prices).toBeNull();
      expectChange(null);
    },
  },
});

describe('the change with balances hidden', () => {
  it('masks the amount and says only the per cent', () => {
    render(
      <Providers>
        <ChangeText
          change={{ amount: '900.00', percent: '1.64', direction: 'up' }}
          fiat="USD"
          period="24h"
          masked
          testId="c"
        />
      </Providers>,
    );
    const change = screen.getByTestId('c');
    expect(change.querySelector('[aria-hidden="true"]')!.textContent).toBe('•••••• (+1.64%)');
    expect(change.textContent).toBe('•••••• (+1.64%)Up 1.64% over the past 24 hours');
  });

  it('a change that rounds to nothing reads as no change', () => {
    render(
      <Providers>
        <ChangeText change={{ amount: '0.00', percent: '0.00', direction: 'flat' }} fiat="EUR" period="7d" testId="c" />
      </Providers>,
    );
    expect(screen.getByTestId('c').textContent).toBe('€0.00 (0.00%)No change over the past 7 days');
  });
});
