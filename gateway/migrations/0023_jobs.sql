-- One jobs table for every background worker (gateway/src/jobs/): the outboxes of sends
-- (withdrawal_jobs) and payouts (sell_jobs) move into it with their schedules, leases and attempts;
-- swaps still waiting for their provider get a settlement job each (swap settlement re-read every
-- IN_PROGRESS order in confirmation order, so twenty slow ones held up every order behind them).
-- The functions that wrote the old tables are replaced after the migrations, from
-- gateway/src/db/functions/ (withdrawal_open writes `jobs`; swap_hold and swap_settle replace
-- swap_confirm and swap_legs, which are dropped here).
CREATE TABLE "jobs" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("kind","run_at") WHERE "jobs"."finished_at" is null;
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "run_at", "attempts", "last_error", "finished_at", "created_at")
	SELECT 'withdrawal', "withdrawal_id"::text, "run_at", "attempts", "last_error", "finished_at", "created_at" FROM "withdrawal_jobs";
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key", "run_at", "attempts", "last_error", "finished_at", "created_at")
	SELECT 'sell-payout', "order_id"::text, "run_at", "attempts", "last_error", "finished_at", "created_at" FROM "sell_jobs";
--> statement-breakpoint
INSERT INTO "jobs" ("kind", "key") SELECT 'swap-settlement', "id"::text FROM "swap_orders" WHERE "state" = 'IN_PROGRESS';
--> statement-breakpoint
DROP TABLE "withdrawal_jobs";
--> statement-breakpoint
DROP TABLE "sell_jobs";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "swap_confirm"(uuid, uuid, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "swap_legs"(uuid, uuid, text, text, numeric, numeric, text, text);
--> statement-breakpoint
-- The withdrawal worker follows every in-flight send of a network in one read per block.
CREATE INDEX "withdrawals_in_flight_idx" ON "withdrawals" USING btree ("network") WHERE "withdrawals"."state" = 'IN_PROGRESS' AND "withdrawals"."tx_hash" IS NOT NULL;
--> statement-breakpoint
-- A confirm now holds the source before it asks the provider (swap_hold): an IN_PROGRESS order has
-- its hold, and a provider reference only once the provider answered that it settles later.
ALTER TABLE "swap_orders" DROP CONSTRAINT "swap_orders_in_progress_held";
--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_in_progress_held" CHECK ("swap_orders"."state" <> 'IN_PROGRESS' or "swap_orders"."hold_transfer_id" is not null);
