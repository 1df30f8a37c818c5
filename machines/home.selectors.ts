import type { SnapshotFrom } from 'xstate';
import type { homeMachine } from './home.machine';

type Snapshot = SnapshotFrom<typeof homeMachine>;

/** Spec §2: prompt when no passcode is set and it was not dismissed (home adds "assets exist"). */
export const selectProtectPromptAllowed = (s: Snapshot) =>
  !s.context.protectDismissed && s.context.flags?.pinCodeActive === false;
/**
 * Spec §2: banner unless closed, inside the messenger, or already linked (tgAuth). Until GET /user/auth
 * answers (or when it failed), the link state last known on this device decides, so the banner is there
 * from the first paint; a link made since hides it once the answer comes.
 */
export const selectBannerShown = (s: Snapshot) =>
  !s.context.bannerClosed && !s.context.isTelegram && (s.context.flags?.tgLinked ?? s.context.lastTgLinked) === false;
export const selectAddingSuggested = (s: Snapshot) => s.hasTag('adding');
export const selectHiddenAssets = (s: Snapshot) => s.context.hiddenAssets;
