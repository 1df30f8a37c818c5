import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './users.js';

/** Saved recipients (spec §7 b2c-address-book), private to one wallet account. */
export const addressBookEntries = pgTable(
  'address_book_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The catalogue's `blockchain` value of a non-token crypto network (BTC, ETH, TRX, TON, LTC, DOGE…). */
    blockchain: text('blockchain').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('address_book_entries_account_idx').on(t.accountId, t.createdAt)],
);
