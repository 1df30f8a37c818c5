import { DateTime } from 'luxon';
import { dayGroup, formatDayGroup, formatLongDate } from '../../src/i18n/dates';

const now = DateTime.fromISO('2025-03-10T12:00:00', { zone: 'Europe/Berlin' });
const labels = { today: 'Today', yesterday: 'Yesterday' };

describe('day groups (spec §9: Today, Yesterday, DD/MM/YY)', () => {
  it('labels the current calendar day as today, from midnight on', () => {
    expect(dayGroup(now.set({ hour: 0, minute: 0 }), now)).toEqual({ kind: 'today' });
    expect(formatDayGroup(now.set({ hour: 23, minute: 59 }), labels, now)).toBe('Today');
  });

  it('labels the previous calendar day as yesterday, even one minute before midnight', () => {
    expect(formatDayGroup(now.minus({ days: 1 }).set({ hour: 23, minute: 59 }), labels, now)).toBe('Yesterday');
    expect(formatDayGroup(now.minus({ days: 1 }).set({ hour: 0 }), labels, now)).toBe('Yesterday');
  });

  it('formats older days as DD/MM/YY with leading zeros', () => {
    expect(formatDayGroup(now.minus({ days: 2 }), labels, now)).toBe('08/03/25');
    expect(formatDayGroup('2024-01-05T10:00:00Z', labels, now)).toBe('05/01/24');
  });

  it('puts future dates under their own date, not today', () => {
    expect(formatDayGroup(now.plus({ days: 1 }), labels, now)).toBe('11/03/25');
  });

  it('compares calendar days in the viewer zone, not UTC', () => {
    // 23:30 UTC on the 9th is 00:30 on the 10th in Berlin.
    expect(formatDayGroup('2025-03-09T23:30:00Z', labels, now)).toBe('Today');
  });

  it('accepts Date and epoch milliseconds', () => {
    const local = DateTime.now();
    expect(dayGroup(new Date(), local)).toEqual({ kind: 'today' });
    expect(dayGroup(local.minus({ days: 1 }).toMillis(), local)).toEqual({ kind: 'yesterday' });
  });
});

describe('long dates in the active locale', () => {
  it('speaks English and Russian', () => {
    expect(formatLongDate(now, 'en')).toBe('Monday, March 10');
    expect(formatLongDate(now, 'ru')).toBe('понедельник, 10 марта');
  });
});
