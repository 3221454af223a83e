-- Search (server/modules/search): accent- and case-insensitive matching through trigram indexes.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- unaccent() is STABLE (it reads a dictionary chosen by search_path), so an index cannot use it;
-- naming the dictionary fixes its result, which makes this wrapper safe to declare IMMUTABLE.
-- It folds case and accents, Đ/đ included ("Đặng" -> "dang").
CREATE OR REPLACE FUNCTION search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_search_idx" ON "users" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_workid_search_idx" ON "users" USING gin (lower("workid") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_workid_lower_idx" ON "users" USING btree (lower("workid"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channels_name_search_idx" ON "channels" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "topics_name_search_idx" ON "topics" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_search_idx" ON "messages" USING gin (search_fold("body") gin_trgm_ops);
