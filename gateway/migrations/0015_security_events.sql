CREATE TABLE IF NOT EXISTS "security_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "security_events_user_idx" ON "security_events" ("user_id", "created_at");
--> statement-breakpoint
-- Checks of one user are now serialised under the lock on the user's row (passcode/gate.ts): no
-- count of checks in flight is needed.
ALTER TABLE "user_passcodes" DROP COLUMN IF EXISTS "checks_in_flight";
