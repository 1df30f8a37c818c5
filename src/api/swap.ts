import type { KyInstance } from 'ky';
import type {
  CurrencyPair,
  SwapLimit,
  SwapOrder,
  SwapOrderRequest,
  SwapQuote,
  SwapQuoteQuery,
} from '../../contracts/swap';

export type {
  CurrencyPair,
  SwapLimit,
  SwapOrder,
  SwapOrderRequest,
  SwapQuote,
  SwapQuoteQuery,
} from '../../contracts/swap';

const wallet = 'b2c-wallet';

/** Spec §7 Swap calls. */
export const createSwapApi = (authHttp: KyInstance) => ({
  pairs: (account: string) => authHttp.get(`${wallet}/${account}/currency-pair`).json<CurrencyPair[]>(),
  limit: (account: string, source: string, destination: string) =>
    authHttp
      .get(`${wallet}/${account}/limit/${encodeURIComponent(source)}/${encodeURIComponent(destination)}`)
      .json<SwapLimit>(),
  quote: (account: string, query: SwapQuoteQuery) =>
    authHttp.post(`${wallet}/${account}/exchange/pre-calculate`, { json: query }).json<SwapQuote>(),
  /** Never retried here except by the 401 re-authentication, which sends the same body, so the same key. */
  createOrder: (account: string, request: SwapOrderRequest) =>
    authHttp.post(`${wallet}/${account}/exchange`, { json: request }).json<SwapOrder>(),
  /** The `pincode` header is omitted when empty (spec §6); the confirm is idempotent on the order id. */
  confirm: (account: string, orderId: string, pincode = '') =>
    authHttp
      .post(`${wallet}/${account}/exchange/confirm/${encodeURIComponent(orderId)}`, {
        headers: pincode ? { pincode } : undefined,
      })
      .json<SwapOrder>(),
});

export type SwapApi = ReturnType<typeof createSwapApi>;
