import { fromPromise } from 'xstate';
import type { PriceHistory } from '../../../../contracts/prices';
import type { PriceHistoryRequest } from '../../../../machines/priceChart.machine';
import type { PricesApi } from '../../../api/prices';

/** Live actor logic of the price chart (issue 14). */
export function createPriceActors({ api }: { api: Pick<PricesApi, 'history'> }) {
  return {
    loadHistory: fromPromise<PriceHistory, PriceHistoryRequest>(({ input }) =>
      api.history(input.currency, input.fiat, input.range),
    ),
  };
}
