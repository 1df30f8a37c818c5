import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** How a device is named in a "new sign-in" message: browser and system from its User-Agent, and the way in. */
export type DeviceLabel = { browser: string | null; os: string | null; via: 'password' | 'telegram' | 'browser' };

/**
 * The devices a user signed in from (issue 24, gateway/src/security/devices.ts): a sign-in from one not in
 * this list tells the owner. Keyed by a SHA-256 of the app's long-lived random device id, never the id.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    label: jsonb('label').$type<DeviceLabel>().notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_devices_pkey', columns: [t.userId, t.deviceHash] }),
    index('user_devices_user_seen_idx').on(t.userId, t.lastSeenAt),
  ],
);
