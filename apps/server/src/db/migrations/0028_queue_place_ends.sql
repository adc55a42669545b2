DROP INDEX "queue_places_visitor";--> statement-breakpoint
ALTER TABLE "queue_places" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_places_visitor" ON "queue_places" USING btree ("onsale_id","visitor_key") WHERE "queue_places"."ended_at" IS NULL;