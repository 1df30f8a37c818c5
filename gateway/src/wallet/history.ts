import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { TransactionState, TransactionType } from '../../../contracts/wallet.js';
import { walletTransactions, type WalletTransaction } from '../db/schema/index.js';
import type { Executor } from '../db/client.js';
import { isUuid } from '../users/repository.js';
import { formatAmount } from './amounts.js';
import { explorerLink, findCoin } from './catalogue.js';

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
}

export interface HistoryFilter {
  currency?: string;
  sort?: 'ASC' | 'DESC';
  pageSize?: number;
  pageNumber?: number;
}

const amountIn = (currency: string | null, v: bigint | null) =>
  (currency === null || v === null ? null : formatAmount(v, findCoin(currency)?.decimals ?? 0));

/** Only swaps carry these; other rows leave them out as before. */
function exchangeFields(row: WalletTransaction) {
  if (row.transactionType !== 'EXCHANGE') return {};
  return {
    fromCurrency: row.fromCurrency, toCurrency: row.toCurrency, exchangeRate: row.exchangeRate,
    fromAmount: amountIn(row.fromCurrency, row.fromAmount), toAmount: amountIn(row.toCurrency, row.toAmount),
  };
}

export function toView(row: WalletTransaction): TransactionView {
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

/** One page of an account's history, newest first unless asked otherwise; ties broken by id for stable pages. */
export async function listTransactions(db: Executor, accountId: string, filter: HistoryFilter) {
  const pageSize = filter.pageSize ?? 100;
  const pageNumber = filter.pageNumber ?? 1;
  const order = filter.sort === 'ASC' ? asc : desc;
  const where = and(
    eq(walletTransactions.accountId, accountId),
    filter.currency ? eq(walletTransactions.currency, filter.currency) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(walletTransactions).where(where);
  const rows = await db.select().from(walletTransactions).where(where)
    .orderBy(order(walletTransactions.createdAt), order(walletTransactions.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const totalElements = Number(total?.n ?? 0);
  return {
    content: rows.map(toView),
    totalElements,
    totalPages: Math.ceil(totalElements / pageSize),
    pageNumber,
    pageSize,
  };
}

/** A transaction of this account only: someone else's id is as unknown as a made-up one. */
export async function findTransaction(db: Executor, accountId: string, id: string): Promise<TransactionView | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(walletTransactions)
    .where(and(eq(walletTransactions.id, id), eq(walletTransactions.accountId, accountId)));
  return row ? toView(row) : undefined;
}
