import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { HistoryFilter, HistoryKind } from '../../../contracts/wallet.js';
import { walletTransactions as tx } from '../db/schema/index.js';
import { invalid } from '../domain/errors.js';
import { isUuid } from '../users/repository.js';

/**
 * Each kind the filter offers as a condition on the row: spec §3's transaction types, which are the
 * ones the gateway writes (a card buy is F2C since migration 0018, which converted the older rows).
 */
const KIND: Record<HistoryKind, () => SQL> = {
  received: () => eq(tx.transactionType, 'DEPOSIT'),
  bought: () => eq(tx.transactionType, 'F2C'),
  sent: () => eq(tx.transactionType, 'WITHDRAWAL'),
  swapped: () => eq(tx.transactionType, 'EXCHANGE'),
  sold: () => eq(tx.transactionType, 'C2F'),
};

/** `%` and `_` typed by the user are letters, not wildcards. */
const literalLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The instants a filter or cursor may name: what PostgreSQL's timestamptz and a JS Date both hold, and
 * more than any history needs. Year 0 does not exist in PostgreSQL (and `0001-01-01T00:00+14:00` is in
 * it), and past 9999 ISO text needs six digits and a sign: both were 500s (issue 20 item 5).
 */
const EARLIEST = DateTime.fromISO('1970-01-01T00:00:00Z', { zone: 'utc' });
const LATEST = DateTime.fromISO('9999-12-31T23:59:59.999999Z', { zone: 'utc' });
export const DATE_RANGE = `${EARLIEST.year}–${LATEST.year} (UTC)`;

const MAX_OFFSET_MINUTES = 14 * 60;

const representable = (at: DateTime) => at.isValid && at >= EARLIEST && at <= LATEST;

/** A filter's ISO 8601 instant (the schema has checked its shape), read by luxon: a real date in range, or a 400. */
function instant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  // setZone keeps the offset it was written with; luxon refuses 30 February, hour 24 or minute 60.
  const at = DateTime.fromISO(value, { setZone: true });
  // No place on Earth is more than 14 hours from UTC.
  if (!at.isValid || Math.abs(at.offset) > MAX_OFFSET_MINUTES)
    throw invalid('INVALID_DATE', `${field} is not a date`, field);
  if (!representable(at)) throw invalid('INVALID_DATE', `${field} must be within ${DATE_RANGE}`, field);
  return at.toJSDate();
}

/** The WHERE of one account's history under a filter (shared by the pages and the CSV export). */
export function historyWhere(accountId: string, filter: HistoryFilter): SQL {
  const from = instant(filter.createdFrom, 'createdFrom');
  const before = instant(filter.createdBefore, 'createdBefore');
  if (from && before && from >= before)
    throw invalid('INVALID_DATE_RANGE', 'createdFrom must be before createdBefore', 'createdFrom');
  const search = filter.search?.trim();
  return and(
    eq(tx.accountId, accountId),
    filter.currency ? eq(tx.currency, filter.currency) : undefined,
    filter.kinds ? or(...filter.kinds.map((k) => KIND[k]())) : undefined,
    filter.states ? inArray(tx.state, filter.states) : undefined,
    from ? sql`${tx.createdAt} >= ${from.toISOString()}::timestamptz` : undefined,
    before ? sql`${tx.createdAt} < ${before.toISOString()}::timestamptz` : undefined,
    search
      ? or(
          ilike(tx.hash, literalLike(search)),
          ilike(tx.fromAddress, literalLike(search)),
          ilike(tx.toAddress, literalLike(search)),
        )
      : undefined,
  )!;
}

/** A row's place in createdDate-then-id order, exact to the microsecond (a JS Date would cut it to ms). */
export const sortKey = sql<string>`to_char(${tx.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type Cursor = { at: string; id: string };

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

/** The shape encodeCursor writes: sortKey's microsecond UTC timestamp. */
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A cursor this gateway wrote, or a 400 INVALID_CURSOR: never trusted into SQL unchecked. Checked in
 * full before the first query: base64url text of a JSON array of exactly [timestamp, uuid], the
 * timestamp in sortKey's shape, a real instant (luxon) within DATE_RANGE, the id a uuid.
 */
export function decodeCursor(text: string): Cursor {
  const refused = () => invalid('INVALID_CURSOR', 'cursor is not one this history returned', 'cursor');
  if (!BASE64URL.test(text)) throw refused();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw refused();
  const [at, id] = decoded as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !CURSOR_AT.test(at) || !isUuid(id)) throw refused();
  if (!representable(DateTime.fromISO(at, { zone: 'utc' }))) throw refused();
  // Re-encoded, it must be the very text given: no padding, no trailing bits, nothing else to read.
  if (encodeCursor({ at, id }) !== text) throw refused();
  return { at, id };
}

/** Rows after the cursor in the given order (keyset: the (created_at, id) index serves it). */
export const afterCursor = (c: Cursor, order: 'ASC' | 'DESC') =>
  order === 'ASC'
    ? sql`(${tx.createdAt}, ${tx.id}) > (${c.at}::timestamptz, ${c.id}::uuid)`
    : sql`(${tx.createdAt}, ${tx.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`;

/** The kind of a row, as the filter's conditions above class it. */
export function kindOf(row: { transactionType: string }): HistoryKind {
  switch (row.transactionType) {
    case 'WITHDRAWAL':
      return 'sent';
    case 'EXCHANGE':
      return 'swapped';
    case 'C2F':
      return 'sold';
    case 'F2C':
      return 'bought';
    default:
      return 'received';
  }
}
