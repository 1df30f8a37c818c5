import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AnalyticsBatchSchema, type AnalyticsBatch } from '../../../contracts/analytics.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { bearer, type AuthHook } from '../http/auth.js';
import { findActiveAccountId } from '../users/repository.js';
import { errors } from '../users/schemas.js';
import { checkAnalyticsBatch } from './privacy.js';
import { createSink, type AnalyticsSink } from './sink.js';
import { recording } from './recorder.js';

export type AnalyticsOptions = { db: Db; config: Config; authenticate: AuthHook; sink?: AnalyticsSink };

/**
 * POST /analytics/events (spec §1): the app's batches, checked against the allow-list of
 * contracts/analytics.ts and then value by value by ./privacy.ts (every property an enum, no run of 12
 * digits anywhere; anything else is a 400, so no personal data gets past the edge), tagged with
 * the caller's account when a bearer token comes with them, and handed to the configured sink without
 * waiting for it: the answer is 202 at once, and a sink failure is only logged.
 */
export const analyticsRoutes: FastifyPluginAsyncTypebox<AnalyticsOptions> = async (
  app,
  { db, config, authenticate, sink },
) => {
  const configured = sink ?? createSink(config.analytics, app.log);
  const recorder = config.sandbox ? recording(configured) : undefined;
  const target = recorder ?? configured;

  // A signed-out visit (the login screen, a sign-up) has events too; a token, when sent, must be valid.
  const optionalAuth = async (request: FastifyRequest, reply: Parameters<AuthHook>[1]) => {
    if (request.headers.authorization) await authenticate(request, reply);
  };

  app.post(
    '/analytics/events',
    {
      onRequest: optionalAuth,
      bodyLimit: 64 * 1024,
      config: { rateLimitRule: 'analytics' },
      schema: {
        tags: ['analytics'],
        summary: 'Record product analytics events (allow-listed names and properties only)',
        security: [...bearer, {}],
        body: AnalyticsBatchSchema,
        response: { 202: Type.Object({ accepted: Type.Integer() }), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      // The schema's union of events is too wide for TypeScript to name; the contract's type says the same.
      const { appType, sessionId, events } = request.body as AnalyticsBatch;
      checkAnalyticsBatch({ appType, sessionId, events });
      const accountId = request.userId ? ((await findActiveAccountId(db, request.userId)) ?? null) : null;
      const tagged = events.map((event) => ({ ...event, accountId, appType, sessionId }));
      target
        .capture(tagged)
        .catch((err: unknown) => request.log.warn({ err, sink: target.name }, 'analytics sink failed'));
      return reply.code(202).send({ accepted: events.length });
    },
  );

  if (recorder) {
    app.get(
      '/dev/analytics/events',
      {
        schema: { tags: ['dev'], summary: 'Sandbox: the last events handed to the analytics sink' },
      },
      async () => ({ sink: recorder.name, events: recorder.events() }),
    );
    app.delete(
      '/dev/analytics/events',
      { schema: { tags: ['dev'], summary: 'Sandbox: forget the recorded events' } },
      async (_request, reply) => {
        recorder.clear();
        return reply.code(204).send();
      },
    );
  }
};
