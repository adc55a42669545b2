ALTER TABLE "events" ADD COLUMN "translations" jsonb;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "translations" jsonb;