CREATE TABLE "sandbox_chain_behaviour" (
	"id" text PRIMARY KEY NOT NULL,
	"confirmation_ms" integer,
	"required_confirmations" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_chain_behaviour_confirmation_ms" CHECK ("sandbox_chain_behaviour"."confirmation_ms" is null or "sandbox_chain_behaviour"."confirmation_ms" >= 10),
	CONSTRAINT "sandbox_chain_behaviour_required" CHECK ("sandbox_chain_behaviour"."required_confirmations" is null or "sandbox_chain_behaviour"."required_confirmations" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_chain_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"currency" text NOT NULL,
	"tx_hash" text NOT NULL,
	"output_index" integer DEFAULT 0 NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"last_block_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_chain_transactions_amount_positive" CHECK ("sandbox_chain_transactions"."amount" > 0),
	CONSTRAINT "sandbox_chain_transactions_status" CHECK ("sandbox_chain_transactions"."status" in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
	CONSTRAINT "sandbox_chain_transactions_confirmations" CHECK ("sandbox_chain_transactions"."confirmations" >= 0 and "sandbox_chain_transactions"."required_confirmations" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_transactions_tx_hash_key" ON "sandbox_chain_transactions" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "sandbox_chain_transactions_due_idx" ON "sandbox_chain_transactions" USING btree ("last_block_at") WHERE "sandbox_chain_transactions"."status" = 'IN_PROGRESS';