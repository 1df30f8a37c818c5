import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Idp } from '../idp/index.js';
import { ApiError } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on protected routes: the token's `sub`. */
    userId: string;
  }
}

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The request's bearer token; 401 when there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new ApiError(401, 'UNAUTHORIZED', 'A bearer access token is required');
  return match[1];
}

/** Every way a present token fails (signature, expiry, revocation, a failed read) is this one answer. */
export const invalidToken = () => new ApiError(401, 'UNAUTHORIZED', 'The access token is invalid or expired');

/**
 * Route-level hook: protected routes list it in `onRequest`, so nothing runs before the token is
 * checked. On `:account` routes http/account.ts puts its own hook in its place, which checks the
 * token and the account in one statement.
 */
export function createAuthHook(idp: Pick<Idp, 'verifyAccessToken'>): AuthHook {
  return async (request) => {
    const token = bearerToken(request);
    try {
      const { sub } = await idp.verifyAccessToken(token);
      if (!sub) throw new Error('token without subject');
      request.userId = sub;
    } catch {
      throw invalidToken();
    }
  };
}

/** OpenAPI marker for protected routes. */
export const bearer = [{ bearerAuth: [] as string[] }];
