-- Issue 20 item 1: a Telegram re-link confirmed from the account's mailbox. The mailed link is a
-- one-time code of its own kind (tg_relink: 10 minutes, works once) that carries the Telegram account
-- it would link (payload: telegramUserId, username), so nothing but the code travels in the link.
ALTER TABLE "one_time_codes" DROP CONSTRAINT IF EXISTS "one_time_codes_kind";
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_kind" CHECK ("one_time_codes"."kind" in ('email_confirm', 'password_reset', 'tg_link', 'tg_relink'));
--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD COLUMN IF NOT EXISTS "payload" jsonb;
--> statement-breakpoint
-- Link codes are cleaned up as they are made (users/codes.ts purgeSpentCodes): found by their expiry.
CREATE INDEX IF NOT EXISTS "one_time_codes_expires_idx" ON "one_time_codes" ("expires_at");
