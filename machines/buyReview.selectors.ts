import type { SnapshotFrom } from 'xstate';
import type { buyReviewMachine } from './buyReview.machine';
import { mmss, rateOf } from './shared/buy';

type Snapshot = SnapshotFrom<typeof buyReviewMachine>;

export const selectReviewLoading = (s: Snapshot) => s.matches('loading') || s.matches('left');
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectQuote = (s: Snapshot) => s.context.quote;
export const selectCoin = (s: Snapshot) => s.context.coin;
export const selectCountdown = (s: Snapshot) => mmss(s.context.secondsLeft);
export const selectExpired = (s: Snapshot) => s.matches('expired') || s.matches('requoting');
export const selectRequoting = (s: Snapshot) => s.matches('requoting');
export const selectCreating = (s: Snapshot) => s.matches({ active: 'creating' }) || s.matches('redirecting');
export const selectPreparing = (s: Snapshot) => s.matches('keying');
export const selectCanConfirm = (s: Snapshot) => s.can({ type: 'review.confirmed' });
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectRate = (s: Snapshot) => rateOf(s.context.quote);
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
