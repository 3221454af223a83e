ALTER TABLE "users" ADD COLUMN "read_receipts" smallint DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TABLE "user_presence" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone,
	"status_emoji" text,
	"status_text" text,
	"status_expires_at" timestamp with time zone,
	"status_set_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_presence" ADD CONSTRAINT "user_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
