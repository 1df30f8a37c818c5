import { useState, type ReactNode } from 'react';
import { ArrowLeftRight } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as css from './QuoteDetails.css';

/**
 * A rate both ways, already formatted for the screen: 1 `fromUnit` ≈ `forward` `toUnit`, and
 * 1 `toUnit` ≈ `backward` `fromUnit` (`invertRate` in machines/shared/money.ts gives the decimal).
 */
export type QuoteRate = { fromUnit: string; toUnit: string; forward: string; backward: string };

/** What the quote costs against the mid-market rate: "9.88 USDT", "$9.88", "1 %" (null when unknown). */
export type QuoteFee = { amount: string; fiat: string | null; percent: string | null };

/**
 * The rate (a button that shows it the other way), the fee in the coin and in fiat, and "You get
 * exactly …" for a fixed quote: the part of a review that says what the money costs (issue 22), for
 * swap, buy and sell alike. Presentational: callers pass formatted strings. Which way the rate reads
 * is the only state here: a way of reading the same figure, it changes nothing in the flow.
 */
export function QuoteDetails({
  rate,
  fee,
  exact,
  exactFiat = null,
  feeLabel,
  testId = 'quote',
}: {
  rate: QuoteRate | null;
  fee?: QuoteFee | null;
  /** The fixed amount received, with its unit ("978.16 USDT"); omit for an estimate. */
  exact?: string | null;
  /** What the exact amount is worth in fiat ("$978.16"). */
  exactFiat?: string | null;
  /** The fee line's term, when the flow calls it something else ("Exchange fee"). */
  feeLabel?: ReactNode;
  testId?: string;
}) {
  const { t } = useLingui();
  const [inverted, setInverted] = useState(false);
  const text =
    rate === null
      ? null
      : inverted
        ? `1 ${rate.toUnit} ≈ ${rate.backward} ${rate.fromUnit}`
        : `1 ${rate.fromUnit} ≈ ${rate.forward} ${rate.toUnit}`;
  return (
    <dl className={css.rows} data-testid={testId}>
      {text === null ? null : (
        <div className={css.line}>
          <dt className={css.term}>
            <Trans>Rate</Trans>
          </dt>
          <dd className={css.value}>
            <button
              type="button"
              className={css.flip}
              aria-label={t`${text}. Show the rate the other way`}
              onClick={() => setInverted((v) => !v)}
              data-testid={`${testId}-rate`}
            >
              <span>{text}</span>
              <ArrowLeftRight size={16} strokeWidth={2} aria-hidden className={css.flipIcon} />
            </button>
          </dd>
        </div>
      )}
      {fee ? (
        <div className={css.line}>
          <dt className={css.term}>
            {feeLabel ?? (fee.percent === null ? <Trans>Fee</Trans> : <Trans>Fee ({fee.percent})</Trans>)}
          </dt>
          <dd className={css.value}>
            <span data-testid={`${testId}-fee`} className={css.amount}>
              {fee.amount}
            </span>
            {fee.fiat === null ? null : (
              <span className={css.fiat} data-testid={`${testId}-fee-fiat`}>
                ≈ {fee.fiat}
              </span>
            )}
          </dd>
        </div>
      ) : null}
      {exact ? (
        <div className={css.line}>
          <dt className={css.term}>
            <Trans>You get exactly</Trans>
          </dt>
          <dd className={css.value}>
            <span className={css.amount} data-testid={`${testId}-exact`}>
              {exact}
            </span>
            {exactFiat === null ? null : (
              <span className={css.fiat} data-testid={`${testId}-exact-fiat`}>
                ≈ {exactFiat}
              </span>
            )}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
