import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * One row per user with a passcode (spec §5). The code itself is never stored: `hash` is a salted
 * scrypt string (`scrypt$N$r$p$salt$key`). `failedAttempts` counts every attempt not accepted since
 * the last correct code; `lockouts` drives the escalating wait; `lockedUntil` is the end of the wait.
 * Disabling the passcode deletes the row.
 */
export const userPasscodes = pgTable(
  'user_passcodes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockouts: integer('lockouts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_passcodes_counters', sql`${t.failedAttempts} >= 0 and ${t.lockouts} >= 0`)],
);
