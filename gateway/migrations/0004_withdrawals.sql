CREATE TABLE "withdrawal_jobs" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0) NOT NULL,
	"to_address" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"recipient_account_id" uuid,
	"recipient_transaction_id" uuid,
	"wallet_transaction_id" uuid,
	"hold_transfer_id" bigint,
	"fee_hold_transfer_id" bigint,
	"broadcast_attempted_at" timestamp with time zone,
	"tx_hash" text,
	"broadcast_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "withdrawals_state" CHECK ("withdrawals"."state" in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
	CONSTRAINT "withdrawals_kind" CHECK ("withdrawals"."kind" in ('EXTERNAL', 'INTERNAL')),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0 and "withdrawals"."fee" >= 0),
	CONSTRAINT "withdrawals_internal_recipient" CHECK (("withdrawals"."kind" = 'INTERNAL') = ("withdrawals"."recipient_account_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "sandbox_chain_behaviour" ADD COLUMN "fail_next_broadcasts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_chain_transactions" ADD COLUMN "direction" text DEFAULT 'IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_chain_transactions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "counterparty_type" text;--> statement-breakpoint
ALTER TABLE "withdrawal_jobs" ADD CONSTRAINT "withdrawal_jobs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_recipient_account_id_accounts_id_fk" FOREIGN KEY ("recipient_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_recipient_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("recipient_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_fee_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("fee_hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_jobs_due_idx" ON "withdrawal_jobs" USING btree ("run_at") WHERE "withdrawal_jobs"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_account_idempotency_key" ON "withdrawals" USING btree ("account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."state" = 'IN_PROGRESS';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_chain_transactions_reference_key" ON "sandbox_chain_transactions" USING btree ("reference");--> statement-breakpoint
ALTER TABLE "sandbox_chain_behaviour" ADD CONSTRAINT "sandbox_chain_behaviour_fail_next" CHECK ("sandbox_chain_behaviour"."fail_next_broadcasts" >= 0);--> statement-breakpoint
ALTER TABLE "sandbox_chain_transactions" ADD CONSTRAINT "sandbox_chain_transactions_direction" CHECK ("sandbox_chain_transactions"."direction" in ('IN', 'OUT') and ("sandbox_chain_transactions"."direction" = 'OUT') = ("sandbox_chain_transactions"."reference" is not null));