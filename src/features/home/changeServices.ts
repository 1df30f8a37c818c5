import { fromPromise } from 'xstate';
import type { DayPrices, PortfolioChangeInput } from '../../../machines/portfolioChange.machine';
import type { PricesApi } from '../../api/prices';

/** Live logic of Home's 24 h change: one price history per coin held, asked together. */
export function createPortfolioChangeActors({ api }: { api: Pick<PricesApi, 'history'> }) {
  return {
    loadDayPrices: fromPromise<DayPrices, PortfolioChangeInput>(async ({ input }) => {
      const histories = await Promise.all(input.currencies.map((currency) => api.history(currency, input.fiat, '24h')));
      const prices: DayPrices = {};
      for (const { currency, summary } of histories)
        if (summary) prices[currency] = { open: summary.open, close: summary.close };
      return prices;
    }),
  };
}
