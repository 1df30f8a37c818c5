import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { buyMachine } from './buy.machine';
import type { buyOrderMachine } from './buyOrder.machine';
import type { buyPayMachine } from './buyPay.machine';
import type { buyReviewMachine } from './buyReview.machine';
import type { buyStatusMachine } from './buyStatus.machine';
import type { BuyStep } from './shared/buy';

type Snapshot = SnapshotFrom<typeof buyMachine>;

/** The step on screen (and in the URL). */
export const selectBuyStep = (s: Snapshot): BuyStep | null =>
  s.matches('pay')
    ? 'pay'
    : s.matches('order')
      ? 'order'
      : s.matches('review')
        ? 'review'
        : s.matches('status')
          ? 'status'
          : null;
export const selectBuyChoice = (s: Snapshot) => ({
  currency: s.context.currency,
  geoId: s.context.region?.geoId ?? '',
  fiatCurrency: s.context.region?.fiatCurrency ?? '',
});
export const selectOrderId = (s: Snapshot) => s.context.orderId;

export const selectPayActor = (s: Snapshot) => s.children.pay as ActorRefFrom<typeof buyPayMachine> | undefined;
export const selectOrderActor = (s: Snapshot) => s.children.order as ActorRefFrom<typeof buyOrderMachine> | undefined;
export const selectReviewActor = (s: Snapshot) =>
  s.children.review as ActorRefFrom<typeof buyReviewMachine> | undefined;
export const selectStatusActor = (s: Snapshot) =>
  s.children.status as ActorRefFrom<typeof buyStatusMachine> | undefined;
