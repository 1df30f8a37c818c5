-- Issue 22: a card buy is spec §3's F2C (fiat to crypto), not a DEPOSIT: history read it as "Received"
-- and the Bought filter found nothing. New rows are written as F2C (buy/settle.ts); this converts the
-- rows written before, found by their order (buy_orders.transaction_id) or, for a row whose order was
-- never linked, by the deposit key a card buy writes ({currency}:card-buy-{order id}:0).
UPDATE "wallet_transactions" w SET "transaction_type" = 'F2C', "updated_at" = now()
FROM "buy_orders" o
WHERE o."transaction_id" = w."id" AND w."transaction_type" = 'DEPOSIT';
--> statement-breakpoint
UPDATE "wallet_transactions" SET "transaction_type" = 'F2C', "updated_at" = now()
WHERE "transaction_type" = 'DEPOSIT' AND "deposit_key" LIKE '%:card-buy-%:0' AND "hash" IS NULL;
--> statement-breakpoint
-- History joins each row to its buy order for the fiat paid, the rate, the card and the order id.
CREATE INDEX IF NOT EXISTS "buy_orders_transaction_idx" ON "buy_orders" ("transaction_id");
