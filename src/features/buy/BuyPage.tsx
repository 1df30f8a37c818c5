import { useEffect, useState } from 'react';
import { Navigate, useParams, useRouterState, useSearch, type NavigateOptions } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { buyMachine, choiceOf, type BuyContext, type BuyOpened, type BuyStep } from '../../../machines/buy.machine';
import { selectBuyStep } from '../../../machines/buy.selectors';
import { buyOrderMachine } from '../../../machines/buyOrder.machine';
import { buyPayMachine } from '../../../machines/buyPay.machine';
import { buyReviewMachine } from '../../../machines/buyReview.machine';
import { buyStatusMachine } from '../../../machines/buyStatus.machine';
import { selectCoins } from '../../../machines/availableCoins.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { useFlowRoute } from '../shared/useFlowRoute';
import { BuyFlow } from './BuyFlow';
import { buyMessages } from './messages';
import { openPaymentPage } from './redirect';
import { createBuyActors } from './services';
import { pendingBuy } from './storage';

const buyActors = (deps: FeatureDeps) => createBuyActors(deps);

/** The step a URL of the flow shows. */
export function stepAt(pathname: string): BuyStep | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/buy/pay') return 'pay';
  if (path === '/buy/order') return 'order';
  if (path === '/buy/order/review') return 'review';
  return path.startsWith('/buy/status/') ? 'status' : null;
}

/** Where a step lives: the coin and region (the search) and the order id are the flow's. */
export function locationOf(step: BuyStep, c: BuyContext): NavigateOptions {
  const { currency, geoId, fiatCurrency } = choiceOf(c);
  if (step === 'pay') return { to: '/buy/pay', search: { currency } };
  if (step === 'status') return { to: '/buy/status/$orderId', params: { orderId: c.orderId ?? '' } };
  return { to: step === 'order' ? '/buy/order' : '/buy/order/review', search: { currency, geoId, fiat: fiatCurrency } };
}

/** What the URL the flow opens on carries; null when it lacks what its step needs. */
function inputAt(
  step: BuyStep | null,
  search: { currency?: string; geoId?: string; fiat?: string },
  orderId: string | undefined,
): BuyOpened | null {
  const { currency = '', geoId = '', fiat = '' } = search;
  if (step === 'status') return orderId ? { step, currency, region: null, orderId } : null;
  if (step === 'pay') return currency ? { step, currency, region: null, orderId: null } : null;
  if (!step || !currency || !geoId || !fiat) return null;
  return { step, currency, region: { geoId, fiatCurrency: fiat }, orderId: null };
}

/**
 * /buy/pay, /buy/order, /buy/order/review and the return screen /buy/status/$orderId (contracts/buy.ts
 * BUY_RETURN_PATH): one buy machine for the four. The URL it opens on is read once; then the URL is the step.
 */
export function BuyPage() {
  const search = useSearch({ from: '/signed-in/buy-flow' });
  const { orderId } = useParams({ strict: false }) as { orderId?: string };
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [opened] = useState(() => inputAt(stepAt(pathname), search, orderId));
  if (!opened) return <Navigate to={stepAt(pathname) === 'status' ? '/home' : '/buy/get'} replace />;
  return <Buy opened={opened} />;
}

function Buy({ opened }: { opened: BuyOpened }) {
  const { coins, balances, platform, showToast } = useSignedInServices();
  const actors = useFeatureActors(buyActors);
  const { i18n } = useLingui();
  const catalogue = useSelector(coins, selectCoins);
  const actor = useActorRef(
    buyMachine.provide({
      actors: {
        pay: buyPayMachine.provide({ actors: actors.buyPay }),
        order: buyOrderMachine.provide({ actors: actors.buyOrder }),
        review: buyReviewMachine.provide({
          actors: actors.buyReview,
          actions: {
            notifyFailed: (_, { failure }) =>
              showToast({
                kind: 'error',
                message:
                  failure.code === 'UNKNOWN' && !failure.message
                    ? i18n._(buyMessages.keyFailed)
                    : failure.message || i18n._(buyMessages.somethingWentWrong),
              }),
          },
        }),
        status: buyStatusMachine.provide({
          actors: actors.buyStatus,
          actions: {
            forgetPending: ({ context }) => {
              pendingBuy.forget(context.orderId);
              // The new balance shows at once on Home, not at the next 10 s poll.
              balances.send({ type: 'balances.refreshRequested' });
            },
            openPayment: (_, { url }) => openPaymentPage(platform, url, i18n.locale),
          },
        }),
      },
      actions: {
        openPayment: (_, { order }) => {
          pendingBuy.remember(order.orderId);
          openPaymentPage(platform, order.url, i18n.locale);
        },
      },
    }),
    { input: { followInApp: platform.isTelegram } },
  );
  // Once: a second time (React's strict mode) the flow is already on a step and ignores it.
  useEffect(() => actor.send({ type: 'flow.opened', ...opened }), [actor, opened]);
  useFlowRoute(actor, {
    stepOf: selectBuyStep,
    urlStep: ({ pathname }) => stepAt(pathname),
    locationOf: (step) => locationOf(step, actor.getSnapshot().context),
    // Followed in the messenger, the status replaces the review: back does not lead to a confirmed review.
    replaces: ['status'],
  });
  return <BuyFlow actor={actor} coinOf={(currency) => catalogue[currency] ?? null} />;
}
