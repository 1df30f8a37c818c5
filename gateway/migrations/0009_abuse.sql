-- Rate-limit counters shared by every gateway replica (gateway/src/http/rateLimit.ts): one row per
-- rule, scope and key, a fixed window that restarts when it has run out. Not in the Drizzle schema:
-- only raw SQL touches it, so `drizzle-kit generate` on another branch never tries to create it again.
CREATE TABLE IF NOT EXISTS "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limit_counters_window_ends" ON "rate_limit_counters" ("window_ends");
--> statement-breakpoint
-- Passcode checks admitted but not yet decided (gateway/src/passcode/service.ts): a correct code
-- clears the failures only when it was the one check in flight, so it cannot wipe a burst beside it.
ALTER TABLE "user_passcodes" ADD COLUMN IF NOT EXISTS "checks_in_flight" integer DEFAULT 0 NOT NULL;
