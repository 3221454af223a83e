DROP INDEX "topics_channel_idx";--> statement-breakpoint
CREATE INDEX "topics_channel_idx" ON "topics" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "topics" SET (fillfactor = 50);
