import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userPasscodes } from '../db/schema/index.js';

/**
 * Sandbox only: ends a user's current passcode wait, so a tester (or a browser journey) can reach the
 * block (ten wrong codes) without sitting through the 1, 5, 15 and 60 minute waits between them.
 */
export const devPasscodeRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/dev/passcode/end-wait',
    {
      schema: {
        tags: ['dev'],
        summary: 'End the current passcode wait of a user (the failed-attempt count stays)',
        body: Type.Object({ userId: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ ended: Type.Boolean() }) },
      },
    },
    async (request) => {
      const rows = await db
        .update(userPasscodes)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(userPasscodes.userId, request.body.userId))
        .returning({ userId: userPasscodes.userId });
      return { ended: rows.length > 0 };
    },
  );
};
