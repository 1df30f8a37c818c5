import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import type { Executor } from '../db/client.js';
import { preparedPer } from '../db/prepared.js';
import { accounts } from '../db/schema/users.js';
import { oidcPayloads } from '../db/schema/idp.js';
import { DomainError } from '../domain/errors.js';
import type { Idp } from '../idp/index.js';
import { isLiveRow, liveGrant, livenessColumns, livenessParams, type LivenessRow } from '../idp/verify.js';
import { findOwnAccountId, ownAccount, ownAccountParams } from '../users/repository.js';
import { bearerToken, invalidToken, type AuthHook } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on every route with an `:account` param, before validation: the caller's own account. */
    accountId: string;
  }
  interface FastifyContextConfig {
    /** An `:account` route's own read, folded into the bearer and account check (see `AccountRead`). */
    accountRead?: AccountRead;
  }
}

/** What every row of an `AccountRead` carries: the bearer's liveness and the account, when it is the caller's. */
export type BearerAccountRow = LivenessRow & { accountId: string | null };

/** The placeholders an `AccountRead` statement is executed with. */
export type AccountReadParams = ReturnType<typeof livenessParams> & ReturnType<typeof ownAccountParams>;

/**
 * One statement that settles the bearer and the account, and may read the route's data beside them:
 * `FROM oidc_payload` filtered by `liveGrant` with `livenessColumns` (no row: no live grant), the
 * account LEFT JOINed `ON ownAccount` as `accountId`, then whatever the route reads for that account.
 * Only ever read-only: the rows of a request later refused are thrown away.
 */
export type AccountRead = (db: Executor, params: AccountReadParams) => Promise<BearerAccountRow[]>;

const bearerAndAccount = preparedPer((db) =>
  db
    .select({ ...livenessColumns, accountId: accounts.id })
    .from(oidcPayloads)
    .leftJoin(accounts, ownAccount)
    .where(liveGrant)
    .prepare('token_account'),
);

const checkBearerAndAccount: AccountRead = (db, params) => bearerAndAccount(db).execute(params);

/** The rows each request's `AccountRead` returned, for its handler (`accountReadOf`). */
const readRows = new WeakMap<FastifyRequest, BearerAccountRow[]>();

/**
 * The rows the route's `config.accountRead` returned for this request, typed by the caller who wrote
 * that statement; undefined when the request was checked in two steps (an IdP without
 * `verifySignature`), so the handler reads for itself.
 */
export const accountReadOf = <Row extends BearerAccountRow>(request: FastifyRequest) =>
  readRows.get(request) as Row[] | undefined;

/** `:account` as a whole path segment (optionally with a regexp constraint). */
const ACCOUNT_PARAM = /(?:^|\/):account(?:[/(]|$)/;

export const hasAccountParam = (url: string) => ACCOUNT_PARAM.test(url);

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Guide §8 item 10, held in one place: every route whose path has `:account` — today's and any
 * added later — gets the bearer check (added when the route forgot it) and a hook that loads the
 * account only if it is the caller's. Another user's account, a made-up id and a malformed one are
 * the same 404 ACCOUNT_NOT_FOUND, before the handler reads or writes anything. Handlers read
 * `request.accountId`. Call on the root instance before any route is registered.
 *
 * The 404 is answered at preValidation, ahead of the route's own hooks: whose account it is is
 * settled before the body is judged, so a stranger learns nothing from validation errors and the
 * answer to a foreign account never depends on the payload.
 *
 * With an IdP that offers `verifySignature`, the bearer's liveness and the account's owner are read in
 * one statement at onRequest, in the place of the route's bearer hook (a dead token is still 401
 * there, before anything else runs); the 404 is still answered at preValidation. Under load each
 * round trip to PostgreSQL was what a request waited for, so this saves one on every `:account`
 * request, and a route naming `config.accountRead` (the balance poll) gets its data in the same one.
 */
export function registerAccountAccess(
  app: FastifyInstance,
  deps: { db: Executor; authenticate: AuthHook; idp?: Pick<Idp, 'verifySignature'> },
) {
  const { db, authenticate } = deps;
  const authenticateHook = authenticate as onRequestHookHandler;
  const verifySignature = deps.idp?.verifySignature;

  const bearerAndAccountHook =
    (read: AccountRead, verify: NonNullable<typeof verifySignature>): onRequestHookHandler =>
    async (request) => {
      const token = bearerToken(request);
      try {
        const claims = await verify(token);
        const { account } = (request.params ?? {}) as { account?: unknown };
        // A token without a grant id is never live (verify.ts): no statement for it.
        const rows = claims.gid
          ? await read(db, {
              ...livenessParams(claims),
              ...ownAccountParams(claims.sub, typeof account === 'string' ? account : ''),
            })
          : [];
        if (!isLiveRow(rows[0], claims)) throw new Error('token is not live');
        request.userId = claims.sub;
        readRows.set(request, rows);
      } catch {
        throw invalidToken();
      }
    };

  const loadOwnAccount: preValidationHookHandler = async (request) => {
    const rows = readRows.get(request);
    const { account } = (request.params ?? {}) as { account?: unknown };
    const accountId = rows
      ? (rows[0]?.accountId ?? undefined)
      : typeof account === 'string' && request.userId
        ? await findOwnAccountId(db, request.userId, account)
        : undefined;
    if (!accountId) throw new DomainError('not_found', 'ACCOUNT_NOT_FOUND', 'No such account');
    request.accountId = accountId;
  };

  app.decorateRequest('accountId', '');
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!hasAccountParam(route.url)) return;
    const onRequest = asList(route.onRequest);
    if (verifySignature) {
      // In the bearer hook's place, so hooks the route lists around it keep their order.
      const hook = bearerAndAccountHook(route.config?.accountRead ?? checkBearerAndAccount, verifySignature);
      const at = onRequest.indexOf(authenticateHook);
      route.onRequest = at === -1 ? [hook, ...onRequest] : onRequest.map((h, i) => (i === at ? hook : h));
    } else if (!onRequest.includes(authenticateHook)) {
      route.onRequest = [authenticateHook, ...onRequest];
    }
    route.preValidation = [loadOwnAccount, ...asList(route.preValidation)];
  });
}
