import type { SnapshotFrom } from 'xstate';
import type { PricePoint } from '../contracts/prices';
import type { priceChartMachine } from './priceChart.machine';

type Snapshot = SnapshotFrom<typeof priceChartMachine>;

export const selectChartStatus = (s: Snapshot): 'loading' | 'ready' | 'empty' | 'failed' =>
  s.hasTag('loading') ? 'loading' : s.matches('ready') ? 'ready' : s.matches('empty') ? 'empty' : 'failed';
export const selectRange = (s: Snapshot) => s.context.range;
export const selectFiat = (s: Snapshot) => s.context.fiat;
const EMPTY: PricePoint[] = [];
/** The series while it is the one on screen (ready); nothing while another range loads. */
export const selectPoints = (s: Snapshot) => (s.matches('ready') ? (s.context.history?.points ?? EMPTY) : EMPTY);
export const selectSummary = (s: Snapshot) => (s.matches('ready') ? (s.context.history?.summary ?? null) : null);
export const selectCursor = (s: Snapshot) => (s.matches('ready') ? s.context.cursor : null);

/** The point the readout shows: the one under the finger or cursor, else the latest. */
export const selectReadout = (s: Snapshot): { point: PricePoint; latest: boolean } | null => {
  const points = selectPoints(s);
  if (points.length === 0) return null;
  const cursor = s.context.cursor;
  return cursor === null
    ? { point: points[points.length - 1]!, latest: true }
    : { point: points[cursor]!, latest: false };
};
