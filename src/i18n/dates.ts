import { DateTime } from 'luxon';
import { i18n } from '@lingui/core';

/** Spec §9: dates default to the en locale; otherwise the app's active locale. */
export const activeDateLocale = () => i18n.locale || 'en';

const toDateTime = (value: Date | string | number | DateTime) =>
  DateTime.isDateTime(value)
    ? value
    : value instanceof Date
      ? DateTime.fromJSDate(value)
      : typeof value === 'number'
        ? DateTime.fromMillis(value)
        : DateTime.fromISO(value);

export type DayGroup = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; text: string };

/**
 * Spec §9: history groups read "Today", "Yesterday", else DD/MM/YY. Calendar days in the viewer's zone,
 * so 00:30 today and 23:30 yesterday land in different groups.
 */
export function dayGroup(value: Date | string | number | DateTime, now: DateTime = DateTime.now()): DayGroup {
  const day = toDateTime(value).setZone(now.zone).startOf('day');
  const today = now.startOf('day');
  if (day.equals(today)) return { kind: 'today' };
  if (day.equals(today.minus({ days: 1 }))) return { kind: 'yesterday' };
  return { kind: 'date', text: day.toFormat('dd/MM/yy') };
}

export function formatDayGroup(
  value: Date | string | number | DateTime,
  labels: { today: string; yesterday: string },
  now?: DateTime,
): string {
  const group = dayGroup(value, now);
  return group.kind === 'date' ? group.text : labels[group.kind];
}

/** A long, localised date such as "Monday, 3 March" / "понедельник, 3 марта". */
export function formatLongDate(value: Date | string | number | DateTime, locale = activeDateLocale()): string {
  return toDateTime(value).setLocale(locale).toLocaleString({ weekday: 'long', day: 'numeric', month: 'long' });
}

/** A time of day in the locale's own way ("10:42 AM" / "10:42"), in the viewer's zone. */
export function formatTime(value: Date | string | number | DateTime, locale = activeDateLocale()): string {
  return toDateTime(value).setLocale(locale).toLocaleString(DateTime.TIME_SIMPLE);
}

/** A moment with its date and time in the viewer's zone and locale: "Nov 25, 2026, 7:30 AM" / "25 нояб. 2026 г., 07:30". */
export function formatDateTime(value: Date | string | number | DateTime, locale = activeDateLocale()): string {
  return toDateTime(value).setLocale(locale).toLocaleString(DateTime.DATETIME_MED);
}
