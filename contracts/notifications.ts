import { Type, type Static } from 'typebox';

/**
 * GET/PUT /b2c-user-management/user/notifications (issue 24): which messages the wallet sends.
 * `telegram` and `email` choose the channels, `money` and `security` the kinds of event. Security
 * e-mails are sent whatever `email` and `security` say: `security` turns off security bot messages only.
 */
export const NotificationPreferencesSchema = Type.Object(
  {
    telegram: Type.Boolean(),
    email: Type.Boolean(),
    money: Type.Boolean(),
    security: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NotificationPreferences = Static<typeof NotificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  telegram: false,
  email: true,
  money: true,
  security: true,
};
