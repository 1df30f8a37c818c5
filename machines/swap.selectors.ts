import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SwapOrder } from '../contracts/swap';
import type { countdownMachine } from './countdown.machine';
import type { PasscodeConfirmMachine } from './passcodeConfirm.machine';
import type { swapMachine } from './swap.machine';
import {
  amountProblem,
  availableOf,
  canReverse,
  coinOf,
  destinationCandidates,
  orderFee,
  sourceCandidates,
  type SwapContext,
} from './shared/swap';
import type { Coin } from '../contracts/wallet';

type Snapshot = SnapshotFrom<typeof swapMachine>;

export type SwapScreen = 'loading' | 'failed' | 'from' | 'to' | 'order' | 'review' | 'success';

/** Which of the five screens the machine is on (the layout renders it; the URL follows). */
export const selectSwapScreen = (s: Snapshot): SwapScreen =>
  s.matches('loading')
    ? 'loading'
    : s.matches('loadFailed')
      ? 'failed'
      : s.matches('pickingFrom')
        ? 'from'
        : s.matches('pickingTo')
          ? 'to'
          : s.matches('order')
            ? 'order'
            : s.matches('review')
              ? 'review'
              : 'success';

export type Candidate = { currency: string; coin: Coin | null; available: string | null };

const matchesSearch = (search: string) => {
  const q = search.trim().toLowerCase();
  return (c: Candidate) =>
    !q || [c.currency, c.coin?.name ?? '', c.currency.split('_')[0]].some((v) => v.toLowerCase().includes(q));
};

const candidates = (c: SwapContext, list: string[]): Candidate[] =>
  list
    .map((currency) => ({ currency, coin: coinOf(c, currency), available: availableOf(c, currency) }))
    .filter(matchesSearch(c.search));

export const selectSearch = (s: Snapshot) => s.context.search;
export const selectSources = (s: Snapshot) => candidates(s.context, sourceCandidates(s.context));
export const selectDestinations = (s: Snapshot) => candidates(s.context, destinationCandidates(s.context));
/** Closing a picker goes back to the amounts only when a pair is already chosen (else the flow is left). */
export const selectCanCloseSourcePicker = (s: Snapshot) => s.can({ type: 'sourcePicker.closed' });

export const selectFrom = (s: Snapshot) => s.context.from;
export const selectTo = (s: Snapshot) => s.context.to;
export const selectFromCoin = (s: Snapshot) => coinOf(s.context, s.context.from);
export const selectToCoin = (s: Snapshot) => coinOf(s.context, s.context.to);
export const selectAvailable = (s: Snapshot) => availableOf(s.context, s.context.from);
export const selectAmounts = (s: Snapshot) => ({
  source: s.context.sourceAmount,
  destination: s.context.destinationAmount,
  driver: s.context.driver,
});
export const selectQuote = (s: Snapshot) => s.context.quote;
export const selectQuoting = (s: Snapshot) => s.matches({ order: 'quoting' }) || s.matches({ order: 'debouncing' });
export const selectQuoteFailed = (s: Snapshot) => s.matches({ order: 'quoteFailed' });
/** Spec §5 swap_min_limit_error, swap_max_limit_error, swap_not_enough. */
export const selectAmountProblem = (s: Snapshot) => (s.matches({ order: 'quoted' }) ? amountProblem(s.context) : null);
export const selectCanSwapSides = (s: Snapshot) => s.matches('order') && canReverse(s.context);
export const selectCanMax = (s: Snapshot) => s.can({ type: 'max.requested' });
/** The 25 % and 50 % chips: like Max, only with something to spend. */
export const selectCanShare = (s: Snapshot) => s.can({ type: 'share.requested', share: 25 });
export const selectCanContinue = (s: Snapshot) => s.can({ type: 'form.submitted' });
/** "1 BTC ≈ 59 400 USDT" on the form: the quote's rate (the review shows its order's own). */
export const selectRate = (s: Snapshot) => s.context.quote?.rate ?? null;

export const selectOrder = (s: Snapshot) => s.context.order;
/** The order's spread against the mid-market rate, as the review's fee line (null: the gateway did not say). */
export const selectOrderFee = (s: Snapshot) => (s.context.order ? orderFee(s.context.order, s.context.quote) : null);
/** The order's countdown while it runs (the review shows 00:00 once it is over). */
export const selectCountdown = (s: Snapshot) =>
  s.children.countdown as ActorRefFrom<typeof countdownMachine> | undefined;
export const selectPreparingOrder = (s: Snapshot) =>
  s.matches({ review: 'keying' }) || s.matches({ review: 'creating' });
export const selectCreateFailed = (s: Snapshot) => s.matches({ review: 'createFailed' });
export const selectExpired = (s: Snapshot) => s.matches({ review: 'expired' });
export const selectRefused = (s: Snapshot) => s.matches({ review: 'refused' });
export const selectConfirming = (s: Snapshot) => s.matches({ review: { live: { step: 'confirming' } } });
export const selectCanConfirm = (s: Snapshot) => s.can({ type: 'review.confirmed' });
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectPasscode = (s: Snapshot) =>
  s.children.passcode as ActorRefFrom<PasscodeConfirmMachine<{ orderId: string }, SwapOrder>> | undefined;
export const selectIdempotencyKey = (s: Snapshot) => s.context.key;
