ALTER TABLE "swap_orders" DROP CONSTRAINT "swap_orders_state";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "swap_order_id" uuid;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD COLUMN "hold_transfer_id" bigint;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_swap_order_id_swap_orders_id_fk" FOREIGN KEY ("swap_order_id") REFERENCES "public"."swap_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_hold_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Rows written before this column existed: a swap's two history rows were inserted in the transaction that confirmed it, so their created_at is the order's confirmed_at (both now() of that transaction).
UPDATE "wallet_transactions" w SET "swap_order_id" = o."id" FROM "swap_orders" o WHERE w."transaction_type" = 'EXCHANGE' AND w."swap_order_id" IS NULL AND w."account_id" = o."account_id" AND w."from_currency" = o."source_currency" AND w."to_currency" = o."destination_currency" AND w."from_amount" = o."source_amount" AND w."to_amount" = o."destination_amount" AND w."created_at" = o."confirmed_at";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_swap_order_side" ON "wallet_transactions" USING btree ("swap_order_id","direction");--> statement-breakpoint
CREATE INDEX "swap_orders_in_progress_idx" ON "swap_orders" USING btree ("confirmed_at") WHERE "swap_orders"."state" = 'IN_PROGRESS';--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_in_progress_held" CHECK ("swap_orders"."state" <> 'IN_PROGRESS' or ("swap_orders"."hold_transfer_id" is not null and "swap_orders"."provider_ref" is not null));--> statement-breakpoint
ALTER TABLE "swap_orders" ADD CONSTRAINT "swap_orders_state" CHECK ("swap_orders"."state" in ('NEW', 'IN_PROGRESS', 'COMPLETED', 'FAILED'));