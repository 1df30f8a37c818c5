import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * GET /b2c-wallet/health: 204 whenever the gateway answers. The app probes it while it believes it
 * is offline (issue 14), to know when the connection is back; it reads no database and needs no
 * token, so a probe is as cheap as a request can be. Under an API prefix, so the dev server proxies it
 * and the SPA fallback never answers in its place.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: { tags: ['meta'], summary: 'Reachability probe for the app', response: { 204: Type.Null() } },
    },
    async (_request, reply) => reply.code(204).header('Cache-Control', 'no-store').send(null),
  );
};
