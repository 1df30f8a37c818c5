import { useRouterState } from '@tanstack/react-router';
import { BottomNav as TabBar } from '../../ui/BottomNav';

/**
 * What the signed-in frame (AppShell) renders around every signed-in screen, in one chunk that loads with
 * the signed-in area (src/app/signedInPages.ts `nav`): the bottom navigation and the offline banner.
 */
export { OfflineBanner } from './OfflineBanner';

/** The four tab roots show the bottom navigation; deeper screens (e.g. select-language) do not. */
const rootScreens = new Set(['/home', '/exchange', '/notifications', '/settings']);

/** The bottom navigation where it belongs (decided here, so the boot chunk's frame does not carry it). */
export function BottomNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return rootScreens.has(pathname.replace(/\/$/, '')) ? <TabBar /> : null;
}
