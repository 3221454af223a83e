CREATE TABLE "call_members" (
	"call_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"held" text,
	"declined_at" timestamp with time zone,
	"socket_id" text,
	"joined_at" timestamp with time zone,
	"audio" smallint DEFAULT 1 NOT NULL,
	"video" smallint DEFAULT 0 NOT NULL,
	"screen" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "call_members_call_id_user_id_pk" PRIMARY KEY("call_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "calls" (
	"id" text PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"topic_id" text NOT NULL,
	"caller_id" text NOT NULL,
	"client_call_id" text NOT NULL,
	"is_video" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'ringing' NOT NULL,
	"topology" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ring_until" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
ALTER TABLE "call_members" ADD CONSTRAINT "call_members_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_members" ADD CONSTRAINT "call_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_members_user_idx" ON "call_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_uuid_unique" ON "calls" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "calls_caller_client_unique" ON "calls" USING btree ("caller_id","client_call_id");--> statement-breakpoint
CREATE INDEX "calls_topic_idx" ON "calls" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "calls_ringing_idx" ON "calls" USING btree ("ring_until") WHERE "calls"."status" = 'ringing';--> statement-breakpoint
CREATE INDEX "calls_answered_idx" ON "calls" USING btree ("answered_at") WHERE "calls"."status" = 'answered';