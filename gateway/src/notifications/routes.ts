import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { NotificationPreferencesSchema } from '../../../contracts/notifications.js';
import type { Db } from '../db/client.js';
import { DomainError } from '../domain/errors.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { isUuid } from '../users/repository.js';
import { errors } from '../users/schemas.js';
import { readPreferences, writePreferences } from './preferences.js';

/** GET/PUT /b2c-user-management/user/notifications: which messages the wallet sends (issue 24). */
export const notificationRoutes: FastifyPluginAsyncTypebox<{ db: Db; authenticate: AuthHook }> = async (
  app,
  { db, authenticate },
) => {
  const common = { tags: ['users'], security: bearer };
  const userOf = (id: string) => {
    if (!isUuid(id)) throw new DomainError('unauthenticated', 'UNAUTHORIZED', 'Unknown user');
    return id;
  };
  app.get(
    '/user/notifications',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Notification preferences',
        description: '`telegram` is true while the Telegram account that allowed bot messages is the linked one.',
        response: { 200: NotificationPreferencesSchema, ...errors(401) },
      },
    },
    async (request) => readPreferences(db, userOf(request.userId)),
  );
  app.put(
    '/user/notifications',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Change notification preferences (security e-mails are sent whatever they say)',
        description:
          '`telegram: true` records the linked Telegram account as the one that allowed bot messages (the Mini App ' +
          "asks Telegram's requestWriteAccess first); they stop when another account is linked. Without a linked " +
          'Telegram: 409 TELEGRAM_NOT_LINKED, nothing saved.',
        body: NotificationPreferencesSchema,
        response: { 200: NotificationPreferencesSchema, ...errors(400, 401, 409) },
      },
    },
    async (request) => writePreferences(db, userOf(request.userId), request.body),
  );
};
