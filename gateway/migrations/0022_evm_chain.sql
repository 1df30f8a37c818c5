-- Issue 26: the Ethereum adapter's own records (gateway/src/chain/evm/, schema/evm.ts): the block
-- follower's cursor and recent blocks (re-org detection), transfers seen to our addresses, the nonce
-- sequence per sending address, every signed transaction (written before it is sent) and the
-- addresses waiting for a sweep to the hot wallet.
CREATE TABLE IF NOT EXISTS "evm_follower" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"lease_holder" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "evm_blocks" (
	"chain_id" integer NOT NULL,
	"number" bigint NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "evm_blocks_chain_id_number_pk" PRIMARY KEY("chain_id","number")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "evm_deposits" (
	"chain_id" integer NOT NULL,
	"currency" text NOT NULL,
	"tx_hash" text NOT NULL,
	"output_index" integer NOT NULL,
	"address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"reported_confirmations" integer DEFAULT -1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evm_deposits_chain_id_currency_tx_hash_output_index_pk" PRIMARY KEY("chain_id","currency","tx_hash","output_index"),
	CONSTRAINT "evm_deposits_state" CHECK ("evm_deposits"."state" in ('PENDING', 'COMPLETED', 'FAILED'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "evm_deposits_open_idx" ON "evm_deposits" ("chain_id") WHERE "evm_deposits"."state" <> 'COMPLETED';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "evm_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	CONSTRAINT "evm_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "evm_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"nonce" bigint NOT NULL,
	"gas_limit" numeric(78, 0) NOT NULL,
	"max_fee_per_gas" numeric(78, 0) NOT NULL,
	"max_priority_fee_per_gas" numeric(78, 0) NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"state" text DEFAULT 'SIGNED' NOT NULL,
	"block_number" bigint,
	"gas_cost" numeric(78, 0),
	"gas_booked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "evm_transactions_kind" CHECK ("evm_transactions"."kind" in ('WITHDRAWAL', 'SWEEP', 'TOPUP')),
	CONSTRAINT "evm_transactions_state" CHECK ("evm_transactions"."state" in ('SIGNED', 'SENT', 'MINED', 'REPLACED', 'FAILED'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "evm_transactions_reference_attempt_key" ON "evm_transactions" ("reference","attempt");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "evm_transactions_tx_hash_key" ON "evm_transactions" ("tx_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "evm_transactions_open_idx" ON "evm_transactions" ("chain_id","from_address") WHERE "evm_transactions"."state" in ('SIGNED', 'SENT');
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "evm_sweeps" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"currency" text NOT NULL,
	"hd_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "evm_sweeps_chain_id_address_currency_pk" PRIMARY KEY("chain_id","address","currency")
);
