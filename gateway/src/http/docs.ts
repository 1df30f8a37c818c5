import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Must be registered before any route so every TypeBox schema lands in the document. */
export async function registerDocs(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Wallet gateway', version: '0.1.0', description: 'Custodial wallet API (spec §7).' },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
  });
}

export function registerDocsRoute(app: FastifyInstance) {
  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
