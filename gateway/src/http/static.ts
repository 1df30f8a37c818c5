import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { sendError } from './errors.js';

/** Paths owned by the gateway itself; everything else may be an SPA route. */
export const API_PREFIXES = [
  '/b2c-user-management',
  '/b2c-wallet',
  '/b2c-address-book',
  '/b2c',
  '/c2f',
  '/fiat',
  '/rate',
  '/realms',
  '/dev',
  '/docs',
];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

// A missing asset must stay a 404: answering with HTML would be cached as JavaScript for a year.
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

const BUILD_HINT =
  'The web app is not built yet. Run `npm run build` (or `npm run dev` for the dev server) and reload.\n';

export async function registerStatic(app: FastifyInstance, config: Config) {
  const root = config.staticDir;
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      etag: true,
      setHeaders: (reply, filePath) => {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        reply.header('Cache-Control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const spaRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !looksLikeFile(request.url);
    if (spaRoute && built) {
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', root);
    }
    if (spaRoute) {
      return reply
        .status(request.url === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(BUILD_HINT);
    }
    return sendError(reply, 404, {
      code: 'NOT_FOUND',
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
