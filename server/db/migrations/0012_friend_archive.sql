ALTER TABLE "friendships" ADD COLUMN "archived_by_low" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "friendships" ADD COLUMN "archived_by_high" timestamp with time zone;