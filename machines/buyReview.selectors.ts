import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { buyReviewMachine } from './buyReview.machine';
import type { countdownMachine } from './countdown.machine';
import { rateOf } from './shared/buy';

type Snapshot = SnapshotFrom<typeof buyReviewMachine>;

/** Reading the quote's time, or given up (the flow is taking the user back to the order form). */
export const selectReviewLoading = (s: Snapshot) => s.matches('timing') || s.matches('left');
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectQuote = (s: Snapshot) => s.context.draft.quote;
export const selectCoin = (s: Snapshot) => s.context.coin;
/** The running countdown (absent before it starts and once it is over). */
export const selectCountdownActor = (s: Snapshot) =>
  s.children.countdown as ActorRefFrom<typeof countdownMachine> | undefined;
export const selectExpired = (s: Snapshot) => s.matches('expired') || s.matches('requoting');
export const selectRequoting = (s: Snapshot) => s.matches('requoting');
/** The order request is on its way, or the order exists and the payment page is opening. */
export const selectCreating = (s: Snapshot) => s.matches({ counting: 'creating' }) || s.matches('created');
export const selectPreparing = (s: Snapshot) => s.matches({ counting: 'keying' });
export const selectCanConfirm = (s: Snapshot) => s.can({ type: 'review.confirmed' });
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectRate = (s: Snapshot) => rateOf(s.context.draft.quote);
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
