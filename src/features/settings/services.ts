import { fromPromise, waitFor } from 'xstate';
import { selectProfile } from '../../../machines/profile.selectors';
import { passcodeVerifyMachine } from '../../../machines/passcodeVerify.machine';
import type { FeatureDeps } from '../../app/services';
import type { NotificationPreferences } from '../../api/notifications';
import type { NotificationSettings, WriteAccessAnswer } from '../../../machines/notificationSettings.machine';

/**
 * Real actor logic for the messenger-connect toggle (spec §7 GET /user/auth, POST /user/tg/code, /user/tg/unlink).
 * The link code needs a recent sign-in or the passcode: with a passcode set, the passcode step asks for
 * the code with it in the pincode header (docs/security-telegram-link.md).
 */
export function createTelegramLinkActors({ api }: FeatureDeps) {
  return {
    loadLinked: fromPromise<boolean>(async () => (await api.user.getAuthInfo()).tgAuth),
    createCode: fromPromise<{ deepLink: string }>(async () => ({
      deepLink: (await api.user.createTelegramCode()).deepLink,
    })),
    passcode: passcodeVerifyMachine.provide({
      actors: {
        submitPasscode: fromPromise<{ deepLink: string }, { code: string }>(async ({ input }) => ({
          deepLink: (await api.user.createTelegramCode(input.code)).deepLink,
        })),
      },
    }),
    unlink: fromPromise<void>(() => api.user.unlinkTelegram()),
  };
}

/** "Let wallet users find me" (issue 25): the gateway's contacts/visibility for the active account. */
export function createFindableActors({ api, accountId }: FeatureDeps) {
  return {
    loadFindable: fromPromise<boolean>(async () => api.contacts.visibility(await accountId())),
    saveFindable: fromPromise<boolean, { findable: boolean }>(async ({ input }) =>
      api.contacts.setVisibility(await accountId(), input.findable),
    ),
  };
}

/**
 * Settings → Notifications (issue 24): the preferences (GET/PUT /user/notifications) with what the
 * channels allow (the loaded profile: the e-mail and the linked Telegram), and Telegram's requestWriteAccess.
 */
export function createNotificationSettingsActors({ api, platform, profile }: FeatureDeps) {
  return {
    loadSettings: fromPromise<NotificationSettings>(async ({ signal }) => {
      // The profile the app already holds (no second GET /user): its e-mail and its linked Telegram.
      const [preferences, settled] = await Promise.all([
        api.notifications.get(),
        waitFor(profile, (s) => s.matches('loaded'), { timeout: Infinity, signal }),
      ]);
      const known = selectProfile(settled);
      return { preferences, telegramLinked: known?.telegram != null, email: known?.email ?? null };
    }),
    askWriteAccess: fromPromise<WriteAccessAnswer>(async () =>
      platform.requestWriteAccess ? platform.requestWriteAccess() : 'unavailable',
    ),
    savePreferences: fromPromise<NotificationPreferences, { preferences: NotificationPreferences }>(({ input }) =>
      api.notifications.save(input.preferences),
    ),
  };
}
