import { useState } from 'react';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { swapMachine, type SwapFailure } from '../../../machines/swap.machine';
import { selectFrom, selectTo } from '../../../machines/swap.selectors';
import { useFiatRate } from '../../app/fiatRate';
import { useServices } from '../../app/context';
import { useSignedInServices } from '../../app/signedInContext';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { swapMessages } from './messages';
import { createSwapActors } from './services';
import { useFlowRoute } from '../shared/useFlowRoute';
import { swapRoute } from './route';
import { orderKeys } from './storage';
import { SwapFlow } from './SwapFlow';

const swapActors = (deps: FeatureDeps) => createSwapActors({ ...deps, passcodeActive: deps.pinCodeActive });

/** A search value as the URL brought it (not yet checked by the route): text, or absent. */
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** /swap/from, /swap/to, /swap/order, /swap/order/review, /swap/order/success: one swap machine for the five. */
export function SwapPage() {
  const { showToast } = useServices();
  const { balances } = useSignedInServices();
  const swap = useFeatureActors(swapActors);
  const router = useRouter();
  const { i18n } = useLingui();
  // The preselection (home shortcut) is read once: the steps' URLs carry no search.
  const search = useSearch({ from: '/signed-in/swap' });
  const [input] = useState(() => {
    // A client-side navigation (Home's shortcut) can render the page before the route's search is the
    // new one; the router's latest location (what the address bar shows) already is.
    const latest = router.latestLocation.search;
    return { from: search.from ?? textOrNull(latest.from), to: search.to ?? textOrNull(latest.to) };
  });
  const failed = (failure: SwapFailure) =>
    showToast({ kind: 'error', message: failure.message || i18n._(swapMessages.somethingWentWrong) });

  const actor = useActorRef(
    swapMachine.provide({
      actors: {
        ...swap.actors,
        passcode: swap.actors.passcode.provide({ actions: { notifyFailed: (_, { failure }) => failed(failure) } }),
      },
      actions: {
        forgetKey: (_, { signature }) => orderKeys.forget(signature),
        notifyFailed: (_, { failure }) => failed(failure),
        settled: () => balances.send({ type: 'balances.refreshRequested' }),
      },
    }),
    { input },
  );
  useFlowRoute(actor, swapRoute);

  const from = useFiatRate(useSelector(actor, selectFrom) ?? '');
  const to = useFiatRate(useSelector(actor, selectTo) ?? '');
  return <SwapFlow actor={actor} rates={{ from, to }} />;
}
