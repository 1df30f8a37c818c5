import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { DomainError } from '../domain/errors.js';
import type { RateLimitRule, RateLimits, RateLimitScope } from './rateLimits.js';

export { DEFAULT_RATE_LIMITS, type RateLimitRule, type RateLimits } from './rateLimits.js';

/**
 * Fixed-window counters shared by every replica: in the database (table `rate_limit_counters`,
 * migration 0009) or in Redis when `REDIS_URL` is set. One atomic statement per counted request.
 */
export interface RateLimitStore {
  /** Counts one hit on `key`; says how many the current window holds and when it ends. */
  hit(key: string, windowSeconds: number): Promise<{ hits: number; resetInSeconds: number }>;
  /**
   * Counts one hit on each key at once (a signed-in request counts its client address and its
   * account), answers in the same order. Optional: a store without it is asked key by key.
   */
  hitAll?(hits: { key: string; windowSeconds: number }[]): Promise<{ hits: number; resetInSeconds: number }[]>;
  close(): Promise<void>;
}

export function databaseStore(db: Db): RateLimitStore {
  // Finished windows are never read again; a slow sweep keeps the table at the live counters.
  const sweep = setInterval(() => {
    void db
      .execute(sql`delete from rate_limit_counters where window_ends < now() - interval '1 minute'`)
      .catch(() => {});
  }, 600_000);
  sweep.unref();
  // Every key of a request in one statement: one round trip per counted request, not one per scope.
  // The keys of one request differ by scope, so no row is hit twice by the same command.
  const hitAll = async (hits: { key: string; windowSeconds: number }[]) => {
    const values = sql.join(
      hits.map((h) => sql`(${h.key}, 1, now() + make_interval(secs => ${h.windowSeconds}))`),
      sql`, `,
    );
    const result = (await db.execute(sql`
      insert into rate_limit_counters as c (key, hits, window_ends)
      values ${values}
      on conflict (key) do update set
        hits = case when c.window_ends <= now() then 1 else c.hits + 1 end,
        window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
      returning key, hits, greatest(1, ceil(extract(epoch from (window_ends - now()))))::int as reset_in`)) as unknown as {
      rows: { key: string; hits: number; reset_in: number }[];
    };
    const byKey = new Map(result.rows.map((row) => [row.key, row]));
    return hits.map((h) => {
      const row = byKey.get(h.key)!;
      return { hits: Number(row.hits), resetInSeconds: Number(row.reset_in) };
    });
  };
  return {
    hitAll,
    async hit(key, windowSeconds) {
      return (await hitAll([{ key, windowSeconds }]))[0]!;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

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
  close(): Promise<void>;
}

/** Counters never hold an address or an e-mail in the clear. */
const keyOf = (rule: string, scope: RateLimitScope, value: string) =>
  `${rule}:${scope}:${createHash('sha256').update(value.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;

export function createRateLimiter(opts: {
  limits: RateLimits | false;
  store: RateLimitStore;
  log?: { warn(o: object, m: string): void };
}): RateLimiter {
  const { limits, store } = opts;
  return {
    limits,
    async consume(rule, subject) {
      if (!limits) return;
      const counted = (Object.entries(limits[rule]) as [RateLimitScope, { max: number; windowSeconds: number }][])
        .filter(([scope]) => subject[scope])
        .map(([scope, limit]) => ({
          scope,
          limit,
          key: keyOf(rule, scope, subject[scope]!),
          windowSeconds: limit.windowSeconds,
        }));
      if (counted.length === 0) return;
      // A counter we cannot reach must not lock every user out: count nothing, say so.
      const unreachable = (err: unknown, scope: string) => {
        opts.log?.warn({ err, rule, scope }, 'rate limit store unavailable; request let through');
        return undefined;
      };
      const answers = store.hitAll
        ? await store.hitAll(counted).catch((err) => {
            unreachable(err, counted.map((c) => c.scope).join('+'));
            return counted.map(() => undefined);
          })
        : await Promise.all(
            counted.map((c) => store.hit(c.key, c.windowSeconds).catch((err) => unreachable(err, c.scope))),
          );
      let wait = 0;
      answers.forEach((answer, i) => {
        if (answer && answer.hits > counted[i]!.limit.max) wait = Math.max(wait, answer.resetInSeconds);
      });
      if (wait > 0) throw rateLimited(wait);
    },
    close: () => store.close(),
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
    /** Opts a route into a rate-limit rule: `config: { rateLimit: 'money' }`. */
    rateLimit?: RateLimitRule | RouteRateLimit;
  }
}

/**
 * Routes that count without a line of their own, by method and full URL: a route registered in any
 * folder, now or later, with one of these shapes is limited. Any other route opts in with
 * `config: { rateLimit: '<rule>' }`.
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
  config: { rateLimit?: RateLimitRule | RouteRateLimit } | undefined,
  method: string | string[],
  url: string,
) => {
  if (config?.rateLimit) return typeof config.rateLimit === 'string' ? { rule: config.rateLimit } : config.rateLimit;
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
 */
export function registerRateLimits(app: FastifyInstance, limiter: RateLimiter) {
  app.addHook('onRoute', (route) => {
    const limit = routeLimitOf(
      route.config as { rateLimit?: RateLimitRule | RouteRateLimit } | undefined,
      route.method,
      route.url,
    );
    if (!limit) return;
    const hook = async (request: FastifyRequest) =>
      limiter.consume(limit.rule, { ip: request.ip, account: accountOf(request, limit) });
    const existing = route.preHandler;
    // First, so a refused request costs no passcode hash and no database transaction of the route.
    route.preHandler = existing ? [hook, ...(Array.isArray(existing) ? existing : [existing])] : hook;
  });
  app.addHook('onClose', async () => limiter.close());
}
