import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';

export const HARNESS_PATH = '/dev/telegram';

const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

/**
 * Sandbox only: the Telegram harness, a simulated Telegram client page that runs the app in a frame
 * (docs/guide.md "Try it as Telegram would"). A static page and its script: the script is a file of its own
 * because the gateway's CSP allows no inline script.
 */
export const telegramHarnessRoutes: FastifyPluginAsync = async (app) => {
  const page = read('./harness.html');
  const script = read('./harness.js');
  const common = { tags: ['dev'], hide: true };

  app.get(
    HARNESS_PATH,
    { schema: { ...common, summary: 'Sandbox Telegram client harness page' } },
    async (_request, reply) => reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page),
  );

  app.get(
    `${HARNESS_PATH}/harness.js`,
    { schema: { ...common, summary: 'Script of the Telegram harness page' } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8').send(script),
  );
};
