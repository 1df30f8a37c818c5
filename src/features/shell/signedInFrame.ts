/**
 * What the signed-in frame (AppShell) renders around every signed-in screen, in one chunk that loads with
 * the signed-in area (src/app/signedInPages.ts `nav`): the bottom navigation and the offline banner.
 */
export { BottomNav } from '../../ui/BottomNav';
export { OfflineBanner } from './OfflineBanner';
