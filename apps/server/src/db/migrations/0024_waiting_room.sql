ALTER TABLE "onsales" ADD COLUMN "prequeue_count" integer;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "sold_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_places" ADD COLUMN "active_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "queue_places_active" ON "queue_places" USING btree ("onsale_id","active_until") WHERE "queue_places"."active_until" IS NOT NULL;