import { Navigate, useSearch } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { sellMachine } from '../../../machines/sell.machine';
import { selectSellStep } from '../../../machines/sell.selectors';
import { SELL_FIAT, type SellFailure, type SellRoute } from '../../../machines/shared/sell';
import { useFiatRate } from '../../app/fiatRate';
import { useServices } from '../../app/context';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { biometricUnlockOn } from '../passcode/confirmStep';
import { useFlowRoute, type FlowRoute } from '../shared/useFlowRoute';
import { sellMessages } from './messages';
import { SellFlow } from './SellFlow';
import type { SellActor } from './SellReviewScreen';
import { createSellActors } from './services';
import { sellDrafts, sellKeys } from './storage';

const sellActors = (deps: FeatureDeps) => createSellActors(deps);

const PATHS = {
  order: '/sell/order',
  card: '/sell/order/card',
  review: '/sell/order/review',
  success: '/sell/success',
} as const satisfies Record<SellRoute, string>;
const STEPS = Object.keys(PATHS) as SellRoute[];

/** The four URLs carry the asset and the fiat; a reload past the amount restarts on it. */
const sellRoute = (currency: string): FlowRoute<SellActor, SellRoute> => ({
  stepOf: selectSellStep,
  // Another page's URL (a link out of the flow) is no step of it.
  urlStep: ({ pathname }) => STEPS.find((step) => PATHS[step] === pathname.replace(/\/+$/, '')) ?? null,
  locationOf: (step) => ({ to: PATHS[step], search: { currency, fiat: SELL_FIAT } }),
  // The success replaces the review: back does not lead to a placed order's review.
  replaces: ['success'],
});

function SellRoute({ currency }: { currency: string }) {
  const { showToast } = useServices();
  const sell = useFeatureActors(sellActors);
  const { i18n } = useLingui();
  const failed = (failure: SellFailure) =>
    showToast({ kind: 'error', message: failure.message || i18n._(sellMessages.somethingWentWrong) });

  const actor = useActorRef(
    sellMachine.provide({
      // The passcode step reports its failures to the flow (reportsToSell), which tells them here.
      actors: sell.actors,
      actions: {
        forgetKey: (_, { signature }) => sellKeys.forget(signature),
        saveDraft: (_, { amount }) => sellDrafts.save(currency, amount),
        clearDraft: () => sellDrafts.clear(currency),
        notifyFailed: (_, { failure }) => failed(failure),
      },
    }),
    { input: { currency, amount: sellDrafts.read(currency), biometrics: biometricUnlockOn() } },
  );
  useFlowRoute(actor, sellRoute(currency));

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
