import { Readable } from 'node:stream';
import type { HistoryFilter } from '../../../contracts/wallet.js';
import type { Executor } from '../db/client.js';
import { roundAmount } from './amounts.js';
import { findCoin } from './catalogue.js';
import { historyRows, toView, type HistoryRow } from './history.js';
import { historyWhere, kindOf, type Cursor } from './historyFilter.js';

/** Rows read per query: the export holds one batch at a time, however long the history is. */
export const CSV_BATCH = 1000;

const COLUMNS = [
  'date',
  'asset',
  'kind',
  'state',
  'direction',
  'amount',
  'roundedAmount',
  'credited',
  'debited',
  'fee',
  'from',
  'to',
  'hash',
  'id',
  'fromCurrency',
  'fromAmount',
  'toCurrency',
  'toAmount',
  'exchangeRate',
  'fiatCurrency',
  'maskedCard',
  'orderId',
] as const;

/**
 * One CSV field (RFC 4180). A text starting like a formula gets a leading apostrophe so a spreadsheet
 * shows it instead of running it; amounts are plain decimals and never start that way.
 */
export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * What the row did to the balance, unsigned in the column that says which way: only once COMPLETED.
 * In progress nothing has moved yet; FAILED moved nothing (a failed buy credited nothing, a failed
 * send or sale gave the coins back), so neither column reports a movement that did not happen.
 */
const moved = (v: { state: string; direction: string; amount: string }, way: 'DEPOSIT' | 'WITHDRAWAL') =>
  v.state === 'COMPLETED' && v.direction === way ? v.amount : null;

function csvLine(row: HistoryRow): string {
  const v = toView(row);
  const coin = findCoin(row.currency);
  const cells: Record<(typeof COLUMNS)[number], string | null | undefined> = {
    date: v.createdDate,
    asset: v.currency,
    kind: kindOf(row),
    state: v.state,
    direction: v.direction,
    amount: v.amount,
    roundedAmount: coin ? roundAmount(row.amount, coin.decimals, coin.round) : v.amount,
    credited: moved(v, 'DEPOSIT'),
    debited: moved(v, 'WITHDRAWAL'),
    // A failed send or sale charged no fee, whatever the row was written with.
    fee: v.state === 'FAILED' ? null : v.fee,
    from: v.from,
    to: v.to,
    hash: v.hash,
    id: v.id,
    fromCurrency: v.fromCurrency,
    fromAmount: v.fromAmount,
    toCurrency: v.toCurrency,
    toAmount: v.toAmount,
    exchangeRate: v.exchangeRate,
    fiatCurrency: v.fiatCurrency,
    maskedCard: v.maskedCard,
    orderId: v.orderId,
  };
  return `${COLUMNS.map((c) => csvField(cells[c])).join(',')}\r\n`;
}

/** The filtered history as CSV text, newest first, one chunk per batch read by keyset cursor. */
export async function* historyCsvChunks(db: Executor, accountId: string, filter: HistoryFilter, batch = CSV_BATCH) {
  const where = historyWhere(accountId, filter);
  yield `${COLUMNS.join(',')}\r\n`;
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await historyRows(db, where, 'DESC', batch, cursor);
    if (rows.length > 0) yield rows.map(csvLine).join('');
    const last = rows.at(-1);
    if (!last || rows.length < batch) return;
    cursor = { at: last.sortKey, id: last.id };
  }
}

/**
 * A readable stream of the export: the next batch is read only when the client has taken the last
 * one (Readable.from pulls on demand), so memory stays flat for 100 000 rows. The filter is checked
 * before the first byte, so a bad one is still a 400.
 */
export function historyCsvStream(db: Executor, accountId: string, filter: HistoryFilter, batch = CSV_BATCH): Readable {
  historyWhere(accountId, filter);
  return Readable.from(historyCsvChunks(db, accountId, filter, batch), { objectMode: false, highWaterMark: 1 });
}
