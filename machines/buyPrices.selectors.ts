import type { SnapshotFrom } from 'xstate';
import type { buyPricesMachine } from './buyPrices.machine';

type Snapshot = SnapshotFrom<typeof buyPricesMachine>;

/** One coin's price in the fiat, or null (not loaded, not priced). */
export const selectPrice = (currency: string) => (s: Snapshot) => s.context.prices[currency] ?? null;
export const selectPrices = (s: Snapshot) => s.context.prices;
