import { fromPromise, waitFor } from 'xstate';
import type { AssetOverview } from '../../../machines/assetHistory.machine';
import type { HistoryChunk } from '../../../machines/shared/historyPages';
import type { ReceiveTarget, ShareOutcome } from '../../../machines/receive.machine';
import type { TransactionDetailsInput, TransactionView } from '../../../machines/transactionDetails.machine';
import type { Coin, WalletApi } from '../../api/wallet';
import type { HistoryQuery } from '../../../contracts/wallet';
import type { AvailableCoinsActor } from '../../app/actors';
import type { Platform } from '../../platform/types';

/** The wallet calls these screens make (spec §7). */
export type AssetApi = Pick<WalletApi, 'getAssets' | 'getHistory' | 'getTransaction'>;

/** Spec §9: history in pages of 100, newest first. */
export const HISTORY_PAGE: HistoryQuery = { sort: 'DESC', properties: ['createdDate'], pageSize: 100 };

export type AssetDeps = {
  coins: AvailableCoinsActor;
  platform: Platform;
  api: AssetApi;
  accountId: () => Promise<string>;
};

const notFound = () => Object.assign(new Error('Not in the wallet'), { kind: 'notFound' });
/** Offered by the catalogue, not held: the screen can offer to add it. */
const notAdded = (coin: Coin) => Object.assign(new Error('Not added to the wallet'), { kind: 'notAdded', coin });

/** The catalogue entry, once the app-wide catalogue has loaded; a failed catalogue is asked again. */
export async function coinOf(coins: AvailableCoinsActor, currency: string): Promise<Coin> {
  if (coins.getSnapshot().matches('error')) coins.send({ type: 'coins.retried' });
  const snapshot = await waitFor(coins, (s) => s.matches('loaded') || s.matches('error'));
  if (snapshot.matches('error')) throw Object.assign(new Error('Catalogue unavailable'), { code: 'META_INFO' });
  const coin = snapshot.context.coins[currency];
  if (!coin) throw notFound();
  return coin;
}

/** Real actor logic for the asset, receive and transaction-details machines. */
export function createAssetActors({ coins, platform, api, accountId }: AssetDeps) {
  async function assetOf(currency: string) {
    const asset = (await api.getAssets(await accountId())).find((a) => a.currency === currency);
    if (!asset) throw notFound();
    return asset;
  }
  return {
    loadOverview: fromPromise<AssetOverview, { currency: string }>(async ({ input }) => {
      const account = await accountId();
      // Spec §9: page 1 of 100, newest first; asked at the same time, awaited only for a coin the wallet holds.
      const history = api.getHistory(account, { currency: input.currency, ...HISTORY_PAGE, pageNumber: 1 });
      history.catch(() => {});
      const [coin, assets] = await Promise.all([coinOf(coins, input.currency), api.getAssets(account)]);
      const asset = assets.find((a) => a.currency === input.currency);
      if (!asset) throw notAdded(coin);
      const page = await history;
      return { coin, asset, transactions: page.content, nextCursor: page.nextCursor ?? null };
    }),
    loadMore: fromPromise<HistoryChunk, { currency: string; cursor: string }>(async ({ input }) => {
      const page = await api.getHistory(await accountId(), {
        currency: input.currency,
        ...HISTORY_PAGE,
        cursor: input.cursor,
      });
      return { transactions: page.content, nextCursor: page.nextCursor ?? null };
    }),
    loadAddress: fromPromise<ReceiveTarget, { currency: string }>(async ({ input }) => {
      const [coin, asset] = await Promise.all([coinOf(coins, input.currency), assetOf(input.currency)]);
      if (!asset.depositAddress) throw Object.assign(new Error('No deposit address yet'), { kind: 'noAddress' });
      return { coin, address: asset.depositAddress };
    }),
    loadTransaction: fromPromise<TransactionView, TransactionDetailsInput>(async ({ input }) => {
      const transaction = await api.getTransaction(await accountId(), input.id);
      // The details still show without the catalogue (amounts untrimmed, network from the transaction).
      const coin = await coinOf(coins, transaction.currency || input.currency).catch(() => null);
      return { transaction, coin };
    }),
    copyText: fromPromise<void, { text: string }>(({ input }) => platform.copyText(input.text)),
    share: fromPromise<ShareOutcome, { text: string; url?: string }>(({ input }) => platform.share(input)),
  };
}

export type AssetActors = ReturnType<typeof createAssetActors>;
