CREATE TABLE "buy_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"deposit_address" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"geo_id" text NOT NULL,
	"fiat_settings_item_id" text NOT NULL,
	"rate_id" uuid NOT NULL,
	"rate" text NOT NULL,
	"fiat_amount" numeric(38, 0) NOT NULL,
	"crypto_amount" numeric(38, 0) NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'NEW' NOT NULL,
	"failure_reason" text,
	"acquirer" text NOT NULL,
	"payment_id" text,
	"payment_url" text,
	"masked_card" text,
	"transaction_id" uuid,
	"pay_before" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buy_orders_state" CHECK ("buy_orders"."state" in ('NEW', 'PROCESSING', 'COMPLETED', 'FAILED')),
	CONSTRAINT "buy_orders_amounts_positive" CHECK ("buy_orders"."fiat_amount" > 0 and "buy_orders"."crypto_amount" > 0),
	CONSTRAINT "buy_orders_failed_reason" CHECK (("buy_orders"."state" = 'FAILED') = ("buy_orders"."failure_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "buy_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"address_key" text NOT NULL,
	"currency" text NOT NULL,
	"geo_id" text NOT NULL,
	"fiat_currency" text NOT NULL,
	"fiat_settings_item_id" text NOT NULL,
	"rate" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buy_orders" ADD CONSTRAINT "buy_orders_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buy_orders_idempotency_key" ON "buy_orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "buy_orders_payment_id" ON "buy_orders" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "buy_rates_expires_idx" ON "buy_rates" USING btree ("expires_at");