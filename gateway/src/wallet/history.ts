import { and, asc, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { HistoryQuery, TransactionState, TransactionType } from '../../../contracts/wallet.js';
import { buyOrders, walletTransactions, type WalletTransaction } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { isUuid } from '../users/repository.js';
import { formatAmount } from './amounts.js';
import { explorerLink, findCoin } from './catalogue.js';
import { afterCursor, decodeCursor, encodeCursor, historyWhere, sortKey, type Cursor } from './historyFilter.js';

/** Spec §3 transaction as the API sends it; amounts are exact decimal strings. */
export interface TransactionView {
  id: string;
  currency: string;
  direction: 'DEPOSIT' | 'WITHDRAWAL';
  transactionType: TransactionType;
  state: TransactionState;
  amount: string;
  fee: string | null;
  serviceFee: string | null;
  from: string | null;
  to: string | null;
  sender: string | null;
  receiver: string | null;
  hash: string | null;
  createdDate: string;
  dateReceived: string | null;
  accountFromType: 'B2C' | 'B2B' | null;
  accountToType: 'B2C' | 'B2B' | null;
  explorerLink: string | null;
  network: string | null;
  confirmations: number | null;
  requiredConfirmations: number | null;
  fromCurrency?: string | null;
  toCurrency?: string | null;
  fromAmount?: string | null;
  toAmount?: string | null;
  exchangeRate?: string | null;
  fiatCurrency?: string | null;
  /** F2C rows: the card the buy was paid with (masked) and the buy order it settles. */
  maskedCard?: string | null;
  orderId?: string | null;
}

/**
 * What a card buy's row shows besides the crypto credited: read from its order (the one source of the
 * fiat paid, the rate and the card the acquirer reported, which arrives after the row is written).
 */
export const buyColumns = {
  buyOrderId: buyOrders.id,
  buyFiatCurrency: buyOrders.fiatCurrency,
  buyFiatAmount: buyOrders.fiatAmount,
  buyRate: buyOrders.rate,
  buyMaskedCard: buyOrders.maskedCard,
};

type BuyColumns = { [K in keyof typeof buyColumns]: (typeof buyColumns)[K]['_']['data'] | null };

/** A history row as read: the transaction, and its buy order's columns (null unless a card buy). */
export type HistoryRow = WalletTransaction & Partial<BuyColumns>;

const amountIn = (currency: string | null, v: bigint | null) =>
  currency === null || v === null ? null : formatAmount(v, findCoin(currency)?.decimals ?? 0);

/** Fiat on a sell row and a buy order is in hundredths: two decimals, whatever the catalogue says. */
const FIAT_DECIMALS = 2;

/** Only swaps, sells and buys carry these; other rows leave them out as before. */
function exchangeFields(row: HistoryRow) {
  if (row.transactionType === 'F2C') {
    const fiatAmount = row.buyFiatAmount ?? null;
    return {
      fromCurrency: row.buyFiatCurrency ?? null,
      toCurrency: row.currency,
      fiatCurrency: row.buyFiatCurrency ?? null,
      exchangeRate: row.buyRate ?? null,
      fromAmount: fiatAmount === null ? null : formatAmount(fiatAmount, FIAT_DECIMALS),
      toAmount: amountIn(row.currency, row.amount),
      maskedCard: row.buyMaskedCard ?? null,
      orderId: row.buyOrderId ?? null,
    };
  }
  if (row.transactionType === 'C2F') {
    return {
      fromCurrency: row.fromCurrency,
      toCurrency: row.toCurrency,
      fiatCurrency: row.toCurrency,
      exchangeRate: row.exchangeRate,
      fromAmount: amountIn(row.fromCurrency, row.fromAmount),
      toAmount: row.toAmount === null ? null : formatAmount(row.toAmount, FIAT_DECIMALS),
    };
  }
  if (row.transactionType !== 'EXCHANGE') return {};
  return {
    fromCurrency: row.fromCurrency,
    toCurrency: row.toCurrency,
    exchangeRate: row.exchangeRate,
    fromAmount: amountIn(row.fromCurrency, row.fromAmount),
    toAmount: amountIn(row.toCurrency, row.toAmount),
  };
}

export function toView(row: HistoryRow): TransactionView {
  const decimals = findCoin(row.currency)?.decimals ?? 0;
  const money = (v: bigint | null) => (v === null ? null : formatAmount(v, decimals));
  const deposit = row.direction === 'DEPOSIT';
  return {
    id: row.id,
    currency: row.currency,
    direction: row.direction,
    transactionType: row.transactionType,
    state: row.state,
    amount: formatAmount(row.amount, decimals),
    fee: money(row.fee),
    serviceFee: money(row.serviceFee),
    from: row.fromAddress,
    to: row.toAddress,
    sender: row.fromAddress,
    receiver: row.toAddress,
    hash: row.hash,
    createdDate: row.createdAt.toISOString(),
    dateReceived: deposit && row.completedAt ? row.completedAt.toISOString() : null,
    // Our side is always a consumer wallet; the other side is unknown on chain, B2C for an internal transfer.
    accountFromType: deposit ? row.counterpartyType : 'B2C',
    accountToType: deposit ? 'B2C' : row.counterpartyType,
    explorerLink: explorerLink(row.currency, row.hash),
    ...exchangeFields(row),
    network: row.network,
    confirmations: row.confirmations,
    requiredConfirmations: row.requiredConfirmations,
  };
}

export type HistoryRequest = HistoryQuery;

type Order = 'ASC' | 'DESC';

/**
 * Up to `limit` rows after the cursor (or from the start) in createdDate-then-id order, each with the
 * cursor that starts after it. Keyset paging: a row added meanwhile neither repeats nor hides another.
 */
export async function historyRows(db: Executor, where: SQL, order: Order, limit: number, cursor?: Cursor, offset = 0) {
  const by = order === 'ASC' ? asc : desc;
  return db
    .select({ ...getTableColumns(walletTransactions), ...buyColumns, sortKey })
    .from(walletTransactions)
    .leftJoin(buyOrders, eq(buyOrders.transactionId, walletTransactions.id))
    .where(cursor ? and(where, afterCursor(cursor, order)) : where)
    .orderBy(by(walletTransactions.createdAt), by(walletTransactions.id))
    .limit(limit)
    .offset(offset);
}

/**
 * One page of an account's history, newest first unless asked otherwise: by cursor when given, else by
 * page number (spec §7's shape). `nextCursor` is null on the last page.
 */
export async function listTransactions(db: Executor, accountId: string, request: HistoryRequest) {
  const pageSize = request.pageSize ?? 100;
  const pageNumber = request.cursor ? 1 : (request.pageNumber ?? 1);
  const order = request.sort ?? 'DESC';
  const where = historyWhere(accountId, request);
  const cursor = request.cursor ? decodeCursor(request.cursor) : undefined;
  const [total] = await db.select({ n: count() }).from(walletTransactions).where(where);
  // One row more than the page tells whether another page follows.
  const rows = await historyRows(db, where, order, pageSize + 1, cursor, cursor ? 0 : (pageNumber - 1) * pageSize);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const totalElements = Number(total?.n ?? 0);
  return {
    content: page.map(toView),
    totalElements,
    totalPages: Math.ceil(totalElements / pageSize),
    pageNumber,
    pageSize,
    nextCursor: rows.length > pageSize && last ? encodeCursor({ at: last.sortKey, id: last.id }) : null,
  };
}

/** A transaction of this account only: someone else's id is as unknown as a made-up one. */
export async function findTransaction(
  db: Executor,
  accountId: string,
  id: string,
): Promise<TransactionView | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ ...getTableColumns(walletTransactions), ...buyColumns })
    .from(walletTransactions)
    .leftJoin(buyOrders, eq(buyOrders.transactionId, walletTransactions.id))
    .where(and(eq(walletTransactions.id, id), eq(walletTransactions.accountId, accountId)));
  return row ? toView(row) : undefined;
}
