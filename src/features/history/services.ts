import { fromPromise } from 'xstate';
import type { HistoryFeedPage } from '../../../machines/historyFeed.machine';
import type { HistoryFilter } from '../../../contracts/wallet';
import type { WalletApi } from '../../api/wallet';
import { HISTORY_PAGE } from '../asset/services';

export type HistoryApi = Pick<WalletApi, 'getHistory' | 'exportHistory'>;

/** Hands the file to the browser as a download (in the app: an object URL on a temporary link). */
export type SaveFile = (file: Blob, name: string) => void;

export type HistoryDeps = { api: HistoryApi; accountId: () => Promise<string>; saveFile: SaveFile };

/** Real actor logic for the all-assets history and its CSV export. */
export function createHistoryActors({ api, accountId, saveFile }: HistoryDeps) {
  return {
    loadPage: fromPromise<HistoryFeedPage, { filter: HistoryFilter; cursor: string | null }>(async ({ input }) => {
      const page = await api.getHistory(await accountId(), {
        ...input.filter,
        ...HISTORY_PAGE,
        ...(input.cursor ? { cursor: input.cursor } : {}),
      });
      return { transactions: page.content, nextCursor: page.nextCursor ?? null, total: page.totalElements };
    }),
    exportCsv: fromPromise<void, { filter: HistoryFilter }>(async ({ input }) => {
      saveFile(await api.exportHistory(await accountId(), input.filter), 'history.csv');
    }),
  };
}

export type HistoryActors = ReturnType<typeof createHistoryActors>;

/** The browser's download of a file made here. */
export const downloadFile: SaveFile = (file, name) => {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the data by the next tick; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};
