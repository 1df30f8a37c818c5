import type { SnapshotFrom } from 'xstate';
import type { buyOrderMachine } from './buyOrder.machine';
import { isLimitFailure, limitsOf, rateOf } from './shared/buy';

type Snapshot = SnapshotFrom<typeof buyOrderMachine>;

export const selectBuyOrderScreen = (s: Snapshot): 'loading' | 'failed' | 'form' =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'failed' : 'form';
export const selectCoin = (s: Snapshot) => s.context.coin;
export const selectFiat = (s: Snapshot) => s.context.fiat;
export const selectCrypto = (s: Snapshot) => s.context.crypto;
export const selectSide = (s: Snapshot) => s.context.side;
export const selectFiatCurrency = (s: Snapshot) => s.context.fiatCurrency;
export const selectQuoting = (s: Snapshot) => s.matches({ editing: 'quoting' }) || s.matches({ editing: 'waiting' });
/** Spec §5 buy_limit: the fiat amount is outside the limits (the app's check or the server's). */
export const selectOutOfLimits = (s: Snapshot) => s.matches({ editing: 'outOfLimits' });
export const selectLimits = (s: Snapshot) => limitsOf(s.context.fiatCurrency);
export const selectQuoteFailed = (s: Snapshot) =>
  s.matches({ editing: 'quoteFailed' }) && !isLimitFailure(s.context.failure);
/** Approximate fiat per 1 crypto from the quote on screen, or null. */
export const selectRate = (s: Snapshot) => (s.matches({ editing: 'quoted' }) ? rateOf(s.context.quote) : null);
/** Review mirrors the machine's guard: a quote whose crypto amount is above 0, within the limits. */
export const selectCanReview = (s: Snapshot) => s.can({ type: 'order.submitted' });
