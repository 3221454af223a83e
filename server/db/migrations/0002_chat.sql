CREATE TABLE "labels" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" text NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"owner_id" text NOT NULL,
	"topic_id" text,
	"message_id" text,
	"acl" text DEFAULT 'private' NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" bigint NOT NULL,
	"kind" text NOT NULL,
	"width" integer,
	"height" integer,
	"has_thumb" smallint DEFAULT 0 NOT NULL,
	"trashed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" text PRIMARY KEY NOT NULL,
	"topic_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"sender_id" text,
	"client_id" text,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"reply_to_id" text,
	"forwarded_from" text,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_pin" smallint DEFAULT 0 NOT NULL,
	"pinned_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_members" (
	"topic_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" smallint DEFAULT 20 NOT NULL,
	"is_pin" smallint DEFAULT 0 NOT NULL,
	"pinned_at" timestamp with time zone,
	"hidden" smallint DEFAULT 0 NOT NULL,
	"is_seen" smallint DEFAULT 1 NOT NULL,
	"last_seen_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_members_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" text PRIMARY KEY NOT NULL,
	"channel_id" text,
	"name" text DEFAULT '' NOT NULL,
	"image" text,
	"is_group" smallint DEFAULT 1 NOT NULL,
	"dm_key" text,
	"created_by" text,
	"permission" jsonb NOT NULL,
	"label_id" text,
	"in_call" smallint DEFAULT 0 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_message_id" text,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "banner" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "is_public" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "use_for" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "referral_link" text;--> statement-breakpoint
ALTER TABLE "labels" ADD CONSTRAINT "labels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_to_id_messages_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_members" ADD CONSTRAINT "topic_members_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_members" ADD CONSTRAINT "topic_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "labels_channel_idx" ON "labels" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_key_unique" ON "media" USING btree ("key");--> statement-breakpoint
CREATE INDEX "media_owner_idx" ON "media" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "media_topic_idx" ON "media" USING btree ("topic_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_message_idx" ON "media" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_topic_seq_unique" ON "messages" USING btree ("topic_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_unique" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_topic_pinned_idx" ON "messages" USING btree ("topic_id") WHERE "messages"."is_pin" = 1;--> statement-breakpoint
CREATE INDEX "topic_members_user_idx" ON "topic_members" USING btree ("user_id","is_pin");--> statement-breakpoint
CREATE UNIQUE INDEX "topics_dm_key_unique" ON "topics" USING btree ("dm_key");--> statement-breakpoint
CREATE INDEX "topics_channel_idx" ON "topics" USING btree ("channel_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "channels_referral_idx" ON "channels" USING btree ("referral_link");