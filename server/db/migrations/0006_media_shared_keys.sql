DROP INDEX "media_key_unique";--> statement-breakpoint
CREATE INDEX "media_key_idx" ON "media" USING btree ("key");