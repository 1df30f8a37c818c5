import { DateTime } from 'luxon';
import type { HistoryFilter } from '../../../contracts/wallet';
import type { HistorySearch } from './search';

/** The gateway's filter: whole days in the viewer's zone (from its first instant to the next day's). */
export function toHistoryFilter(search: HistorySearch): HistoryFilter {
  const filter: HistoryFilter = {};
  if (search.asset) filter.currency = search.asset;
  if (search.kind) filter.kinds = [search.kind];
  if (search.state) filter.states = [search.state];
  if (search.from) filter.createdFrom = DateTime.fromISO(search.from).startOf('day').toISO()!;
  if (search.to) filter.createdBefore = DateTime.fromISO(search.to).plus({ days: 1 }).startOf('day').toISO()!;
  if (search.q) filter.search = search.q;
  return filter;
}
