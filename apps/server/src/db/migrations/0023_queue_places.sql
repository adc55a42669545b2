CREATE TABLE "queue_places" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"onsale_id" integer NOT NULL,
	"phase" integer NOT NULL,
	"random_key" bigint NOT NULL,
	"visitor_key" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_places_phase" CHECK ("queue_places"."phase" IN (0, 1) AND ("queue_places"."phase" = 0 OR "queue_places"."random_key" = 0))
);
--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "cursor_phase" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "cursor_key" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "cursor_place" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "admitted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "rate_carry" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "last_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_places" ADD CONSTRAINT "queue_places_onsale_id_onsales_id_fk" FOREIGN KEY ("onsale_id") REFERENCES "public"."onsales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_places_order" ON "queue_places" USING btree ("onsale_id","phase","random_key","id");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_places_visitor" ON "queue_places" USING btree ("onsale_id","visitor_key");