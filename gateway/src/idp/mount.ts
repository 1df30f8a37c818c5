import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { INTERACTION_PATH, ROUTES } from './constants.js';
import { hasControlCharacters } from '../http/controlChars.js';
import { HttpError, sendError } from './http.js';

/** The client address Fastify worked out (X-Forwarded-For only from TRUST_PROXY's proxies), for the raw handlers. */
const clientAddresses = new WeakMap<IncomingMessage, string>();
export const clientAddressOf = (req: IncomingMessage): string | undefined =>
  clientAddresses.get(req) ?? req.socket?.remoteAddress;

type RawHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface MountOptions {
  issuer: string;
  provider: Provider;
  allowedOrigins: ReadonlySet<string>;
  userinfo: RawHandler;
  revoke: RawHandler;
  interaction: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;
  log: (err: unknown) => void;
}

/**
 * The provider answers CORS for discovery and JWKS with any origin, and preflights before it knows
 * the client; drop every Access-Control-* header for an origin that is not ours.
 */
function refuseForeignOrigin(req: IncomingMessage, res: ServerResponse, allowed: ReadonlySet<string>): void {
  const origin = req.headers.origin;
  if (origin === undefined || allowed.has(origin)) return;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = ((name: string, value: number | string | readonly string[]) =>
    name.toLowerCase().startsWith('access-control-') ? res : setHeader(name, value)) as typeof res.setHeader;
}

export function createDispatcher(opts: MountOptions) {
  const issuerUrl = new URL(opts.issuer);
  const mountPath = issuerUrl.pathname.replace(/\/$/, '');
  const callback = opts.provider.callback();

  return async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    refuseForeignOrigin(req, res, opts.allowedOrigins);
    try {
      // The authorization request's parameters end up in stored JSON, which PostgreSQL refuses with a NUL.
      const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      for (const [name, value] of query) {
        if (hasControlCharacters(name) || hasControlCharacters(value)) {
          throw new HttpError(
            400,
            'invalid_request',
            `${hasControlCharacters(name) ? 'a parameter name' : name} must not contain control characters`,
          );
        }
      }
      const sub = path.slice(mountPath.length);
      if (sub === ROUTES.userinfo) return await opts.userinfo(req, res);
      if (sub === ROUTES.revocation) return await opts.revoke(req, res);
      if (sub.startsWith(`${INTERACTION_PATH}/`)) return await opts.interaction(req, res, sub);

      // Every URL the provider builds (discovery, redirects) derives from the public URL, whatever
      // Host or X-Forwarded-* the request arrived with.
      req.headers.host = issuerUrl.host;
      req.headers['x-forwarded-proto'] = issuerUrl.protocol.slice(0, -1);
      delete req.headers['x-forwarded-host'];
      delete req.headers['x-forwarded-port'];
      // Mounted like Express would: the provider sees the path below its mount point and finds
      // the mount point by comparing with originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
      req.url = url.slice(mountPath.length) || '/';
      await callback(req, res);
    } catch (err) {
      opts.log(err);
      if (!res.headersSent) sendError(res, err);
      else res.destroy();
    }
  };
}

/**
 * Hands every request under the issuer's path to the identity provider, raw. It happens in
 * onRequest, before Fastify parses the body: the provider reads form bodies itself.
 */
export function mountOnFastify(
  app: FastifyInstance,
  issuer: string,
  dispatch: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): void {
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');
  app.route({
    method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT', 'PATCH'],
    url: `${mountPath}/*`,
    onRequest: (request, reply, _done) => {
      clientAddresses.set(request.raw, request.ip);
      reply.hijack();
      void dispatch(request.raw, reply.raw);
    },
    handler: async () => undefined,
  });
}
