import { HISTORY_KINDS, type HistoryKind } from '../../../contracts/historyKinds';
import type { TransactionState } from '../../../contracts/wallet';

/**
 * /history's filters as they stand in the URL (shareable, kept on reload): ?asset=BTC&kind=sent
 * &state=FAILED&from=2026-02-01&to=2026-02-28&q=bc1q. Days are the viewer's calendar days.
 */
export type HistorySearch = {
  asset?: string;
  kind?: HistoryKind;
  state?: TransactionState;
  from?: string;
  to?: string;
  q?: string;
};

export const HISTORY_STATES: readonly TransactionState[] = ['IN_PROGRESS', 'COMPLETED', 'FAILED'];

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]) => allowed.find((a) => a === text(value));
/** A calendar day that exists (the router runs this at start-up, so no date library here). */
const isoDay = (value: unknown) => {
  const day = text(value);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? day : undefined;
};

/** The route's validateSearch: what is not a valid filter is left out rather than failing the page. */
export function validateHistorySearch(raw: Record<string, unknown>): HistorySearch {
  const asset = /^[A-Z0-9_]{1,16}$/.test(text(raw.asset)) ? text(raw.asset) : undefined;
  const q = text(raw.q).slice(0, 128) || undefined;
  let from = isoDay(raw.from);
  let to = isoDay(raw.to);
  // A range written backwards (a hand-edited link) means the same days.
  if (from && to && from > to) [from, to] = [to, from];
  const search: HistorySearch = {
    asset,
    kind: oneOf(raw.kind, HISTORY_KINDS),
    state: oneOf(raw.state, HISTORY_STATES),
    from,
    to,
    q,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as HistorySearch;
}
