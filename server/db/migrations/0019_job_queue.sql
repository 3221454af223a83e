CREATE TABLE "queued_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "queued_jobs_live_key_unique" ON "queued_jobs" USING btree ("key") WHERE "queued_jobs"."state" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "queued_jobs_pending_idx" ON "queued_jobs" USING btree ("run_at") WHERE "queued_jobs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "queued_jobs_running_idx" ON "queued_jobs" USING btree ("claimed_until") WHERE "queued_jobs"."state" = 'running';--> statement-breakpoint
CREATE INDEX "queued_jobs_finished_idx" ON "queued_jobs" USING btree ("done_at") WHERE "queued_jobs"."state" in ('done', 'dead');