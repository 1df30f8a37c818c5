import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every background job of the gateway, one row per (kind, key): a send to broadcast, a payout to
 * submit, a swap to settle, a network to follow (gateway/src/jobs/). `run_at` is both the schedule
 * and the lease: a claim (FOR UPDATE SKIP LOCKED) pushes it one lease ahead, so a job whose worker
 * died becomes claimable again when the lease runs out. `attempts` counts claims; a failed run is
 * retried after a backoff that grows with it. `finished_at` ends the job; the row stays as a record.
 */
export const jobs = pgTable(
  'jobs',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    /** What the handler needs beyond the key (small JSON); most jobs read their row by the key. */
    payload: jsonb('payload'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.key] }),
    index('jobs_due_idx').on(t.kind, t.runAt).where(sql`${t.finishedAt} is null`),
  ],
);

export type Job = typeof jobs.$inferSelect;
