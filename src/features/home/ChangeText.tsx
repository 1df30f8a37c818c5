import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { PriceRange } from '../../../contracts/prices';
import type { Change } from '../../../machines/shared/priceChange';
import { MASKED_AMOUNT } from '../../i18n/format';
import { formatFiatChange, formatPercent, formatPrice } from '../../i18n/formatPrice';
import { useLocale } from '../../i18n/useFormat';
import { SrOnly } from '../../ui/Skeleton';
import * as css from './ChangeText.css';

/** "over the past 24 hours": the period a change is over, in a sentence. */
export const periodMessages = {
  '24h': msg`the past 24 hours`,
  '7d': msg`the past 7 days`,
  '30d': msg`the past 30 days`,
  '1y': msg`the past year`,
} satisfies Record<PriceRange, unknown>;

/** A range in short, as the chart's range buttons and Home's change write it. */
export const rangeShortMessages = {
  '24h': msg`24h`,
  '7d': msg`7d`,
  '30d': msg`30d`,
  '1y': msg`1y`,
} satisfies Record<PriceRange, unknown>;

/**
 * A change in money (Home's 24 h change; a price's change on the asset page), coloured (success text up, error text down) and also told by sign and arrow, never
 * by colour alone; screen readers get one sentence ("Up $12.34 (1.27%) over the past 24 hours") in
 * place of the signs and the icon. `masked`: "Hide balances" is on, so the amount is hidden (the per
 * cent says nothing of how much is held). `showPeriod`: the period in short after it, where nothing
 * else on screen says it (Home).
 */
export function ChangeText({
  change,
  fiat,
  period,
  masked = false,
  showPeriod = false,
  testId,
}: {
  change: Change;
  fiat: string;
  period: PriceRange;
  masked?: boolean;
  showPeriod?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { amount, percent, direction } = change;
  const shownAmount = masked ? MASKED_AMOUNT : formatFiatChange(amount, fiat, locale);
  const spokenAmount = formatPrice(amount.replace(/^-/, ''), fiat, locale);
  const spokenPercent = formatPercent(percent, locale, false);
  const over = i18n._(periodMessages[period]);
  const sentence =
    direction === 'flat'
      ? t`No change over ${over}`
      : masked
        ? direction === 'up'
          ? t`Up ${spokenPercent} over ${over}`
          : t`Down ${spokenPercent} over ${over}`
        : direction === 'up'
          ? t`Up ${spokenAmount} (${spokenPercent}) over ${over}`
          : t`Down ${spokenAmount} (${spokenPercent}) over ${over}`;
  return (
    <span className={css.tone[direction]} data-testid={testId} data-direction={direction}>
      <span aria-hidden="true" className={css.visible}>
        <span className={css.arrow[direction]} />
        {shownAmount} ({formatPercent(percent, locale)})
        {showPeriod ? <span className={css.period}>{i18n._(rangeShortMessages[period])}</span> : null}
      </span>
      <SrOnly>{sentence}</SrOnly>
    </span>
  );
}
