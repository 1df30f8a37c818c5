import { createHash } from 'node:crypto';
import fastifyRateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { DomainError } from '../domain/errors.js';
import { databaseStore } from './databaseStore.js';
import type { Limit, RateLimitRule, RateLimits, RateLimitScope } from './rateLimits.js';
import { closeRedis, redisConnection } from './redisStore.js';

export { DEFAULT_RATE_LIMITS, type RateLimitRule, type RateLimits } from './rateLimits.js';

/** Who a counted request is: its client address and, when known, its account (e-mail, user name or user id). */
export interface RateLimitSubject {
  ip?: string | undefined;
  account?: string | undefined;
}

export const rateLimited = (waitSeconds: number) =>
  new DomainError('too_many_attempts', 'RATE_LIMITED', `Too many requests: try again in ${waitSeconds} s`, {
    waitSeconds,
  });

export interface RateLimiter {
  /** Counts the request against every scope of `rule`; throws RATE_LIMITED (429) when one is over. */
  consume(rule: RateLimitRule, subject: RateLimitSubject): Promise<void>;
  readonly limits: RateLimits | false;
}

/** Counters never hold an address or an e-mail in the clear. */
const keyOf = (rule: string, scope: RateLimitScope, value: string) =>
  `${rule}:${scope}:${createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;

/**
 * What a limiter of the plugin is handed. It reads `routeOptions.config` (for a group id, which we
 * do not use) and passes the rest to our key generators. Not the FastifyRequest itself: the IdP's
 * raw Node handlers count sign-ins too, and have none.
 */
interface Counted {
  routeOptions: { config: object };
  subject: RateLimitSubject;
}
const asRequest = (subject: RateLimitSubject) =>
  ({ routeOptions: { config: {} }, subject }) satisfies Counted as unknown as FastifyRequest;
const subjectOf = (request: FastifyRequest) => (request as unknown as Counted).subject;

/**
 * Registers @fastify/rate-limit with the counters every replica shares (Redis when `redisUrl` is
 * set, the table `rate_limit_counters` otherwise) and makes one limiter of it per rule and scope of
 * `limits`, each keyed by its own key generator (per client address, per account). Routes count
 * through `registerRouteRateLimits`; the IdP calls `consume` itself.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  opts: { limits: RateLimits | false; redisUrl?: string | undefined; db: Db },
): Promise<RateLimiter> {
  const { limits } = opts;
  if (!limits) return { limits, consume: async () => {} };

  let counters: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace'>;
  let close: () => Promise<unknown>;
  if (opts.redisUrl) {
    const redis = await redisConnection(opts.redisUrl, app.log);
    // Keys read rl:undefinedundefined-<rule>:<scope>:<hash>: the plugin's store names the route of a
    // limiter in its keys, and a limiter made by createRateLimit has none.
    counters = { redis, nameSpace: 'rl:' };
    close = () => closeRedis(redis);
  } else {
    const store = databaseStore(opts.db);
    counters = { store: store.Store };
    close = store.close;
  }
  await app.register(fastifyRateLimit, {
    ...counters,
    // No route is limited by the plugin's own hook: a rule counts two keys, which one plugin hook
    // cannot (registerRouteRateLimits below counts them, through the limiters made here).
    global: false,
    // A store error reaches consume, which logs it and lets the request through.
    skipOnError: false,
  });
  app.addHook('onClose', async () => {
    await close();
  });

  const limiterOf = (rule: RateLimitRule, scope: RateLimitScope, limit: Limit) =>
    app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      keyGenerator: (request) => keyOf(rule, scope, subjectOf(request)[scope]!),
    });
  const limiters = new Map(
    (Object.entries(limits) as [RateLimitRule, RateLimits[RateLimitRule]][]).map(([rule, scopes]) => [
      rule,
      (Object.entries(scopes) as [RateLimitScope, Limit][]).map(
        ([scope, limit]) => [scope, limiterOf(rule, scope, limit)] as const,
      ),
    ]),
  );

  return {
    limits,
    async consume(rule, subject) {
      const counted = (limiters.get(rule) ?? []).filter(([scope]) => subject[scope]);
      const answers = await Promise.all(
        counted.map(([scope, limiter]) =>
          limiter(asRequest(subject)).catch((err: unknown) => {
            // A counter we cannot reach must not lock every user out: count nothing, say so.
            app.log.warn({ err, rule, scope }, 'rate limit store unavailable; request let through');
            return undefined;
          }),
        ),
      );
      let wait = 0;
      for (const answer of answers) {
        if (answer && !answer.isAllowed && answer.isExceeded) wait = Math.max(wait, answer.ttlInSeconds, 1);
      }
      if (wait > 0) throw rateLimited(wait);
    },
  };
}

/** What a route counts against: a rule and, for a signed-out request, where its account name is. */
export interface RouteRateLimit {
  rule: RateLimitRule;
  /** The body field naming the account (e-mail); signed-in routes count `request.userId` instead. */
  accountField?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Opts a route into a rate-limit rule: `config: { rateLimitRule: 'money' }`. (`rateLimit` is
     * @fastify/rate-limit's own per-route option, which counts one key only.)
     */
    rateLimitRule?: RateLimitRule | RouteRateLimit;
  }
}

/**
 * Routes that count without a line of their own, by method and full URL: a route registered in any
 * folder, now or later, with one of these shapes is limited. Any other route opts in with
 * `config: { rateLimitRule: '<rule>' }`.
 */
export const ROUTE_RATE_LIMITS: { method: string; url: RegExp; limit: RouteRateLimit }[] = [
  { method: 'POST', url: /^\/b2c-user-management\/user$/, limit: { rule: 'signUp', accountField: 'email' } },
  {
    method: 'POST',
    url: /^\/b2c-user-management\/password-reset$/,
    limit: { rule: 'passwordReset', accountField: 'email' },
  },
  {
    method: 'POST',
    url: /^\/b2c-user-management\/(password-reset|confirmation)\/confirm$/,
    limit: { rule: 'confirmation' },
  },
  { method: 'POST', url: /^\/b2c-user-management\/auth\/tg(\/link)?$/, limit: { rule: 'telegram' } },
  {
    method: 'POST',
    url: /^\/b2c-user-management\/user\/pinCode\/(validate|change|disable|enable|recover\/tg)$/,
    limit: { rule: 'passcode' },
  },
  { method: 'POST', url: /\/:account\/withdrawal$/, limit: { rule: 'money' } },
  { method: 'POST', url: /\/:account\/exchange(\/confirm\/:id)?$/, limit: { rule: 'money' } },
  { method: 'POST', url: /\/c2f\/:account\/order\/(byCard|bySavedCard)$/, limit: { rule: 'money' } },
  // Tokenless (spec §6): counted per client address only.
  { method: 'POST', url: /\/b2c\/(rate|order)$/, limit: { rule: 'money' } },
];

const routeLimitOf = (
  config: { rateLimitRule?: RateLimitRule | RouteRateLimit } | undefined,
  method: string | string[],
  url: string,
) => {
  const own = config?.rateLimitRule;
  if (own) return typeof own === 'string' ? { rule: own } : own;
  const methods = Array.isArray(method) ? method : [method];
  return ROUTE_RATE_LIMITS.find((r) => methods.includes(r.method) && r.url.test(url))?.limit;
};

function accountOf(request: FastifyRequest, limit: RouteRateLimit): string | undefined {
  if (limit.accountField) {
    const value = (request.body as Record<string, unknown> | undefined)?.[limit.accountField];
    return typeof value === 'string' ? value : undefined;
  }
  return request.userId || undefined;
}

/**
 * Installed on the root before any route. Counting happens in preHandler: after the bearer check (so
 * a signed-in route counts its user) and the body's validation (so an e-mail is a real one).
 * A refused request is 429 RATE_LIMITED with `waitSeconds` and a Retry-After header (http/errors.ts).
 * The client address is Fastify's `request.ip`: X-Forwarded-For counts only from TRUST_PROXY's proxies.
 */
export function registerRouteRateLimits(app: FastifyInstance, limiter: RateLimiter) {
  if (!limiter.limits) return;
  app.addHook('onRoute', (route) => {
    const limit = routeLimitOf(route.config, route.method, route.url);
    if (!limit) return;
    const hook = async (request: FastifyRequest) =>
      limiter.consume(limit.rule, { ip: request.ip, account: accountOf(request, limit) });
    const existing = route.preHandler;
    // First, so a refused request costs no passcode hash and no database transaction of the route.
    route.preHandler = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : hook;
  });
}
