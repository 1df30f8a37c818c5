import type { KyInstance } from 'ky';

/** Spec §3 coin catalogue entry (GET /b2c-wallet/meta-info/currency). */
export type Coin = {
  currency: string;
  name: string;
  logoName: string;
  secondaryLogoName: string | null;
  parentName: string | null;
  round: number;
  active: boolean;
  crypto: boolean;
  token: boolean;
  blockchain: string;
  baseCurrency: string | null;
  network: string;
  urlScan: string | null;
  implementations: { currency: string }[];
};

export type FiatMeta = { currency: string; name: string };
export type CoinMeta = { fiat: FiatMeta[]; crypto: Coin[] };

/** Spec §3 asset/balance item; amounts are exact decimal strings. */
export type Asset = {
  currency: string;
  isCrypto: boolean;
  isToken: boolean;
  totalAvailable: string;
  onHold: string;
  depositAddress: string | null;
};

export type TransactionState = 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
export type TransactionType = 'DEPOSIT' | 'WITHDRAWAL' | 'EXCHANGE' | 'C2F' | 'F2C';

/** Spec §3 transaction; the gateway sends only the fields that apply. */
export type Transaction = {
  id: string;
  currency: string;
  direction: 'DEPOSIT' | 'WITHDRAWAL';
  transactionType: TransactionType;
  state: TransactionState;
  amount: string;
  fee?: string | null;
  serviceFee?: string | null;
  exchangeRate?: string | null;
  from?: string | null;
  to?: string | null;
  sender?: string | null;
  receiver?: string | null;
  senderName?: string | null;
  recipientName?: string | null;
  hash?: string | null;
  createdDate: string;
  dateReceived?: string | null;
  accountFromType?: 'B2C' | 'B2B' | null;
  accountToType?: 'B2C' | 'B2B' | null;
  fromCurrency?: string | null;
  toCurrency?: string | null;
  fromAmount?: string | null;
  toAmount?: string | null;
  fiatCurrency?: string | null;
  explorerLink?: string | null;
  network?: string | null;
  confirmations?: number | null;
  requiredConfirmations?: number | null;
};

export type HistoryFilter = {
  currency?: string;
  sort?: 'DESC' | 'ASC';
  properties?: ['createdDate'];
  pageSize?: number;
  pageNumber?: number;
};

export type HistoryPage = {
  content: Transaction[];
  totalElements: number;
  totalPages: number;
  pageNumber: number;
  pageSize: number;
};

/** ratesMap[from][to]: display rates (spec §3); never used to move funds. */
export type RatesMap = Record<string, Record<string, number>>;

const wallet = 'b2c-wallet';

/** Spec §7 Meta and Wallet calls, on the authenticated client built by src/app/services.ts. */
export const createWalletApi = (authHttp: KyInstance) => withBalances({
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
  getTransaction: (account: string, id: string) =>
    authHttp.get(`${wallet}/${account}/asset/transaction/${encodeURIComponent(id)}`).json<Transaction>(),
  getRates: (from: string[], to: string[]) =>
    authHttp.post(`${wallet}/rate`, { json: { from, to } }).json<{ ratesMap: RatesMap }>(),
});

export type WalletApi = ReturnType<typeof createWalletApi>;

/** One balance poll (spec §7): the assets, then display rates for the crypto held. */
export type Balances = { assets: Asset[]; rates: RatesMap | null };

function withBalances<T extends Pick<WalletApiCalls, 'getAssets' | 'getRates'>>(api: T) {
  return { ...api, getBalances: (account: string, fiat: string) => loadBalances(api, account, fiat) };
}

type WalletApiCalls = {
  getAssets(account: string): Promise<Asset[]>;
  getRates(from: string[], to: string[]): Promise<{ ratesMap: RatesMap }>;
};

async function loadBalances(api: WalletApiCalls, account: string, fiat: string): Promise<Balances> {
  const assets = await api.getAssets(account);
  const from = assets.filter((a) => a.isCrypto).map((a) => a.currency);
  if (from.length === 0) return { assets, rates: {} };
  try {
    return { assets, rates: (await api.getRates(from, [fiat])).ratesMap };
  } catch {
    // Rates are display only: keep the previous ones rather than failing the balances.
    return { assets, rates: null };
  }
}
