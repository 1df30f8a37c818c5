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

/** Route-level hook: protected routes list it in `onRequest`, so nothing runs before the token is checked. */
export function createAuthHook(idp: Pick<Idp, 'verifyAccessToken'>): AuthHook {
  return async (request) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'UNAUTHORIZED', 'A bearer access token is required');
    try {
      const { sub } = await idp.verifyAccessToken(match[1]);
      if (!sub) throw new Error('token without subject');
      request.userId = sub;
    } catch {
      throw new ApiError(401, 'UNAUTHORIZED', 'The access token is invalid or expired');
    }
  };
}

/** OpenAPI marker for protected routes. */
export const bearer = [{ bearerAuth: [] as string[] }];
