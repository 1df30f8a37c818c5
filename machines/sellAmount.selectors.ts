import type { SnapshotFrom } from 'xstate';
import type { sellAmountMachine } from './sellAmount.machine';
import { toWireAmount } from './shared/amountInput';
import { boundsOf, exceedsBalance, fiatFor, limitProblem, noRoom } from './shared/sell';

type Snapshot = SnapshotFrom<typeof sellAmountMachine>;

export const selectAmountStatus = (
  s: Snapshot,
): 'loading' | 'failed' | 'unavailable' | 'noRoom' | 'editing' | 'done' =>
  s.matches('loading')
    ? 'loading'
    : s.matches('failed')
      ? 'failed'
      : s.matches('unavailable')
        ? 'unavailable'
        : s.matches('noRoom')
          ? 'noRoom'
          : s.matches('done')
            ? 'done'
            : 'editing';
export const selectAmount = (s: Snapshot) => s.context.amount;
export const selectTerms = (s: Snapshot) => s.context.terms;
export const selectRefreshing = (s: Snapshot) => s.matches({ editing: 'refreshing' });
/** Spec §5: the first and last amounts that pass (limits ÷ rate, in the coin's decimals), or null before the terms or without room. */
export const selectBounds = (s: Snapshot) => {
  const t = s.context.terms;
  return t && !noRoom(t.limits) ? boundsOf(t.rate, t.limits, t.coin.round) : null;
};
export const selectLimitProblem = (s: Snapshot) => {
  const t = s.context.terms;
  return t ? limitProblem(s.context.amount, t.rate, t.limits, t.coin.round) : null;
};
export const selectNotEnoughFunds = (s: Snapshot) =>
  exceedsBalance(s.context.amount, s.context.terms?.available ?? null);
/** What the card receives for the typed amount (RUB, cut to kopecks), or null while nothing is typed. */
export const selectFiatAmount = (s: Snapshot) => {
  const t = s.context.terms;
  const amount = toWireAmount(s.context.amount);
  return t && s.context.amount !== '' ? fiatFor(amount, t.rate) : null;
};
export const selectCanSubmit = (s: Snapshot) => s.can({ type: 'amount.submitted' });
/** Max is offered once the terms are in and something is held. */
export const selectCanMax = (s: Snapshot) => s.can({ type: 'amount.maxed' });
