import { fromPromise, waitFor } from 'xstate';
import { selectHasFunds } from '../../../machines/balances.selectors';
import type { NotificationPreferences } from '../../api/notifications';
import type { WriteAccessAnswer } from '../../../machines/notificationSettings.machine';
import type { FeatureDeps } from '../../app/services';

/** Home's Telegram messages offer (issue 24): the first money the balances show, the preferences, Telegram's ask. */
export function createBotOfferActors({ api, platform, balances }: FeatureDeps) {
  return {
    fundsSeen: fromPromise<void>(async ({ signal }) => {
      await waitFor(balances, selectHasFunds, { timeout: Infinity, signal });
    }),
    loadPreferences: fromPromise<NotificationPreferences>(() => api.notifications.get()),
    askWriteAccess: fromPromise<WriteAccessAnswer>(async () =>
      platform.requestWriteAccess ? platform.requestWriteAccess() : 'unavailable',
    ),
    savePreferences: fromPromise<NotificationPreferences, { preferences: NotificationPreferences }>(({ input }) =>
      api.notifications.save(input.preferences),
    ),
  };
}
