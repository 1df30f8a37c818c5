CREATE TABLE "swap_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"source_currency" text NOT NULL,
	"destination_currency" text NOT NULL,
	"source_amount" numeric(38, 0) NOT NULL,
	"destination_amount" numeric(38, 0) NOT NULL,
	"rate" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"source_transfer_id" bigint,
	"destination_transfer_id" bigint,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "swap_orders_state" CHECK ("swap_orders"."state" in ('NEW', 'COMPLETED', 'FAILED')),
	CONSTRAINT "swap_orders_amounts_positive" CHECK ("swap_orders"."source_amount" > 0 and "swap_orders"."destination_amount" > 0),
	CONSTRAINT "swap_orders_completed_legs" CHECK (("swap_orders"."state" = 'COMPLETED') = ("swap_orders"."source_transfer_id" is not null and "swap_orders"."destination_transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "from_currency" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "to_currency" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "from_amount" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "to_amount" numeric(38, 0);--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_source_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("source_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_destination_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("destination_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "swap_orders_account_idempotency_key" ON "swap_orders" USING btree ("account_id","idempotency_key");