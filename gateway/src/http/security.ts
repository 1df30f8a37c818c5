import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * The sha256 sources of the inline scripts of an HTML page. The built index.html has one, the start-up
 * theme script (a few hundred bytes that pick the skeleton's dark or light colours before any download);
 * hashing what the build actually wrote keeps script-src exact without a hand-maintained constant.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

function builtIndexHashes(config: Config): string[] {
  const index = path.join(config.staticDir, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}

/** CSP for every HTML response; the Telegram web clients must be able to frame the app. */
export function contentSecurityPolicy(config: Config, scriptHashes: string[] = []): string {
  const connect = ["'self'", ...config.allowedOrigins].join(' ');
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `connect-src ${connect}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org",
  ].join('; ');
}

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const allowed = new Set(config.allowedOrigins);
  await app.register(cors, {
    // An unknown origin gets no Access-Control-Allow-Origin, so the browser blocks the read.
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'pincode', 'Idempotency-Key', 'Accept', 'Accept-Language'],
    maxAge: 600,
  });
  const csp = contentSecurityPolicy(config, builtIndexHashes(config));
  const https = config.publicUrl.startsWith('https://');
  // No X-Frame-Options: it cannot express "Telegram may frame us"; frame-ancestors does.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (https) reply.header('Strict-Transport-Security', 'max-age=15552000; includeSubDomains');
    const type = String(reply.getHeader('content-type') ?? '');
    // The IdP may render its own pages with their own policy; keep theirs.
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', csp);
    }
    return payload;
  });
}
