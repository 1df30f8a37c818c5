import type { KyInstance } from 'ky';
import type { NotificationPreferences } from '../../contracts/notifications';

export type { NotificationPreferences } from '../../contracts/notifications';

const path = 'b2c-user-management/user/notifications';

/** Issue 24: which messages the wallet sends, by bot and by e-mail (GET/PUT /user/notifications). */
export const createNotificationsApi = (authHttp: KyInstance) => ({
  get: (): Promise<NotificationPreferences> => authHttp.get(path).json<NotificationPreferences>(),
  save: (preferences: NotificationPreferences): Promise<NotificationPreferences> =>
    authHttp.put(path, { json: preferences }).json<NotificationPreferences>(),
});

export type NotificationsApi = ReturnType<typeof createNotificationsApi>;
