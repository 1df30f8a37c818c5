import type { KyInstance } from 'ky';
import type {
  Asset,
  Coin,
  CoinMeta,
  HistoryExportQuery,
  HistoryPage,
  HistoryQuery,
  RatesMap,
  Transaction,
} from '../../contracts/wallet';

// The domain types live in contracts/; re-exported so callers of this module keep one import.
export type {
  Asset,
  Coin,
  CoinMeta,
  FiatMeta,
  HistoryPage,
  RatesMap,
  Transaction,
  TransactionState,
  TransactionType,
} from '../../contracts/wallet';
export type HistoryFilter = HistoryQuery;

const wallet = 'b2c-wallet';

/** Spec §7 Meta and Wallet calls, on the authenticated client built by src/app/services.ts. */
export const createWalletApi = (authHttp: KyInstance) =>
  withBalances({
    getCurrencies: () => authHttp.get(`${wallet}/meta-info/currency`).json<Coin[]>(),
    getCoinMeta: () => authHttp.get(`${wallet}/meta-info/coin`).json<CoinMeta>(),
    getAssets: (account: string) => authHttp.get(`${wallet}/${account}/asset`).json<Asset[]>(),
    async addAsset(account: string, currency: string): Promise<void> {
      await authHttp.post(`${wallet}/${account}/account/currency`, { json: { currency } });
    },
    async addAssets(account: string, currencies: string[]): Promise<void> {
      await authHttp.post(`${wallet}/${account}/account/currency/list`, { json: { currencies } });
    },
    async archiveAsset(account: string, currency: string): Promise<void> {
      await authHttp.delete(`${wallet}/${account}/account/currency/${encodeURIComponent(currency)}`);
    },
    getHistory: (account: string, filter: HistoryFilter = {}) =>
      authHttp
        .post(`${wallet}/${account}/asset/transactions`, {
          json: { sort: 'DESC', properties: ['createdDate'], pageSize: 100, pageNumber: 1, ...filter },
        })
        .json<HistoryPage>(),
    /** The filtered history as CSV; the gateway streams it, however long, so no timeout cuts a long one. */
    exportHistory: (account: string, filter: HistoryExportQuery) =>
      authHttp.post(`${wallet}/${account}/asset/transactions/export`, { json: filter, timeout: false }).blob(),
    getTransaction: (account: string, id: string) =>
      authHttp.get(`${wallet}/${account}/asset/transaction/${encodeURIComponent(id)}`).json<Transaction>(),
    // A read sent as POST (spec §7): safe to repeat, so a dropped connection is retried like a GET rather
    // than leaving the fiat values out until the next poll.
    getRates: (from: string[], to: string[]) =>
      authHttp
        .post(`${wallet}/rate`, { json: { from, to }, retry: { limit: 2, methods: ['post'] } })
        .json<{ ratesMap: RatesMap }>(),
  });

export type WalletApi = ReturnType<typeof createWalletApi>;

/**
 * One balance poll (spec §7): the assets, then display rates for the crypto held, and when the answers
 * came (ms since the epoch: Home's "Updated hh:mm" while the connection is down).
 */
export type Balances = { assets: Asset[]; rates: RatesMap | null; at: number };

function withBalances<T extends Pick<WalletApiCalls, 'getAssets' | 'getRates'>>(api: T) {
  return {
    ...api,
    getBalances: (account: string, fiat: string, expectedCryptos: readonly string[] = []) =>
      loadBalances(api, account, fiat, expectedCryptos),
  };
}

type WalletApiCalls = {
  getAssets(account: string): Promise<Asset[]>;
  getRates(from: string[], to: string[]): Promise<{ ratesMap: RatesMap }>;
};

/**
 * `expectedCryptos`, the crypto the account held last time, lets the rates go out with the assets
 * instead of after them; they are used when they cover what the assets answer holds, else asked again.
 */
async function loadBalances(
  api: WalletApiCalls,
  account: string,
  fiat: string,
  expectedCryptos: readonly string[],
): Promise<Balances> {
  // Caught here: the guess may go unused (or the assets call fail) and must not surface as unhandled.
  const guessed = expectedCryptos.length > 0 ? api.getRates([...expectedCryptos], [fiat]).catch(() => null) : null;
  const assets = await api.getAssets(account);
  const from = assets.filter((a) => a.isCrypto).map((a) => a.currency);
  if (from.length === 0) return { assets, rates: {}, at: Date.now() };
  if (guessed && from.every((c) => expectedCryptos.includes(c))) {
    const rates = await guessed;
    if (rates) return { assets, rates: rates.ratesMap, at: Date.now() };
  }
  try {
    return { assets, rates: (await api.getRates(from, [fiat])).ratesMap, at: Date.now() };
  } catch {
    // Rates are display only: keep the previous ones rather than failing the balances.
    return { assets, rates: null, at: Date.now() };
  }
}
