ALTER TABLE "messages" ADD COLUMN "thread_root_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_in_chat" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_reply_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_last_reply_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "thread_last_repliers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_thread_root_id_messages_id_fk" FOREIGN KEY ("thread_root_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_root_id","seq") WHERE "messages"."thread_root_id" is not null;--> statement-breakpoint
CREATE TABLE "thread_followers" (
	"root_id" text NOT NULL,
	"user_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"following" smallint DEFAULT 1 NOT NULL,
	"last_read_seq" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_followers_root_id_user_id_pk" PRIMARY KEY("root_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "thread_followers" ADD CONSTRAINT "thread_followers_root_id_messages_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_followers" ADD CONSTRAINT "thread_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_followers" ADD CONSTRAINT "thread_followers_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_followers_user_idx" ON "thread_followers" USING btree ("user_id") WHERE "thread_followers"."following" = 1;
