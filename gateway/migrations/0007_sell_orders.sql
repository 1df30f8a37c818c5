CREATE TABLE "sandbox_payouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"vault_token" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"fiat_amount" numeric(38, 0) NOT NULL,
	"outcome" text NOT NULL,
	"settles_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sell_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"fiat_currency" text NOT NULL,
	"vault_token" text NOT NULL,
	"masc_card" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_system" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_cards_masked" CHECK ("sell_cards"."masc_card" ~ '^[0-9]{6}[*]{6}[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sell_jobs" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sell_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fiat_currency" text NOT NULL,
	"fiat_amount" numeric(38, 0) NOT NULL,
	"rate_minor" numeric(38, 0) NOT NULL,
	"rate_id" uuid NOT NULL,
	"card_id" uuid,
	"vault_token" text NOT NULL,
	"masc_card" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_system" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"hold_transfer_id" bigint,
	"wallet_transaction_id" uuid,
	"payout_attempted_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sell_orders_state" CHECK ("sell_orders"."state" in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
	CONSTRAINT "sell_orders_amounts_positive" CHECK ("sell_orders"."amount" > 0 and "sell_orders"."fiat_amount" > 0),
	CONSTRAINT "sell_orders_masked" CHECK ("sell_orders"."masc_card" ~ '^[0-9]{6}[*]{6}[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sell_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"rate_minor" numeric(38, 0) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sell_rates_positive" CHECK ("sell_rates"."rate_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "sell_cards" ADD CONSTRAINT "sell_cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_jobs" ADD CONSTRAINT "sell_jobs_order_id_sell_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sell_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_rate_id_sell_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."sell_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_card_id_sell_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."sell_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_orders" ADD CONSTRAINT "sell_orders_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sell_rates" ADD CONSTRAINT "sell_rates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sell_cards_account_masc" ON "sell_cards" USING btree ("account_id","fiat_currency","masc_card");--> statement-breakpoint
CREATE INDEX "sell_jobs_due_idx" ON "sell_jobs" USING btree ("run_at") WHERE "sell_jobs"."finished_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sell_orders_account_idempotency_key" ON "sell_orders" USING btree ("account_id","idempotency_key");