import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/client.js';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Hit {
  key: string;
  windowMs: number;
  answer: Answer;
}

/**
 * A store for @fastify/rate-limit over the table `rate_limit_counters` (migration 0009): fixed-window
 * counters every replica shares when there is no Redis. The plugin has Redis and in-memory stores
 * only, and in-memory counters would give each replica its own limits.
 *
 * The plugin asks one key at a time; a signed-in request counts two (its address and its account),
 * and concurrent requests more. The hits asked within one turn of the event loop go to the database
 * as one statement, so a counted request still costs one round trip, not one per scope.
 */
export function databaseStore(db: Db) {
  let pending: Hit[] = [];
  // Finished windows are never read again; a slow sweep keeps the table at the live counters.
  const sweep = setInterval(() => {
    void db
      .execute(sql`delete from rate_limit_counters where window_ends < now() - interval '1 minute'`)
      .catch(() => {});
  }, 600_000);
  sweep.unref();

  async function flush() {
    const hits = pending;
    pending = [];
    // The same key twice in one statement would be one row updated twice, which Postgres refuses:
    // each key is added once with its number of hits, and each hit is told its own place in the count.
    const byKey = new Map<string, Hit[]>();
    for (const hit of hits) {
      const same = byKey.get(hit.key);
      if (same) same.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    const values = sql.join(
      [...byKey].map(
        ([key, same]) => sql`(${key}, ${same.length}::int, now() + make_interval(secs => ${same[0]!.windowMs / 1000}))`,
      ),
      sql`, `,
    );
    try {
      const result = (await db.execute(sql`
        insert into rate_limit_counters as c (key, hits, window_ends)
        values ${values}
        on conflict (key) do update set
          hits = case when c.window_ends <= now() then excluded.hits else c.hits + excluded.hits end,
          window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
        returning key, hits,
          greatest(1, ceil(extract(epoch from (window_ends - now())) * 1000))::bigint as ttl_ms`)) as unknown as {
        rows: { key: string; hits: number; ttl_ms: number | string }[];
      };
      for (const row of result.rows) {
        const same = byKey.get(row.key)!;
        const first = Number(row.hits) - same.length + 1;
        same.forEach((hit, i) => hit.answer(null, { current: first + i, ttl: Number(row.ttl_ms) }));
      }
    } catch (err) {
      for (const hit of hits) hit.answer(err as Error);
    }
  }

  class RateLimitCounters implements FastifyRateLimitStore {
    incr(key: string, answer: Answer, timeWindow: number) {
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ key, windowMs: timeWindow, answer });
    }

    /** Keys already name their rule and scope (rateLimit.ts), so every limiter shares the one table. */
    child() {
      return this;
    }
  }

  return {
    Store: RateLimitCounters,
    async close() {
      clearInterval(sweep);
    },
  };
}
