import type { FastifyInstance, onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import type { Executor } from '../db/client.js';
import { DomainError } from '../domain/errors.js';
import { findOwnAccountId } from '../users/repository.js';
import type { AuthHook } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route with an `:account` param, before validation: the caller's own account. */
    accountId: string;
  }
}

/** `:account` as a whole path segment (optionally with a regexp constraint). */
const ACCOUNT_PARAM = /(?:^|\/):account(?:[/(]|$)/;

export const hasAccountParam = (url: string) => ACCOUNT_PARAM.test(url);

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Guide §8 item 10, held in one place: every route whose path has `:account` — today's and any
 * added later — gets the bearer check (added when the route forgot it) and a hook that loads the
 * account only if it is the caller's. Another user's account, a made-up id and a malformed one are
 * the same 404 ACCOUNT_NOT_FOUND, before the handler reads or writes anything. Handlers read
 * `request.accountId`. Call on the root instance before any route is registered.
 *
 * The hook runs at preValidation, ahead of the route's own hooks: whose account it is is settled
 * before the body is judged, so a stranger learns nothing from validation errors and the answer to
 * a foreign account never depends on the payload.
 */
export function registerAccountAccess(app: FastifyInstance, deps: { db: Executor; authenticate: AuthHook }) {
  const { db, authenticate } = deps;
  const authenticateHook = authenticate as onRequestHookHandler;

  const loadOwnAccount: preValidationHookHandler = async (request) => {
    const { account } = (request.params ?? {}) as { account?: unknown };
    const accountId = typeof account === 'string' && request.userId
      ? await findOwnAccountId(db, request.userId, account)
      : undefined;
    if (!accountId) throw new DomainError('not_found', 'ACCOUNT_NOT_FOUND', 'No such account');
    request.accountId = accountId;
  };

  app.decorateRequest('accountId', '');
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!hasAccountParam(route.url)) return;
    const onRequest = asList(route.onRequest);
    if (!onRequest.includes(authenticateHook)) route.onRequest = [authenticateHook, ...onRequest];
    route.preValidation = [loadOwnAccount, ...asList(route.preValidation)];
  });
}
