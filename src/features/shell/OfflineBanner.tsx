import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { selectOffline } from '../../../machines/connectivity.selectors';
import { useServices } from '../../app/context';
import * as css from './offline.css';

/**
 * Issue 14: while the gateway cannot be reached, every screen says so at the top. The status region
 * is always in the page, so screen readers hear the banner come and go. No icon: the banner is in the
 * sign-in boot, where an icon would bring the icon library's runtime (about 1.4 kB gzip); its red edge marks it.
 */
export function OfflineBanner() {
  const { connectivity } = useServices();
  const offline = useSelector(connectivity, selectOffline);
  return (
    <div role="status" aria-live="polite" className={css.region} data-testid="offline-region">
      {offline ? (
        <p className={css.banner} data-testid="offline-banner">
          <span><Trans>You are offline. What you see may be out of date; it refreshes when the connection is back.</Trans></span>
        </p>
      ) : null}
    </div>
  );
}
