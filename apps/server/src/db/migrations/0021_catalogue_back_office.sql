CREATE TABLE "catalogue_images" (
	"path" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "back_office_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "travel_times" ADD COLUMN "seats_set_here" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_sale_window" CHECK ("shop_items"."sale_starts_at" IS NULL OR "shop_items"."sale_ends_at" IS NULL OR "shop_items"."sale_starts_at" < "shop_items"."sale_ends_at");