/**
 * The asset page's price chart (issue 14), driven from the production price-chart machine: first load,
 * empty and failed ranges with retry, switching ranges, and reading a point by pointer, arrow keys and
 * Escape, asserting the price, its change, the scrubber's spoken value and the text alternative
 * (open, high, low, close and the table) in each state.
 */
import { Suspense } from 'react';
import { fireEvent, render, screen, within, cleanup } from '@testing-library/react';
import { Settings } from 'luxon';
import { createActor, fromPromise } from 'xstate';
import type { PriceHistory } from '../../contracts/prices';
import { priceChartMachine } from '../../machines/priceChart.machine';
import { PriceChartView } from '../../src/features/asset/prices/PriceChartView';
import { describeModel } from '../support/mbt';
import { Providers } from '../support/render';
import { labelled } from './asset-fixtures';
import { isEnabled, isShown, says, text } from '../support/dom';

// Times print in UTC whatever the machine's zone (tests/support/setup.ts sets the machine's back per file).
beforeAll(() => {
  Settings.defaultZone = 'utc';
});

const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3600_000).toISOString();

const rising = labelled<PriceHistory>('rising', {
  currency: 'BTC',
  fiat: 'USD',
  range: '24h',
  points: [
    { at: at(0), price: '96500.00' },
    { at: at(6), price: '97250.50' },
    { at: at(12), price: '95900.25' },
    { at: at(18), price: '98100.00' },
    { at: at(24), price: '98000.00' },
  ],
  summary: {
    open: '96500.00',
    close: '98000.00',
    high: '98100.00',
    low: '95900.25',
    change: '1500.00',
    changePercent: '1.55',
  },
});
// A cheap coin's prices keep their six digits; a fall reads "Down" and carries the minus sign.
const falling = labelled<PriceHistory>('falling', {
  currency: 'BTC',
  fiat: 'USD',
  range: '7d',
  points: [
    { at: at(0), price: '0.250000' },
    { at: at(42), price: '0.245000' },
    { at: at(84), price: '0.248000' },
    { at: at(126), price: '0.240000' },
    { at: at(168), price: '0.238500' },
  ],
  summary: {
    open: '0.250000',
    close: '0.238500',
    high: '0.250000',
    low: '0.238500',
    change: '-0.011500',
    changePercent: '-4.60',
  },
});
const none = labelled<PriceHistory>('no prices', {
  currency: 'BTC',
  fiat: 'USD',
  range: '24h',
  points: [],
  summary: null,
});

const shown = {
  rising: {
    prices: ['$96,500.00', '$97,250.50', '$95,900.25', '$98,100.00', '$98,000.00'],
    times: [
      'Jan 1, 12:00\u202fAM',
      'Jan 1, 06:00\u202fAM',
      'Jan 1, 12:00\u202fPM',
      'Jan 1, 06:00\u202fPM',
      'Jan 2, 12:00\u202fAM',
    ],
    change: '+$1,500.00 (+1.55%)',
    spoken: 'Up $1,500.00 (1.55%) over the past 24 hours',
    stats: 'Open$96,500.00High$98,100.00Low$95,900.25Close$98,000.00',
  },
  falling: {
    prices: ['$0.250000', '$0.245000', '$0.248000', '$0.240000', '$0.238500'],
    times: [
      'Jan 1, 12:00\u202fAM',
      'Jan 2, 06:00\u202fPM',
      'Jan 4, 12:00\u202fPM',
      'Jan 6, 06:00\u202fAM',
      'Jan 8, 12:00\u202fAM',
    ],
    change: '-$0.011500 (-4.60%)',
    spoken: 'Down $0.011500 (4.60%) over the past 7 days',
    stats: 'Open$0.250000High$0.250000Low$0.238500Close$0.238500',
  },
};
const spokenOver: Record<string, string> = {
  '24h': 'the past 24 hours',
  '7d': 'the past 7 days',
  '30d': 'the past 30 days',
  '1y': 'the past year',
};

const WIDTH = 400;
const slider = () => screen.getByRole('slider', { name: 'Bitcoin price chart' });
/** jsdom lays nothing out: the scrubber is given a 400 px box so a pointer's x picks a point. */
function sized() {
  const el = slider();
  el.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: WIDTH,
    height: 160,
    right: WIDTH,
    bottom: 160,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  return el;
}
const seriesOf = (h: PriceHistory) => (h.summary?.change.startsWith('-') ? shown.falling : shown.rising);

// The chart's drawing is a lazy chunk: load it once, as the asset page would on first open.
beforeAll(async () => {
  const actor = createActor(priceChartMachine.provide({ actors: { loadHistory: fromPromise(async () => rising) } }), {
    input: { currency: 'BTC', fiat: 'USD' },
  }).start();
  render(
    <Providers>
      <Suspense fallback={null}>
        <PriceChartView actor={actor} name="Bitcoin" />
      </Suspense>
    </Providers>,
  );
  await screen.findByTestId('price-chart', {}, { timeout: 15_000 });
  cleanup();
}, 20_000);

describeModel('priceChart', {
  machine: priceChartMachine,
  input: { currency: 'BTC', fiat: 'USD' },
  events: {
    '*': [
      { type: 'range.selected', range: '7d' },
      { type: 'range.selected', range: '24h' },
    ],
    loading: [
      { type: 'xstate.done.actor.loadHistory', output: rising },
      { type: 'xstate.done.actor.loadHistory', output: falling },
      { type: 'xstate.done.actor.loadHistory', output: none },
      { type: 'xstate.error.actor.loadHistory', error: { status: 503, code: 'HTTP_503' } },
    ],
    failed: [{ type: 'chart.retried' }],
    ready: [
      { type: 'cursor.moved', index: 0 },
      { type: 'cursor.moved', index: 2 },
      // Past the right edge: the latest point.
      { type: 'cursor.moved', index: 99 },
      { type: 'cursor.stepped', by: -1 },
      { type: 'cursor.stepped', by: 1 },
      { type: 'cursor.cleared' },
    ],
  },
  classify: (s) => `${s.context.range}:${s.context.cursor === null ? 'latest' : 'cursor'}`,
  mount: async ({ fakes }) => {
    const actor = createActor(priceChartMachine.provide({ actors: { loadHistory: fakes.promise('loadHistory') } }), {
      input: { currency: 'BTC', fiat: 'USD' },
    }).start();
    render(
      <Providers>
        <PriceChartView actor={actor} name="Bitcoin" />
      </Providers>,
    );
    return { actor };
  },
  drive: {
    'range.selected': (e, h) =>
      h.user.click(within(screen.getByRole('group', { name: 'Chart range' })).getByRole('button', { name: e.range })),
    'chart.retried': (_e, h) => h.user.click(screen.getByRole('button', { name: 'Retry' })),
    // A mouse moving over the chart (a finger dragging works the same way, see below).
    'cursor.moved': (e) =>
      void fireEvent.pointerMove(sized(), { pointerType: 'mouse', clientX: (e.index / 4) * WIDTH }),
    'cursor.stepped': (e) => void fireEvent.keyDown(slider(), { key: e.by < 0 ? 'ArrowLeft' : 'ArrowRight' }),
    'cursor.cleared': () => void fireEvent.keyDown(slider(), { key: 'Escape' }),
  },
  states: {
    '*': (_h, s) => {
      expect(text(screen.getByRole('heading', { level: 2 })), 'heading').toBe('Price');
      const buttons = within(screen.getByRole('group', { name: 'Chart range' })).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(['24h', '7d', '30d', '1y']);
      expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(
        ['24h', '7d', '30d', '1y'].map((r) => String(r === s.context.range)),
      );
    },
    loading: (h, s) => {
      expect(screen.getAllByRole('status').map(says), 'busy indicators').toEqual(['Loading prices']);
      expect(screen.queryByRole('slider')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByTestId('price-table')).toBeNull();
      expect(h.fakes.calls('loadHistory').at(-1)).toEqual({ currency: 'BTC', fiat: 'USD', range: s.context.range });
    },
    failed: () => {
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('Could not load prices.');
      expect(isEnabled(within(alert).getByRole('button', { name: 'Retry' })), 'enabled').toBe(true);
      expect(screen.queryByRole('slider')).toBeNull();
      expect(screen.queryByTestId('price-now')).toBeNull();
    },
    empty: () => {
      expect(screen.getByTestId('price-empty').textContent).toBe('No prices for this period yet.');
      expect(screen.queryByRole('slider')).toBeNull();
      expect(screen.queryByTestId('price-now')).toBeNull();
      expect(screen.queryByRole('status', { name: 'Loading prices' })).toBeNull();
    },
    ready: (_h, s) => {
      const history = s.context.history!;
      const series = seriesOf(history);
      const index = s.context.cursor ?? 4;
      expect(screen.queryByRole('status', { name: 'Loading prices' })).toBeNull();
      // The readout: the price under the cursor, else the latest with the change over the range.
      expect(screen.getByTestId('price-now').textContent).toBe(series.prices[index]);
      const scrubber = slider();
      expect(scrubber.getAttribute('aria-valuenow')).toBe(String(index));
      expect(scrubber.getAttribute('aria-valuetext')).toBe(`${series.times[index]}: ${series.prices[index]}`);
      expect(!!screen.queryByTestId('price-cursor')).toBe(s.context.cursor !== null);
      if (s.context.cursor === null) {
        const change = screen.getByTestId('price-change');
        // Seen: sign, arrow and colour; heard: one sentence over the range the user picked.
        expect(change.querySelector('[aria-hidden="true"]')!.textContent).toBe(series.change);
        const spoken = series.spoken.replace(/over .*$/, `over ${spokenOver[s.context.range]}`);
        expect(change.textContent).toBe(series.change + spoken);
        expect(change.getAttribute('data-direction')).toBe(series === shown.falling ? 'down' : 'up');
        expect(scrubber.getAttribute('aria-describedby')).toBe(change.parentElement!.id);
        expect(screen.queryByTestId('price-time')).toBeNull();
      } else {
        expect(screen.getByTestId('price-time').textContent).toBe(series.times[index]);
        expect(screen.queryByTestId('price-change')).toBeNull();
      }
      // The text alternative: open, high, low, close, and every point as a table row.
      expect(screen.getByTestId('price-stats').textContent).toBe(series.stats);
      const table = screen.getByRole('table', { name: 'Bitcoin price in USD' });
      const rows = within(table)
        .getAllByRole('row')
        .map((r) =>
          within(r)
            .queryAllByRole('cell')
            .map((c) => c.textContent),
        );
      expect(rows).toEqual([[], ...series.times.map((t, i) => [t, series.prices[i]])]);
    },
  },
});

describe('price chart by touch', () => {
  it('a finger dragged across reads each point, and lifting it goes back to the latest price', async () => {
    const actor = createActor(priceChartMachine.provide({ actors: { loadHistory: fromPromise(async () => rising) } }), {
      input: { currency: 'BTC', fiat: 'USD' },
    }).start();
    render(
      <Providers>
        <PriceChartView actor={actor} name="Bitcoin" />
      </Providers>,
    );
    await screen.findByTestId('price-chart', {}, { timeout: 15_000 });
    const el = sized();
    fireEvent.pointerDown(el, { pointerType: 'touch', pointerId: 1, clientX: 10 });
    expect(screen.getByTestId('price-now').textContent).toBe('$96,500.00');
    fireEvent.pointerMove(el, { pointerType: 'touch', pointerId: 1, clientX: 190 });
    expect(screen.getByTestId('price-now').textContent).toBe('$95,900.25');
    expect(screen.getByTestId('price-time').textContent).toBe('Jan 1, 12:00\u202fPM');
    fireEvent.pointerUp(el, { pointerType: 'touch', pointerId: 1, clientX: 190 });
    expect(screen.getByTestId('price-now').textContent).toBe('$98,000.00');
    expect(isShown(screen.getByTestId('price-change')), 'shown').toBe(true);
    // A finger that only passes over (no press) moves nothing: the page scrolls instead.
    fireEvent.pointerMove(el, { pointerType: 'touch', pointerId: 2, clientX: 10 });
    expect(actor.getSnapshot().context.cursor).toBeNull();
  });

  it('Home and End jump to the first and the latest point', async () => {
    const actor = createActor(
      priceChartMachine.provide({ actors: { loadHistory: fromPromise(async () => falling) } }),
      { input: { currency: 'BTC', fiat: 'USD' } },
    ).start();
    render(
      <Providers>
        <PriceChartView actor={actor} name="Bitcoin" />
      </Providers>,
    );
    const el = await screen.findByRole('slider', { name: 'Bitcoin price chart' }, { timeout: 15_000 });
    fireEvent.keyDown(el, { key: 'Home' });
    expect(el.getAttribute('aria-valuetext')).toBe('Jan 1, 12:00\u202fAM: $0.250000');
    fireEvent.keyDown(el, { key: 'End' });
    expect(el.getAttribute('aria-valuetext')).toBe('Jan 8, 12:00\u202fAM: $0.238500');
  });
});
