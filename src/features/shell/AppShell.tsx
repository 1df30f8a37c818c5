import { Suspense, type ComponentType, type ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import * as css from './AppShell.css';
import { OfflineBanner } from './OfflineBanner';

/** The four tab roots show the bottom navigation; deeper screens (e.g. select-language) do not. */
const rootScreens = new Set(['/home', '/exchange', '/notifications', '/settings']);

/** `BottomNav` is passed in (src/app/pages.ts) so it loads with the signed-in area; the page does not wait for it. */
export function AppShell({ BottomNav, children }: { BottomNav: ComponentType; children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className={css.frame}>
      <OfflineBanner />
      <main className={css.main}>{children}</main>
      {rootScreens.has(pathname.replace(/\/$/, '')) ? (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Signed-out and error screens share the width limit but have no navigation. */
export function PlainShell({ children }: { children: ReactNode }) {
  return (
    <div className={css.frame}>
      <OfflineBanner />
      <main className={css.main}>{children}</main>
    </div>
  );
}
