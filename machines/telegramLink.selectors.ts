import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passcodeVerifyMachine } from './passcodeVerify.machine';
import type { telegramLinkMachine } from './telegramLink.machine';

type Snapshot = SnapshotFrom<typeof telegramLinkMachine>;

export const selectLinkLoading = (s: Snapshot) => s.hasTag('loading');
export const selectLinkFailed = (s: Snapshot) => s.matches('failed');
export const selectLinkBusy = (s: Snapshot) => s.hasTag('busy');
/** What the switch shows: on while linked, being unlinked or asked to confirm, and while the link is under way. */
export const selectLinkSwitchOn = (s: Snapshot) =>
  (s.matches('loading') && s.context.known === true) ||
  s.matches('linked') ||
  s.matches('confirmingUnlink') ||
  s.matches('unlinking') ||
  s.matches('waiting') ||
  s.matches('requestingCode') ||
  s.matches('passcode');
export const selectLinked = (s: Snapshot) =>
  (s.matches('loading') && s.context.known === true) ||
  s.matches('linked') ||
  s.matches('confirmingUnlink') ||
  s.matches('unlinking');
/** The deep link to show (and draw as a QR) while the messenger side has not linked yet. */
export const selectDeepLink = (s: Snapshot) => (s.matches('waiting') ? s.context.deepLink : null);
export const selectConfirmingUnlink = (s: Snapshot) => s.matches('confirmingUnlink') || s.matches('unlinking');
/** Nothing known yet (first load): the status reads as a placeholder. */
export const selectLinkUnknown = (s: Snapshot) => s.context.known === null && s.matches('loading');
/** The passcode step's actor while a link code is asked for with the passcode. */
export const selectLinkPasscode = (s: Snapshot) =>
  s.matches('passcode')
    ? ((s.children.passcode as ActorRefFrom<typeof passcodeVerifyMachine> | undefined) ?? null)
    : null;
