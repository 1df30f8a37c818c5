import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The notification outbox (issue 24, gateway/src/notifications/): one row per event a user is told
 * about, written in the same transaction as the event (a deposit's credit, a send's settlement…), with
 * a job per channel beside it. `(event, ref)` is unique, so an event recorded twice is told once.
 * `*_done_at` is set in the same statement that finishes the channel's job, once the channel answered
 * (sent) or was skipped (`*_outcome` says which and why).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    event: text('event').notNull(),
    ref: text('ref').notNull(),
    /** What the message says: amounts in minor units as strings, the currency code, the transaction id. */
    data: jsonb('data').notNull(),
    telegramDoneAt: timestamp('telegram_done_at', { withTimezone: true }),
    telegramOutcome: text('telegram_outcome'),
    telegramMessageId: bigint('telegram_message_id', { mode: 'number' }),
    emailDoneAt: timestamp('email_done_at', { withTimezone: true }),
    emailOutcome: text('email_outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notifications_event_ref_idx').on(t.event, t.ref), index('notifications_user_idx').on(t.userId)],
);

/** GET/PUT /b2c-user-management/user/notifications; a user without a row has the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').primaryKey(),
  /** Bot messages: off until the user allows them (the Mini App's requestWriteAccess, from Settings or Home). */
  telegram: boolean('telegram').notNull().default(false),
  /**
   * The Telegram account that allowed them (the one linked when `telegram` was turned on): the allow counts
   * only while that account is the linked one, so linking another account does not inherit it.
   */
  telegramChatId: bigint('telegram_chat_id', { mode: 'number' }),
  email: boolean('email').notNull().default(true),
  money: boolean('money').notNull().default(true),
  /** Security messages by Telegram; security e-mails are sent whatever this says. */
  security: boolean('security').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sandbox only: what the gateway's own Bot API (notifications/sandboxBotApi.ts) was asked to send. */
export const sandboxTelegramMessages = pgTable(
  'sandbox_telegram_messages',
  {
    messageId: bigint('message_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    replyMarkup: jsonb('reply_markup'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('sandbox_telegram_messages_chat_idx').on(t.chatId, t.messageId)],
);
