import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { FIAT_CURRENCIES, LANGUAGES } from '../../../../contracts/user.js';

// One list for the API and the database: contracts/user.ts (spec §9 lists RUB among the fiat symbols).
export { FIAT_CURRENCIES, LANGUAGES };
export type Language = (typeof LANGUAGES)[number];
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export const CODE_KINDS = ['email_confirm', 'password_reset', 'tg_link', 'tg_relink'] as const;
export type CodeKind = (typeof CODE_KINDS)[number];

/** E-mail is optional: a user created by a Telegram sign-in has none until they add one. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    passwordHash: text('password_hash'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    language: text('language').$type<Language>().notNull().default('ENG'),
    defaultFiatCurrency: text('default_fiat_currency').$type<FiatCurrency>().notNull().default('USD'),
    /** Set by every passcode reset (reset mail, Telegram recovery): no money leaves the account before it. */
    passcodeResetHoldUntil: timestamp('passcode_reset_hold_until', { withTimezone: true }),
    /** "Let wallet users find me" (issue 25): off until the user turns it on in Settings. */
    findable: boolean('findable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Uniqueness is only meaningful if every writer lowercases; the database enforces it.
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** Spec §1: one account per user; the unique index keeps it that way. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_user_id_key').on(t.userId)],
);

/** One Telegram user ↔ one wallet user, both sides unique. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_links_user_id_key').on(t.userId)],
);

/** Only a SHA-256 of each code is stored, so a database leak does not leak live codes. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<CodeKind>().notNull(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** What the code stands for beyond its owner (tg_relink: the Telegram account it would link). */
    payload: jsonb('payload').$type<Record<string, string | number | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_codes_code_hash_key').on(t.codeHash),
    index('one_time_codes_user_kind_idx').on(t.userId, t.kind),
    index('one_time_codes_expires_idx').on(t.expiresAt),
    check('one_time_codes_kind', sql`${t.kind} in ('email_confirm', 'password_reset', 'tg_link', 'tg_relink')`),
  ],
);

/** Sandbox mail sink; the identity column orders mails even within one transaction. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to)],
);
