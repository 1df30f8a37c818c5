/**
 * /history's date fields follow the app's language, not the browser's (issue 22: a Russian session read
 * mm/dd/yyyy from `<input type="date">`): dd.mm.yyyy in Russian, dd/mm/yyyy in English, typed or from
 * the URL; a day that does not exist is said under the field and changes no filter.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { fromPromise } from 'xstate';
import type { HistoryFilter } from '../../contracts/wallet';
import type { HistoryActors } from '../../src/features/history/services';
import { formatDay, parseDay } from '../../src/features/history/days';
import { firstPage, mountHistory } from './history-support';

function actors() {
  const filters: HistoryFilter[] = [];
  const loadPage: HistoryActors['loadPage'] = fromPromise(async ({ input }) => {
    filters.push(input.filter);
    return firstPage;
  });
  const exportCsv: HistoryActors['exportCsv'] = fromPromise(async () => {});
  return { filters, actors: { loadPage, exportCsv } };
}

const input = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('history date fields', () => {
  afterEach(() => act(() => i18n.activate('en')));

  it('in Russian: dd.mm.yyyy shown and typed, the day sent as the viewer’s whole day, a wrong day refused', async () => {
    // The tests carry no catalogue: labels stay English, the day's format follows the language.
    act(() => i18n.activate('ru'));
    const { filters, actors: a } = actors();
    const view = await mountHistory('/history?asset=BTC&to=2026-02-28', a);
    const user = userEvent.setup();
    const from = input('From');
    const to = input('To');
    // The URL's day, in the app's language; the format is the field's description.
    expect(to.value).toBe('28.02.2026');
    expect(from.value).toBe('');
    expect(from.placeholder).toBe('dd.mm.yyyy');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)?.textContent).toBe('dd.mm.yyyy');

    await user.type(from, '3.2.2026{Enter}');
    await vi.waitFor(() => expect(view.location().search).toMatchObject({ from: '2026-02-03', to: '2026-02-28' }));
    expect(input('From').value).toBe('03.02.2026');
    await vi.waitFor(() => expect(filters.at(-1)?.createdFrom).toMatch(/^2026-02-03T00:00:00/));

    // 31 February is no day: said under the field, the filter stays.
    await user.clear(input('To'));
    await user.type(input('To'), '31.02.2026');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toBe('Enter a date as dd.mm.yyyy.');
    expect(input('To').getAttribute('aria-invalid')).toBe('true');
    expect(view.location().search).toMatchObject({ to: '2026-02-28' });

    // A phone's digit keypad has no separators: 8 digits are a day too.
    await user.clear(input('To'));
    await user.type(input('To'), '01032026');
    await user.tab();
    await vi.waitFor(() => expect(view.location().search).toMatchObject({ to: '2026-03-01' }));
    expect(input('To').value).toBe('01.03.2026');
    expect(screen.queryByRole('alert')).toBeNull();

    // Emptied: no bound.
    await user.clear(input('From'));
    await user.tab();
    await vi.waitFor(() => expect(view.location().search).not.toHaveProperty('from'));
  });

  it('in English: dd/mm/yyyy, and Clear filters empties the fields', async () => {
    const { actors: a } = actors();
    const view = await mountHistory('/history?from=2026-02-03', a);
    const user = userEvent.setup();
    expect(input('From').value).toBe('03/02/2026');
    expect(input('From').placeholder).toBe('dd/mm/yyyy');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(view.location().search).toEqual({}));
    expect(input('From').value).toBe('');
  });
});

describe('days as typed', () => {
  it('reads day, month, year with any separator, four-digit years, real days only', () => {
    expect(parseDay('03.02.2026')).toBe('2026-02-03');
    expect(parseDay('3/2/2026')).toBe('2026-02-03');
    expect(parseDay(' 03-02-2026 ')).toBe('2026-02-03');
    expect(parseDay('03022026')).toBe('2026-02-03');
    expect(parseDay('29.02.2028')).toBe('2028-02-29');
    for (const bad of [
      '29.02.2026',
      '03.02.26',
      '2026-02-03',
      '32.01.2026',
      '01.13.2026',
      'yesterday',
      '',
      '01.01.1969',
    ])
      expect(parseDay(bad), bad).toBeNull();
    expect(formatDay('2026-02-03', 'ru')).toBe('03.02.2026');
    expect(formatDay('2026-02-03', 'en')).toBe('03/02/2026');
  });
});
