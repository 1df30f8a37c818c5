import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../db/client.js';
import { listOutbox } from './mailer.js';

const MailItem = Type.Object({
  to: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  links: Type.Array(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});

/** Sandbox only: lets people and e2e tests read the mails the gateway "sent". */
export const devMailRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dev/mail',
    {
      schema: {
        tags: ['dev'],
        summary: 'Sandbox mail outbox, newest first',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) }),
        response: { 200: Type.Array(MailItem) },
      },
    },
    async (request) => listOutbox(db, request.query.to),
  );
};
