import type { KyInstance } from 'ky';
import type {
  CardInfo,
  SavedCard,
  SellBySavedCardRequest,
  SellByCardRequest,
  SellLimit,
  SellOrder,
  SellRate,
} from '../../contracts/sell';

export type { CardInfo, SavedCard, SellLimit, SellOrder, SellRate } from '../../contracts/sell';
/** Spec §7 sell with a new card (`card`) or a saved one (`savedCard`). */
export type SellRequest = ({ kind: 'card' } & SellByCardRequest) | ({ kind: 'savedCard' } & SellBySavedCardRequest);

const c2f = 'b2c-wallet/c2f';

/** Spec §7 Sell (card-to-fiat) calls, at the paths contracts/sell.ts lists. */
export const createSellApi = (authHttp: KyInstance) => ({
  /** Card info by the first 6 digits: only the BIN leaves the device before the sell itself. */
  lookupBin: (bin: string) => authHttp.get(`${c2f}/bin/${encodeURIComponent(bin)}`).json<CardInfo>(),
  savedCards: (account: string, fiat: string) => authHttp.get(`${c2f}/${account}/cards/${fiat}`).json<SavedCard[]>(),
  limits: (account: string, fiat: string) => authHttp.get(`${c2f}/${account}/limit/${fiat}`).json<SellLimit>(),
  rate: (account: string, fiat: string, currency: string) =>
    authHttp.post(`${c2f}/${account}/rate/${fiat}/${encodeURIComponent(currency)}`).json<SellRate>(),
  /**
   * One request per review (its idempotency key is in the body); the `pincode` header only when a
   * passcode is set. Only the 401 re-authentication resends it, with the same body.
   */
  sell(account: string, request: SellRequest, pincode = ''): Promise<SellOrder> {
    const { kind, ...body } = request;
    const path = kind === 'savedCard' ? 'order/bySavedCard' : 'order/byCard';
    return authHttp
      .post(`${c2f}/${account}/${path}`, { json: body, headers: pincode ? { pincode } : undefined })
      .json<SellOrder>();
  },
  order: (account: string, id: string) =>
    authHttp.get(`${c2f}/${account}/order/${encodeURIComponent(id)}`).json<SellOrder>(),
});

export type SellApi = ReturnType<typeof createSellApi>;
