CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"due" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "media_key_unique";--> statement-breakpoint
CREATE INDEX "media_key_idx" ON "media" USING btree ("key");