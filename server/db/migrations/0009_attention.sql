CREATE TABLE "attention_nudges" (
	"message_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attention_nudges_message_id_user_id_pk" PRIMARY KEY("message_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attention_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text,
	"dnd_until" timestamp with time zone,
	"dnd_schedule" jsonb,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digest_email" smallint DEFAULT 1 NOT NULL,
	"digest_through" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_attention" (
	"user_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"level" text DEFAULT 'everything' NOT NULL,
	"muted_until" timestamp with time zone,
	CONSTRAINT "topic_attention_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "attention_nudges" ADD CONSTRAINT "attention_nudges_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_nudges" ADD CONSTRAINT "attention_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attention_settings" ADD CONSTRAINT "attention_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_attention" ADD CONSTRAINT "topic_attention_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_attention" ADD CONSTRAINT "topic_attention_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;