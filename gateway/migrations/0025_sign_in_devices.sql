-- Issue 24: the devices a user signed in from (a sign-in from one not seen before is told to the owner),
-- and the Telegram account a "bot messages allowed" belongs to.
-- Only a SHA-256 of the app's device id is kept: the table cannot be used to pose as a device.
CREATE TABLE IF NOT EXISTS "user_devices" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"device_hash" text NOT NULL,
	"label" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_devices_pkey" PRIMARY KEY ("user_id", "device_hash")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_devices_user_seen_idx" ON "user_devices" ("user_id", "last_seen_at");
--> statement-breakpoint
-- Bot messages are allowed by a Telegram account (the Mini App's requestWriteAccess): the allow counts only
-- while that account is the one linked, so a later link of another account does not inherit it.
ALTER TABLE "notification_preferences" ADD COLUMN IF NOT EXISTS "telegram_chat_id" bigint;
--> statement-breakpoint
UPDATE "notification_preferences" p SET "telegram_chat_id" = tl."telegram_user_id"
	FROM "telegram_links" tl WHERE tl."user_id" = p."user_id" AND p."telegram" AND p."telegram_chat_id" IS NULL;
