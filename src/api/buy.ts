import type { KyInstance } from 'ky';
import { BUY_PATHS } from '../../contracts/buyPaths';
import type {
  BuyOrderAnswer,
  BuyOrderRequest,
  BuyOrderStatus,
  BuyQuote,
  BuyRateRequest,
  FiatGeo,
  FiatMetadata,
  FiatMethod,
  FiatMethodQuery,
} from '../../contracts/buy';

export type {
  BuyOrderAnswer,
  BuyOrderRequest,
  BuyOrderStatus,
  BuyQuote,
  BuyRateRequest,
  FiatGeo,
  FiatMetadata,
} from '../../contracts/buy';

/**
 * Spec §7 Card buy (fiat applier). Spec §6: none of these carries a bearer token, so they go through the
 * public client; the gateway binds quotes and orders to a deposit address of this wallet instead.
 * The order is never retried here: one call, one idempotency key (a retry is the machine's, same key).
 */
export const createBuyApi = (publicHttp: KyInstance) => ({
  methods: (query: FiatMethodQuery) => publicHttp.post(BUY_PATHS.method, { json: query }).json<FiatMethod[]>(),
  geo: (depositAddress: string) =>
    publicHttp.get(BUY_PATHS.geo, { searchParams: { depositAddress } }).json<FiatGeo[]>(),
  metadata: () => publicHttp.get(BUY_PATHS.metadata).json<FiatMetadata>(),
  availability: (depositAddress: string) =>
    publicHttp.get(BUY_PATHS.availability, { searchParams: { depositAddress } }).json<FiatGeo[]>(),
  /** The first element of the list is the quote (spec §3); an empty list is no quote. */
  async rate(request: BuyRateRequest): Promise<BuyQuote> {
    const [first] = await publicHttp.post(BUY_PATHS.rate, { json: request }).json<BuyQuote[]>();
    if (!first) throw Object.assign(new Error('No quote for this amount'), { code: 'NO_QUOTE' });
    return first;
  },
  order: (request: BuyOrderRequest) =>
    publicHttp.post(BUY_PATHS.order, { json: request, retry: 0 }).json<BuyOrderAnswer>(),
  status: (orderId: string) => publicHttp.get(BUY_PATHS.orderStatus(orderId)).json<BuyOrderStatus>(),
});

export type BuyApi = ReturnType<typeof createBuyApi>;
