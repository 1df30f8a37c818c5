-- Notifications (issue 24): the outbox written with each event, the users' preferences and the
-- sandbox Bot API's record of what it was asked to send.
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"ref" text NOT NULL,
	"data" jsonb NOT NULL,
	"telegram_done_at" timestamp with time zone,
	"telegram_outcome" text,
	"telegram_message_id" bigint,
	"email_done_at" timestamp with time zone,
	"email_outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_event_ref_idx" ON "notifications" USING btree ("event","ref");
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id");
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"telegram" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"money" boolean DEFAULT true NOT NULL,
	"security" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_telegram_messages" (
	"message_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_telegram_messages_message_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"chat_id" bigint NOT NULL,
	"text" text NOT NULL,
	"reply_markup" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_telegram_messages_chat_idx" ON "sandbox_telegram_messages" USING btree ("chat_id","message_id");
