import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectOffline } from '../../../machines/connectivity.selectors';
import { useOptionalServices } from '../../app/signedInContext';

/**
 * Why an action that moves money (send, swap, buy, sell) cannot run now, or null when it can: the
 * money screens pass it to their Screen's `hold`, which disables the main action (the messenger's main
 * button too) and shows the reason above it. A screen rendered without the app (a test) is never held.
 */
export function useMoneyHold(): ReactNode {
  const connectivity = useOptionalServices()?.signedIn()?.connectivity;
  const offline = useSelector(connectivity, (s) => (s ? selectOffline(s) : false));
  return offline ? <Trans>No connection. You can continue once you are back online.</Trans> : null;
}
