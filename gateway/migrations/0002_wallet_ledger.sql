CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"owner_account_id" uuid,
	"code" text,
	"debits_pending" numeric(38, 0) DEFAULT 0 NOT NULL,
	"debits_posted" numeric(38, 0) DEFAULT 0 NOT NULL,
	"credits_pending" numeric(38, 0) DEFAULT 0 NOT NULL,
	"credits_posted" numeric(38, 0) DEFAULT 0 NOT NULL,
	"flags" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind" CHECK ("ledger_accounts"."kind" in ('user', 'system')),
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."kind" = 'user') = ("ledger_accounts"."owner_account_id" is not null) and ("ledger_accounts"."kind" = 'system') = ("ledger_accounts"."code" is not null)),
	CONSTRAINT "ledger_accounts_non_negative" CHECK ("ledger_accounts"."debits_pending" >= 0 and "ledger_accounts"."debits_posted" >= 0 and "ledger_accounts"."credits_pending" >= 0 and "ledger_accounts"."credits_posted" >= 0),
	CONSTRAINT "ledger_accounts_no_overdraft" CHECK ("ledger_accounts"."kind" <> 'user' or "ledger_accounts"."credits_posted" - "ledger_accounts"."debits_posted" - "ledger_accounts"."debits_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"pending_id" bigint,
	"key_account_id" bigint,
	"idempotency_key" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_kind" CHECK ("ledger_transfers"."kind" in ('single', 'pending', 'post_pending', 'void_pending')),
	CONSTRAINT "ledger_transfers_pending_ref" CHECK (("ledger_transfers"."kind" in ('post_pending', 'void_pending')) = ("ledger_transfers"."pending_id" is not null)),
	CONSTRAINT "ledger_transfers_key_scope" CHECK (("ledger_transfers"."idempotency_key" is null) = ("ledger_transfers"."key_account_id" is null))
);
--> statement-breakpoint
CREATE TABLE "account_hd_indexes" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"hd_index" integer GENERATED ALWAYS AS IDENTITY (sequence name "account_hd_indexes_hd_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 2147483647 START WITH 0 CACHE 1),
	CONSTRAINT "account_hd_indexes_hd_index_unique" UNIQUE("hd_index")
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"account_id" uuid NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"hd_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_addresses_account_id_network_pk" PRIMARY KEY("account_id","network")
);
--> statement-breakpoint
CREATE TABLE "wallet_assets" (
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"ledger_account_id" bigint NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_assets_account_id_currency_pk" PRIMARY KEY("account_id","currency")
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"transaction_type" text NOT NULL,
	"state" text NOT NULL,
	"amount" numeric(38, 0) NOT NULL,
	"fee" numeric(38, 0),
	"service_fee" numeric(38, 0),
	"from_address" text,
	"to_address" text,
	"hash" text,
	"output_index" integer,
	"network" text,
	"confirmations" integer,
	"required_confirmations" integer,
	"deposit_key" text,
	"ledger_transfer_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_state" CHECK ("wallet_transactions"."state" in ('IN_PROGRESS', 'COMPLETED', 'FAILED')),
	CONSTRAINT "wallet_transactions_direction" CHECK ("wallet_transactions"."direction" in ('DEPOSIT', 'WITHDRAWAL')),
	CONSTRAINT "wallet_transactions_amount_positive" CHECK ("wallet_transactions"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_account_id_accounts_id_fk" FOREIGN KEY ("owner_account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_pending_id_fk" FOREIGN KEY ("pending_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_hd_indexes" ADD CONSTRAINT "account_hd_indexes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_assets" ADD CONSTRAINT "wallet_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_assets" ADD CONSTRAINT "wallet_assets_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_ledger_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_currency_key" ON "ledger_accounts" USING btree ("owner_account_id","currency") WHERE "ledger_accounts"."kind" = 'user';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_code_key" ON "ledger_accounts" USING btree ("currency","code") WHERE "ledger_accounts"."kind" = 'system';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_pending_id_key" ON "ledger_transfers" USING btree ("pending_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "ledger_transfers" USING btree ("key_account_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_network_key" ON "deposit_addresses" USING btree ("network","address_key");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_deposit_key" ON "wallet_transactions" USING btree ("deposit_key");--> statement-breakpoint
CREATE INDEX "wallet_transactions_account_created_idx" ON "wallet_transactions" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_account_currency_created_idx" ON "wallet_transactions" USING btree ("account_id","currency","created_at","id");--> statement-breakpoint
-- The journal is append-only: corrections are new transfers, never edits.
CREATE FUNCTION "ledger_transfers_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger_transfers is append-only' USING ERRCODE = 'P0001';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_transfers_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_transfers"
	FOR EACH ROW EXECUTE FUNCTION "ledger_transfers_immutable"();
