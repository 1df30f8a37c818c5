import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { BottomNav } from '../../ui/BottomNav';
import * as css from './AppShell.css';

/** The four tab roots show the bottom navigation; deeper screens (e.g. select-language) do not. */
const rootScreens = new Set(['/home', '/exchange', '/notifications', '/settings']);

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className={css.frame}>
      <main className={css.main}>{children}</main>
      {rootScreens.has(pathname.replace(/\/$/, '')) ? <BottomNav /> : null}
    </div>
  );
}

/** Signed-out and error screens share the width limit but have no navigation. */
export function PlainShell({ children }: { children: ReactNode }) {
  return (
    <div className={css.frame}>
      <main className={css.main}>{children}</main>
    </div>
  );
}
