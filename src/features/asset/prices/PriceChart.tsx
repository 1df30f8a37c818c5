import { useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { area, curveMonotoneX, line } from 'd3-shape';
import type { PricePoint } from '../../../../contracts/prices';
import * as css from './prices.css';

/** Drawing units of the SVG; it is stretched to the box, lines keep their width (non-scaling stroke). */
const WIDTH = 1000;
const HEIGHT = 300;
const PAD = 24;

type Geometry = { xs: number[]; ys: number[]; linePath: string; areaPath: string };

/**
 * x by time (the last point, "now", is closer to the one before it than the grid), y by price between
 * the series' low and high. Numbers here place pixels only; the prices shown stay decimal strings.
 */
function geometry(points: readonly PricePoint[]): Geometry {
  const times = points.map((p) => Date.parse(p.at));
  const values = points.map((p) => Number(p.price));
  const t0 = times[0]!;
  const span = Math.max(times[times.length - 1]! - t0, 1);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const xs = times.map((t) => ((t - t0) / span) * WIDTH);
  const ys = values.map((v) => (high === low ? HEIGHT / 2 : PAD + ((high - v) / (high - low)) * (HEIGHT - 2 * PAD)));
  const indices = points.map((_, i) => i);
  const curve = line<number>()
    .x((i) => xs[i]!)
    .y((i) => ys[i]!)
    .curve(curveMonotoneX);
  const fill = area<number>()
    .x((i) => xs[i]!)
    .y0(HEIGHT)
    .y1((i) => ys[i]!)
    .curve(curveMonotoneX);
  return { xs, ys, linePath: curve(indices) ?? '', areaPath: fill(indices) ?? '' };
}

/** The point nearest a horizontal position (0…1 of the width). */
function nearest(xs: readonly number[], ratio: number): number {
  const x = ratio * WIDTH;
  let best = 0;
  for (let i = 1; i < xs.length; i += 1) if (Math.abs(xs[i]! - x) < Math.abs(xs[best]! - x)) best = i;
  return best;
}

export type PriceChartProps = {
  points: readonly PricePoint[];
  cursor: number | null;
  /** Accessible name of the scrubber, e.g. "Bitcoin price in USD". */
  label: string;
  /** What the scrubber's position reads: the point's time and price. */
  valueText: string;
  /** Id of the text that describes the series (its change over the range). */
  describedBy?: string;
  onMove(index: number): void;
  onStep(by: number): void;
  onClear(): void;
};

/**
 * The drawn line (d3-shape: a monotone curve that never overshoots a high or a low) and the scrubber
 * over it: a finger or pointer dragged across, or the arrow keys, pick a point; lifting the finger,
 * leaving with the pointer or Escape go back to the latest price. Its own chunk (PriceSection loads it).
 */
export default function PriceChart({
  points,
  cursor,
  label,
  valueText,
  describedBy,
  onMove,
  onStep,
  onClear,
}: PriceChartProps) {
  const { xs, ys, linePath, areaPath } = useMemo(() => geometry(points), [points]);
  const dragging = useRef(false);
  const shown = cursor ?? points.length - 1;

  const pick = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) onMove(nearest(xs, (e.clientX - box.left) / box.width));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, () => void> = {
      ArrowLeft: () => onStep(-1),
      ArrowDown: () => onStep(-1),
      ArrowRight: () => onStep(1),
      ArrowUp: () => onStep(1),
      PageDown: () => onStep(-10),
      PageUp: () => onStep(10),
      Home: () => onMove(0),
      End: () => onMove(points.length - 1),
      Escape: onClear,
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    step();
  };

  return (
    <div className={css.plot}>
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={points.length - 1}
        aria-valuenow={shown}
        aria-valuetext={valueText}
        aria-describedby={describedBy}
        className={css.scrubber}
        data-testid="price-chart"
        onPointerDown={(e) => {
          dragging.current = true;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          pick(e);
        }}
        onPointerMove={(e) => {
          if (dragging.current || e.pointerType === 'mouse') pick(e);
        }}
        onPointerUp={(e) => {
          dragging.current = false;
          if (e.pointerType !== 'mouse') onClear();
        }}
        onPointerCancel={() => {
          dragging.current = false;
          onClear();
        }}
        onPointerLeave={(e) => {
          if (e.pointerType === 'mouse' && !dragging.current) onClear();
        }}
        onKeyDown={onKeyDown}
        onBlur={onClear}
      >
        <svg
          className={css.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          <path className={css.area} d={areaPath} />
          <path className={css.line} d={linePath} vectorEffect="non-scaling-stroke" />
          {cursor === null ? null : (
            <line
              className={css.rule}
              x1={xs[cursor]}
              x2={xs[cursor]}
              y1={0}
              y2={HEIGHT}
              vectorEffect="non-scaling-stroke"
              data-testid="price-cursor"
            />
          )}
        </svg>
        <span
          className={css.dot}
          style={{ left: `${(xs[shown]! / WIDTH) * 100}%`, top: `${(ys[shown]! / HEIGHT) * 100}%` }}
        />
      </div>
    </div>
  );
}
