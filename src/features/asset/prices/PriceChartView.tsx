import { lazy, Suspense, useId, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import { PRICE_RANGES, type PriceRange } from '../../../../contracts/prices';
import type { priceChartMachine } from '../../../../machines/priceChart.machine';
import {
  selectChartStatus,
  selectCursor,
  selectFiat,
  selectPoints,
  selectRange,
  selectReadout,
  selectSummary,
} from '../../../../machines/priceChart.selectors';
import { directionOfDecimal, samplePoints } from '../../../../machines/shared/priceChange';
import { formatPrice } from '../../../i18n/formatPrice';
import { useLocale } from '../../../i18n/useFormat';
import { ChangeText, rangeShortMessages } from '../../home/ChangeText';
import { Skeleton } from '../../../ui/Skeleton';
import { LoadFailed } from '../parts';
import * as shell from '../../shell/AppShell.css';
import { formatPointTime } from './time';
import * as css from './prices.css';

export type PriceChartActor = ActorRefFrom<typeof priceChartMachine>;

// d3-shape and the drawing come in their own chunk, on the asset page only.
const PriceChart = lazy(() => import('./PriceChart'));

/** Rows of the chart's table: about one every two hours of a day, every two weeks of a month. */
const TABLE_ROWS = 13;

function PlotSkeleton() {
  const { t } = useLingui();
  return (
    <div className={css.placeholder} role="status" aria-label={t`Loading prices`}>
      <Skeleton width="100%" height={160} />
    </div>
  );
}

/**
 * The asset page's price section (issue 14): the price in the selected fiat and its change over the
 * chosen range, the chart to scrub, and its text alternative: open, high, low, close and a table.
 * Renders the price chart machine's state only.
 */
export function PriceChartView({ actor, name }: { actor: PriceChartActor; name: string }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const titleId = useId();
  const changeId = useId();
  const status = useSelector(actor, selectChartStatus);
  const range = useSelector(actor, selectRange);
  const fiat = useSelector(actor, selectFiat);
  const points = useSelector(actor, selectPoints);
  const summary = useSelector(actor, selectSummary);
  const cursor = useSelector(actor, selectCursor);
  const readout = useSelector(actor, selectReadout);
  const rows = useMemo(() => samplePoints(points, TABLE_ROWS), [points]);
  const price = (value: string) => formatPrice(value, fiat, locale);
  const time = (at: string) => formatPointTime(at, range, locale, true);
  const change = summary
    ? { amount: summary.change, percent: summary.changePercent, direction: directionOfDecimal(summary.change) }
    : null;

  return (
    <section className={shell.card} aria-labelledby={titleId} data-testid="price-section">
      <div className={css.head}>
        <h2 id={titleId} className={css.title}>
          <Trans>Price</Trans>
        </h2>
        <div role="group" aria-label={t`Chart range`} className={css.ranges}>
          {PRICE_RANGES.map((r: PriceRange) => (
            <button
              key={r}
              type="button"
              className={css.range}
              aria-pressed={r === range}
              onClick={() => actor.send({ type: 'range.selected', range: r })}
            >
              {i18n._(rangeShortMessages[r])}
            </button>
          ))}
        </div>
      </div>
      {readout && change ? (
        <div>
          <p className={css.price} data-testid="price-now">
            {price(readout.point.price)}
          </p>
          <p className={css.subline} id={changeId}>
            {readout.latest ? (
              <ChangeText change={change} fiat={fiat} period={range} testId="price-change" />
            ) : (
              <span className={css.muted} data-testid="price-time">
                {time(readout.point.at)}
              </span>
            )}
          </p>
        </div>
      ) : null}
      {status === 'loading' ? <PlotSkeleton /> : null}
      {status === 'failed' ? (
        <LoadFailed onRetry={() => actor.send({ type: 'chart.retried' })}>
          <Trans>Could not load prices.</Trans>
        </LoadFailed>
      ) : null}
      {status === 'empty' ? (
        <p className={`${css.placeholder} ${css.muted}`} data-testid="price-empty">
          <Trans>No prices for this period yet.</Trans>
        </p>
      ) : null}
      {status === 'ready' && readout && summary ? (
        <>
          <Suspense fallback={<PlotSkeleton />}>
            <PriceChart
              points={points}
              cursor={cursor}
              label={t`${name} price chart`}
              valueText={`${time(readout.point.at)}: ${price(readout.point.price)}`}
              onMove={(index) => actor.send({ type: 'cursor.moved', index })}
              onStep={(by) => actor.send({ type: 'cursor.stepped', by })}
              onClear={() => actor.send({ type: 'cursor.cleared' })}
              describedBy={changeId}
            />
          </Suspense>
          <dl className={css.stats} data-testid="price-stats">
            <div className={css.stat}>
              <dt className={css.muted}>
                <Trans context="price">Open</Trans>
              </dt>
              <dd className={css.statValue}>{price(summary.open)}</dd>
            </div>
            <div className={css.stat}>
              <dt className={css.muted}>
                <Trans context="price">High</Trans>
              </dt>
              <dd className={css.statValue}>{price(summary.high)}</dd>
            </div>
            <div className={css.stat}>
              <dt className={css.muted}>
                <Trans context="price">Low</Trans>
              </dt>
              <dd className={css.statValue}>{price(summary.low)}</dd>
            </div>
            <div className={css.stat}>
              <dt className={css.muted}>
                <Trans context="price">Close</Trans>
              </dt>
              <dd className={css.statValue}>{price(summary.close)}</dd>
            </div>
          </dl>
          <details className={css.details}>
            <summary className={css.summary}>
              <Trans>Show prices as a table</Trans>
            </summary>
            <table className={css.table} data-testid="price-table">
              <caption className={css.caption}>
                <Trans>
                  {name} price in {fiat}
                </Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={css.cell}>
                    <Trans>Time</Trans>
                  </th>
                  <th scope="col" className={css.numberCell}>
                    <Trans>Price</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.at}>
                    <td className={css.cell}>{time(p.at)}</td>
                    <td className={css.numberCell}>{price(p.price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      ) : null}
    </section>
  );
}
