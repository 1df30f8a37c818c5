import { Suspense, type ComponentType, type ReactNode } from 'react';
import * as css from './AppShell.css';
import * as offlineCss from './offline.css';

/**
 * `BottomNav` (shown on the four tab roots only: src/features/shell/signedInFrame.tsx) and `OfflineBanner`
 * are passed in (src/app/pages.ts) so they load with the signed-in area; the page does not wait for them.
 * The offline banner's status region is here, in the page from the first paint, so the banner's arrival
 * and departure are announced (issue 14).
 */
export function AppShell({
  BottomNav,
  OfflineBanner,
  children,
}: {
  BottomNav: ComponentType;
  OfflineBanner: ComponentType;
  children: ReactNode;
}) {
  return (
    <div className={css.frame}>
      <div role="status" aria-live="polite" className={offlineCss.region} data-testid="offline-region">
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      </div>
      <main className={css.main}>{children}</main>
      <Suspense fallback={null}>
        <BottomNav />
      </Suspense>
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
