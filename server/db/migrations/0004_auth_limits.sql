CREATE TABLE "auth_limits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"codes_since" timestamp with time zone NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"failures_since" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"locks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_limits" ADD CONSTRAINT "auth_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;