import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every gateway replica (the database store of gateway/src/http/:
 * one row per rule, scope and key, a fixed window that restarts when it has run out). Created by
 * migration 0009; described here so the schema names every table (the store writes it in raw SQL).
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends').on(t.windowEnds)],
);
