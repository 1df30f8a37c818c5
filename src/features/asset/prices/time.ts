import { DateTime } from 'luxon';
import type { PriceRange } from '../../../../contracts/prices';
import type { Locale } from '../../../i18n';

/** A point's time as the range needs it: "10:15" over a day, "3 Jan, 10:00" over a week or month, "3 Jan 2026" over a year. */
export function formatPointTime(at: string, range: PriceRange, locale: Locale, withDay = range !== '24h'): string {
  const time = DateTime.fromISO(at).setLocale(locale);
  if (range === '1y') return time.toLocaleString({ day: 'numeric', month: 'short', year: 'numeric' });
  return time.toLocaleString(
    withDay
      ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }
      : { hour: '2-digit', minute: '2-digit' },
  );
}
