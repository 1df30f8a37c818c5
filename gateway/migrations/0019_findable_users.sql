-- Issue 25: "Let wallet users find me". Off by default: nobody can be found by @username or e-mail
-- until they turn it on. The partial index serves the look-up by e-mail among those who did.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "findable" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_findable_email_idx" ON "users" ("email") WHERE "findable";
--> statement-breakpoint
-- Telegram user names compare without case (@Alice and @alice are one user).
CREATE INDEX IF NOT EXISTS "telegram_links_username_lower_idx" ON "telegram_links" (lower("username"));
