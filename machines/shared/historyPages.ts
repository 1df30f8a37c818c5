/**
 * History in pages of 100 (spec §9), read by cursor: what a further page adds, and what a refresh of
 * page 1 keeps of the pages loaded after it.
 */
import type { Transaction } from '../../contracts/wallet';

/** A page as the machines keep it: the rows and where the next page starts (null: no more). */
export type HistoryChunk = { transactions: Transaction[]; nextCursor: string | null };

/** Rows of a further page after the ones on screen; a row already shown (it moved pages) is not repeated. */
export function appendPage(shown: Transaction[], page: Transaction[]): Transaction[] {
  const seen = new Set(shown.map((t) => t.id));
  return [...shown, ...page.filter((t) => !seen.has(t.id))];
}

/**
 * A fresh page 1 over what is on screen: its rows replace theirs (a state may have changed), the older
 * rows of further pages stay after them. With further pages loaded, the cursor stays where they end.
 */
export function mergeFirstPage(shown: HistoryChunk & { pages: number }, fresh: HistoryChunk): HistoryChunk {
  if (shown.pages <= 1) return fresh;
  const ids = new Set(fresh.transactions.map((t) => t.id));
  const oldestFresh = fresh.transactions.at(-1)?.createdDate ?? '';
  const older = shown.transactions.filter((t) => !ids.has(t.id) && t.createdDate <= oldestFresh);
  return { transactions: [...fresh.transactions, ...older], nextCursor: shown.nextCursor };
}

/** What is kept of a failed page load: the gateway's code, or the HTTP status, or UNKNOWN. */
export function pageErrorCode(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; status?: unknown };
  if (typeof e.code === 'string') return e.code;
  return typeof e.status === 'number' ? `HTTP_${e.status}` : 'UNKNOWN';
}
