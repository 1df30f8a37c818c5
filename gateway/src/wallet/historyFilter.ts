import { and, eq, ilike, inArray, isNull, like, not, or, sql, type SQL } from 'drizzle-orm';
import type { HistoryFilter, HistoryKind } from '../../../contracts/wallet.js';
import { walletTransactions as tx } from '../db/schema/index.js';
import { invalid } from '../domain/errors.js';

/** A card buy lands as a deposit whose hash names the order (buy/settle.ts), not a chain hash. */
export const CARD_BUY_HASH_PREFIX = 'card-buy-';

const cardBuy = like(tx.hash, `${CARD_BUY_HASH_PREFIX}%`);

/** Each kind the filter offers as a condition on the row. */
const KIND: Record<HistoryKind, () => SQL> = {
  received: () => and(eq(tx.transactionType, 'DEPOSIT'), or(isNull(tx.hash), not(cardBuy)))!,
  bought: () => or(eq(tx.transactionType, 'F2C'), and(eq(tx.transactionType, 'DEPOSIT'), cardBuy))!,
  sent: () => eq(tx.transactionType, 'WITHDRAWAL'),
  swapped: () => eq(tx.transactionType, 'EXCHANGE'),
  sold: () => eq(tx.transactionType, 'C2F'),
};

/** `%` and `_` typed by the user are letters, not wildcards. */
const literalLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function instant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const at = new Date(value);
  // Date rolls 30 February over into March; a calendar date that does not exist is refused instead.
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendar = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(at.getTime()) || calendar.getUTCMonth() !== m - 1 || calendar.getUTCDate() !== d) throw invalid('INVALID_DATE', `${field} is not a date`, field);
  return at;
}

/** The WHERE of one account's history under a filter (shared by the pages and the CSV export). */
export function historyWhere(accountId: string, filter: HistoryFilter): SQL {
  const from = instant(filter.createdFrom, 'createdFrom');
  const before = instant(filter.createdBefore, 'createdBefore');
  if (from && before && from >= before) throw invalid('INVALID_DATE_RANGE', 'createdFrom must be before createdBefore', 'createdFrom');
  const search = filter.search?.trim();
  return and(
    eq(tx.accountId, accountId),
    filter.currency ? eq(tx.currency, filter.currency) : undefined,
    filter.kinds ? or(...filter.kinds.map((k) => KIND[k]())) : undefined,
    filter.states ? inArray(tx.state, filter.states) : undefined,
    from ? sql`${tx.createdAt} >= ${from.toISOString()}::timestamptz` : undefined,
    before ? sql`${tx.createdAt} < ${before.toISOString()}::timestamptz` : undefined,
    search
      ? or(ilike(tx.hash, literalLike(search)), ilike(tx.fromAddress, literalLike(search)), ilike(tx.toAddress, literalLike(search)))
      : undefined,
  )!;
}

/** A row's place in createdDate-then-id order, exact to the microsecond (a JS Date would cut it to ms). */
export const sortKey = sql<string>`to_char(${tx.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type Cursor = { at: string; id: string };

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

/** A cursor this gateway wrote, or a 400: never trusted into SQL unchecked. */
export function decodeCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) && /^[0-9a-f-]{36}$/i.test(id)) {
      return { at, id };
    }
  } catch {
    // falls through to the error below
  }
  throw invalid('INVALID_CURSOR', 'cursor is not one this history returned', 'cursor');
}

/** Rows after the cursor in the given order (keyset: the (created_at, id) index serves it). */
export const afterCursor = (c: Cursor, order: 'ASC' | 'DESC') =>
  order === 'ASC'
    ? sql`(${tx.createdAt}, ${tx.id}) > (${c.at}::timestamptz, ${c.id}::uuid)`
    : sql`(${tx.createdAt}, ${tx.id}) < (${c.at}::timestamptz, ${c.id}::uuid)`;

/** The kind of a row, as the filter's conditions above class it. */
export function kindOf(row: { transactionType: string; hash: string | null }): HistoryKind {
  switch (row.transactionType) {
    case 'WITHDRAWAL': return 'sent';
    case 'EXCHANGE': return 'swapped';
    case 'C2F': return 'sold';
    case 'F2C': return 'bought';
    default: return row.hash?.startsWith(CARD_BUY_HASH_PREFIX) ? 'bought' : 'received';
  }
}
