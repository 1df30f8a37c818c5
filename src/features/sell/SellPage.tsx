import { useEffect } from 'react';
import { Navigate, useNavigate, useRouterState, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { sellMachine, sellRequestOf } from '../../../machines/sell.machine';
import { SELL_FIAT, type SellFailure, type SellRoute } from '../../../machines/shared/sell';
import { useFiatRate } from '../../app/fiatRate';
import { useServices } from '../../app/context';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { createPasscodeStep } from '../send/steps';
import { sellMessages } from './messages';
import { SellFlow } from './SellFlow';
import type { SellActor } from './SellReviewScreen';
import { createSellActors } from './services';
import { sellDrafts, sellKeys } from './storage';

const sellActors = (deps: FeatureDeps) => createSellActors(deps);
const SYSTEM_ID = 'sell';

const stepOf = (pathname: string): SellRoute =>
  pathname.endsWith('/review')
    ? 'review'
    : pathname.endsWith('/card')
      ? 'card'
      : pathname.endsWith('/success')
        ? 'success'
        : 'order';

function SellRoute({ currency }: { currency: string }) {
  const { showToast } = useServices();
  const sell = useFeatureActors(sellActors);
  const navigate = useNavigate();
  const { i18n } = useLingui();
  const step = stepOf(useRouterState({ select: (s) => s.location.pathname }));
  const search = { currency, fiat: SELL_FIAT };
  const failed = (failure: SellFailure) =>
    showToast({ kind: 'error', message: failure.message || i18n._(sellMessages.somethingWentWrong) });

  const actor = useActorRef(
    sellMachine.provide({
      actors: {
        ...sell.actors,
        // The step reads the review's request (and so its key) from the running sell actor when the code is entered.
        passcode: createPasscodeStep(
          sell.sell,
          (system) => sellRequestOf((system.get(SYSTEM_ID) as SellActor).getSnapshot().context),
          failed,
        ),
      },
      actions: {
        forgetKey: (_, { signature }) => sellKeys.forget(signature),
        restoreOrderUrl: (_, { needed }) => {
          if (needed) void navigate({ to: '/sell/order', search, replace: true });
        },
        showOrder: () => void navigate({ to: '/sell/order', search }),
        showCard: () => void navigate({ to: '/sell/order/card', search }),
        showReview: (_, { amount }) => {
          sellDrafts.save(currency, amount);
          void navigate({ to: '/sell/order/review', search });
        },
        showSuccess: () => {
          sellDrafts.clear(currency);
          void navigate({ to: '/sell/success', search, replace: true });
        },
        notifyFailed: (_, { failure }) => failed(failure),
      },
    }),
    { input: { currency, openedAt: step, amount: sellDrafts.read(currency) }, systemId: SYSTEM_ID },
  );

  // The machine decides what a URL change means (the browser's back button from the review goes to the card).
  useEffect(() => actor.send({ type: 'route.changed', route: step }), [step, actor]);

  const rate = useFiatRate(currency);
  return <SellFlow actor={actor} rate={rate} />;
}

/** /sell/order, /sell/order/card, /sell/order/review and /sell/success: one sell machine for the four. */
export function SellPage() {
  const { currency } = useSearch({ from: '/signed-in/sell-flow' });
  if (!currency) return <Navigate to="/sell/get" replace />;
  return <SellRoute key={currency} currency={currency} />;
}

/** /sell/pay (spec §2): the fiat is fixed at RUB (spec §9), so the redirect selects it and goes on to the amount. */
export function SellPayPage() {
  const { currency } = useSearch({ from: '/signed-in/sell/pay' });
  if (!currency) return <Navigate to="/sell/get" replace />;
  return <Navigate to="/sell/order" search={{ currency, fiat: SELL_FIAT }} replace />;
}
