import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import * as css from './AppShell.css';
import * as offlineCss from './offline.css';

/** The four tab roots show the bottom navigation; deeper screens (e.g. select-language) do not. */
const rootScreens = new Set(['/home', '/exchange', '/notifications', '/settings']);

/**
 * `BottomNav` and `OfflineBanner` are passed in (src/app/pages.ts) so they load with the signed-in area;
 * the page does not wait for them. The offline banner's status region is here, in the page from the
 * first paint, so the banner's arrival and departure are announced (issue 14).
 */
export function AppShell({ BottomNav, OfflineBanner, children }: { BottomNav: ComponentType; OfflineBanner: ComponentType; children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className={css.frame}>
      <div role="status" aria-live="polite" className={offlineCss.region} data-testid="offline-region">
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      </div>
      <main className={css.main}>{children}</main>
      {rootScreens.has(pathname.replace(/\/$/, '')) ? (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Signed-out and error screens share the width limit but have no navigation, and no offline banner:
 * the connectivity actor is the signed-in part's (src/app/signedIn.ts), and a failed sign-in says why itself.
 */
export function PlainShell({ children }: { children: ReactNode }) {
  return (
    <div className={css.frame}>
      <main className={css.main}>{children}</main>
    </div>
  );
}
