import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SellOrder } from '../contracts/sell';
import type { PasscodeConfirmMachine } from './passcodeConfirm.machine';
import type { sellMachine, SellRequest } from './sell.machine';
import type { sellAmountMachine } from './sellAmount.machine';
import type { sellCardMachine } from './sellCard.machine';
import { payoutsUnavailable } from './shared/sell';

type Snapshot = SnapshotFrom<typeof sellMachine>;

/** Which step the machine is on (the layout renders it; the URL follows). */
export const selectSellStep = (s: Snapshot): 'order' | 'card' | 'review' | 'success' =>
  s.matches('card') ? 'card' : s.matches('review') ? 'review' : s.matches('success') ? 'success' : 'order';
export const selectAmountActor = (s: Snapshot) =>
  s.children.amount as ActorRefFrom<typeof sellAmountMachine> | undefined;
export const selectCardActor = (s: Snapshot) => s.children.card as ActorRefFrom<typeof sellCardMachine> | undefined;
export const selectPasscode = (s: Snapshot) =>
  s.children.passcode as ActorRefFrom<PasscodeConfirmMachine<SellRequest, SellOrder>> | undefined;
export const selectOrder = (s: Snapshot) => s.context.order;
export const selectCard = (s: Snapshot) => s.context.card;
export const selectPreparingReview = (s: Snapshot) => s.matches({ review: 'keying' });
export const selectSelling = (s: Snapshot) => s.matches({ review: 'selling' });
export const selectCanConfirm = (s: Snapshot) => s.can({ type: 'review.confirmed' });
export const selectFailure = (s: Snapshot) => s.context.failure;
/** Spec §8: the payout provider is down; the review says so and the user may try again later. */
export const selectPayoutsUnavailable = (s: Snapshot) =>
  s.context.failure !== null && payoutsUnavailable(s.context.failure);
export const selectPayoutPhase = (s: Snapshot): 'pending' | 'completed' | 'failed' =>
  s.matches({ success: 'completed' }) ? 'completed' : s.matches({ success: 'failed' }) ? 'failed' : 'pending';
/** The crypto the order holds, as the gateway counted it (falls back to the typed amount). */
export const selectSoldAmount = (s: Snapshot) => s.context.placed?.amount || s.context.order?.amount || '';
export const selectIdempotencyKey = (s: Snapshot) => s.context.key;
