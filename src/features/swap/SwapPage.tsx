import { useEffect, useState } from 'react';
import { useNavigate, useRouter, useRouterState, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { swapMachine, type SwapFailure, type SwapRoute } from '../../../machines/swap.machine';
import { selectFrom, selectTo } from '../../../machines/swap.selectors';
import { useFiatRate } from '../../app/fiatRate';
import { useServices } from '../../app/context';
import { useSignedInServices } from '../../app/signedInContext';
import { useFeatureActors } from '../../app/featureActors';
import type { FeatureDeps } from '../../app/services';
import { swapMessages } from './messages';
import { createSwapActors } from './services';
import { createSwapPasscodeStep, SWAP_SYSTEM_ID } from './steps';
import { orderKeys } from './storage';
import { SwapFlow } from './SwapFlow';

const swapActors = (deps: FeatureDeps) => createSwapActors({ ...deps, passcodeActive: deps.pinCodeActive });

const PATHS = {
  from: '/swap/from',
  to: '/swap/to',
  order: '/swap/order',
  review: '/swap/order/review',
  success: '/swap/order/success',
} as const satisfies Record<SwapRoute, string>;

/** A search value as the URL brought it (not yet checked by the route): text, or absent. */
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

const routeOf = (pathname: string): SwapRoute | null => {
  const path = pathname.replace(/\/+$/, '');
  const found = (Object.keys(PATHS) as SwapRoute[]).find((route) => PATHS[route] === path);
  return found ?? null;
};

/** /swap/from, /swap/to, /swap/order, /swap/order/review, /swap/order/success: one swap machine for the five. */
export function SwapPage() {
  const { showToast } = useServices();
  const { balances } = useSignedInServices();
  const swap = useFeatureActors(swapActors);
  const navigate = useNavigate();
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
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const step = routeOf(pathname);
  const failed = (failure: SwapFailure) =>
    showToast({ kind: 'error', message: failure.message || i18n._(swapMessages.somethingWentWrong) });

  const actor = useActorRef(
    swapMachine.provide({
      actors: {
        ...swap.actors,
        passcode: createSwapPasscodeStep(swap.confirm, failed),
      },
      actions: {
        show: (_, { route }) => {
          if (routeOf(router.state.location.pathname) === route) return;
          // Success replaces the review: the back button does not lead to a confirmed order's review.
          void navigate({ to: PATHS[route], replace: route === 'success' });
        },
        forgetKey: (_, { signature }) => orderKeys.forget(signature),
        notifyFailed: (_, { failure }) => failed(failure),
        settled: () => balances.send({ type: 'balances.refreshRequested' }),
      },
    }),
    { input, systemId: SWAP_SYSTEM_ID },
  );

  // The machine decides what a URL change means (the browser's back button from the review edits it).
  useEffect(() => {
    if (step) actor.send({ type: 'route.changed', route: step });
  }, [step, actor]);

  const from = useFiatRate(useSelector(actor, selectFrom) ?? '');
  const to = useFiatRate(useSelector(actor, selectTo) ?? '');
  return <SwapFlow actor={actor} rates={{ from, to }} />;
}
