import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

const Outcome = Type.Union([Type.String(), Type.Null()], {
  description: "'sent', 'skipped: <why>', 'refused: <why>', or null while the channel is still due",
});
const NotificationItem = Type.Object({
  event: Type.String(),
  ref: Type.String(),
  telegram: Outcome,
  email: Outcome,
});

/**
 * Sandbox only: what became of the notifications about one event (`ref`: a history row, an order…), so a
 * journey can wait until a message was sent or skipped instead of sleeping and counting.
 */
export const devNotificationRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dev/notifications',
    {
      schema: {
        tags: ['dev'],
        summary: 'Outcomes of the notifications about one event, per channel',
        querystring: Type.Object({ ref: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: { 200: Type.Array(NotificationItem) },
      },
    },
    async (request) => {
      const { rows } = (await db.execute(sql`select event, ref,
          case when telegram_done_at is null then null else telegram_outcome end as telegram,
          case when email_done_at is null then null else email_outcome end as email
        from notifications where ref = ${request.query.ref} order by created_at`)) as unknown as {
        rows: { event: string; ref: string; telegram: string | null; email: string | null }[];
      };
      return rows;
    },
  );
};
