import { DateTime } from 'luxon';
import type { Transaction } from '../../api/wallet';
import { dayGroup, type DayGroup } from '../../i18n/dates';

export type HistoryDay = { key: string; day: DayGroup; transactions: Transaction[] };

/** Spec §9: history grouped by calendar day (Today, Yesterday, DD/MM/YY), in the order the server sent. */
export function groupByDay(transactions: Transaction[], now: DateTime = DateTime.now()): HistoryDay[] {
  const days: HistoryDay[] = [];
  for (const tx of transactions) {
    const day = dayGroup(tx.createdDate, now);
    const key = day.kind === 'date' ? day.text : day.kind;
    const last = days.at(-1);
    if (last?.key === key) last.transactions.push(tx);
    else days.push({ key, day, transactions: [tx] });
  }
  return days;
}
