import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectOffline } from '../../../machines/connectivity.selectors';
import { useSignedInServices } from '../../app/signedInContext';
import * as css from './offline.css';

/**
 * Issue 14: while the gateway cannot be reached, every signed-in screen says so at the top, inside the
 * status region the frame keeps in the page (AppShell), so screen readers hear the banner come and go.
 * It loads with the bottom navigation (src/app/signedInPages.ts), as the connectivity actor loads with
 * the signed-in part: the sign-in screens' boot chunk carries neither. No icon: its red edge marks it.
 */
export function OfflineBanner() {
  const { connectivity } = useSignedInServices();
  const offline = useSelector(connectivity, selectOffline);
  return offline ? (
    <p className={css.banner} data-testid="offline-banner">
      <span>
        <Trans>You are offline. What you see may be out of date; it refreshes when the connection is back.</Trans>
      </span>
    </p>
  ) : null;
}
