-- Issue 20 item 6: saved cards are told apart by the payout vault's fingerprint of the card number (a
-- keyed hash the vault computes; never the number), no longer by the masked number: two cards with one
-- mask are two saved cards, each with its own vault token. Rows saved before this have no fingerprint
-- (NULL): they stay as they are, are never matched or overwritten by a new card, and still sell to
-- their own token.
ALTER TABLE "sell_cards" ADD COLUMN IF NOT EXISTS "fingerprint" text;
--> statement-breakpoint
DROP INDEX IF EXISTS "sell_cards_account_masc";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sell_cards_account_fingerprint" ON "sell_cards" ("account_id", "fingerprint") WHERE "fingerprint" IS NOT NULL;
--> statement-breakpoint
-- The saved-card list reads an account's cards per fiat (the unique index above no longer leads with it).
CREATE INDEX IF NOT EXISTS "sell_cards_account_idx" ON "sell_cards" ("account_id", "fiat_currency");
--> statement-breakpoint
-- Sandbox only: the pretend vault's fingerprint key, made once on first use (sell/sandbox/provider.ts).
-- A real vault keeps its key on its side; the gateway only ever sees the fingerprints.
CREATE TABLE IF NOT EXISTS "sandbox_vault_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_vault_keys_single" CHECK ("sandbox_vault_keys"."id" = 1)
);
--> statement-breakpoint
-- Issue 20 item 7: each new sell rate deletes the account's rates long expired and never used by a
-- sell (sell/rate.ts); these two indexes keep that delete to an index range and an anti-join probe.
CREATE INDEX IF NOT EXISTS "sell_rates_account_expires_idx" ON "sell_rates" ("account_id", "expires_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sell_orders_rate_idx" ON "sell_orders" ("rate_id");
