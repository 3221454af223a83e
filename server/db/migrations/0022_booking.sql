CREATE TABLE "booking_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"time_zone" text NOT NULL,
	"availability" jsonb NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"booker_id" text,
	"client_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"note" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"cancel_token_hash" text,
	"challenge_id" text NOT NULL,
	"time_zone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "booking_pages" ADD CONSTRAINT "booking_pages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_page_id_booking_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."booking_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booker_id_users_id_fk" FOREIGN KEY ("booker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_pages_owner_client_unique" ON "booking_pages" USING btree ("owner_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_page_client_unique" ON "bookings" USING btree ("page_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_challenge_unique" ON "bookings" USING btree ("challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_live_start_unique" ON "bookings" USING btree ("page_id","start_at") WHERE "bookings"."status" in ('requested', 'approved');--> statement-breakpoint
CREATE INDEX "bookings_owner_start_idx" ON "bookings" USING btree ("owner_id","start_at");--> statement-breakpoint
CREATE INDEX "bookings_booker_start_idx" ON "bookings" USING btree ("booker_id","start_at");