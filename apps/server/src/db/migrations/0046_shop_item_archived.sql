ALTER TABLE "shop_items" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "travel_times" ADD COLUMN "active_set_here" boolean DEFAULT false NOT NULL;