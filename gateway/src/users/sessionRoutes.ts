import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/client.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { revokeUserGrants } from '../idp/adapter.js';
import type { Mailer } from '../mail/mailer.js';
import { listSecurityEvents, mailOwner, recordSecurityEvent, SECURITY_EVENT_KINDS } from '../security/events.js';
import { lockSecurityRow } from '../passcode/gate.js';
import { requireProfile } from './profileRoutes.js';
import { errors } from './schemas.js';

const SecurityEvent = Type.Object({
  kind: Type.String({ description: SECURITY_EVENT_KINDS.join(', ') }),
  detail: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
  createdAt: Type.String({ format: 'date-time' }),
});

/** Settings → Sign out of all devices, and the owner's record of security events. */
export const sessionRoutes: FastifyPluginAsyncTypebox<{ db: Db; authenticate: AuthHook; mailer: Mailer }> = async (
  app,
  { db, authenticate, mailer },
) => {
  const common = { tags: ['users'], security: bearer };

  app.post(
    '/user/sessions/revoke',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Sign out of all devices: every grant of the user ends, this one included',
        response: { 200: Type.Object({ revoked: Type.Integer({ minimum: 0 }) }), ...errors(401) },
      },
    },
    async (request) => {
      await requireProfile(db, request.userId);
      const revoked = await db.transaction(async (tx) => {
        // Under the user's security row, like every other change of who can reach the account.
        await lockSecurityRow(tx, request.userId);
        const count = await revokeUserGrants(tx, request.userId);
        await recordSecurityEvent(tx, request.userId, 'sessions_revoked', { grants: count });
        return count;
      });
      await mailOwner(db, mailer, request.userId, 'sessions_revoked', {}, (err) =>
        request.log.error({ err }, 'security mail failed'),
      );
      return { revoked };
    },
  );

  app.get(
    '/user/security-events',
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'The latest 50 security events of the signed-in user, newest first',
        response: { 200: Type.Array(SecurityEvent), ...errors(401) },
      },
    },
    async (request) => listSecurityEvents(db, request.userId),
  );
};
