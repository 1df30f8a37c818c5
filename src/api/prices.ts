import type { KyInstance } from 'ky';
import type { PriceHistory, PriceRange } from '../../contracts/prices';

export type { PriceHistory, PricePoint, PriceRange, PriceSummary } from '../../contracts/prices';

/**
 * Price charts (issue 14). Prices are not personal, so the call carries no token (like the rates of
 * spec §6) and goes through the public client.
 */
export const createPricesApi = (publicHttp: KyInstance) => ({
  history: (currency: string, fiat: string, range: PriceRange) =>
    publicHttp.get('b2c-wallet/rate/history', { searchParams: { currency, fiat, range } }).json<PriceHistory>(),
});

export type PricesApi = ReturnType<typeof createPricesApi>;
