import { DateTime } from 'luxon';
import type { Locale } from '../../i18n';

/** How a day is written in each language: day, month, year, as the history's day headings (spec §9). */
const DAY_FORMAT: Record<Locale, string> = { en: 'dd/MM/yyyy', ru: 'dd.MM.yyyy' };

/** The URL's yyyy-mm-dd as the viewer's language writes it (2026-02-03 → 03.02.2026 / 03/02/2026). */
export function formatDay(iso: string, locale: Locale): string {
  const day = DateTime.fromISO(iso);
  return day.isValid ? day.toFormat(DAY_FORMAT[locale]) : iso;
}

/**
 * A typed day, day first then month then year, whatever separates them (".", "/", "-", "," or spaces;
 * a phone's digit keypad has none: "03022026"), back to yyyy-mm-dd; null when it is no real day
 * (31.02.2026) or not a day at all. A four-digit year only: "03.02.26" could be any century.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const parts = /^\d{8}$/.test(value)
    ? [value.slice(0, 2), value.slice(2, 4), value.slice(4)]
    : value.split(/[./\-,\s]+/);
  if (parts.length !== 3 || !parts.every((p) => /^\d+$/.test(p))) return null;
  const [d, m, y] = parts as [string, string, string];
  if (d.length > 2 || m.length > 2 || y.length !== 4) return null;
  const day = DateTime.fromObject({ year: Number(y), month: Number(m), day: Number(d) });
  return day.isValid && day.year >= 1970 ? day.toISODate() : null;
}
