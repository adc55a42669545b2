ALTER TABLE "shop_items" ADD COLUMN "variant_of" integer;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "variant_labels" jsonb;--> statement-breakpoint
ALTER TABLE "shop_items" ADD COLUMN "requires" jsonb;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_variant_of_shop_items_id_fk" FOREIGN KEY ("variant_of") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_items_variant_of" ON "shop_items" USING btree ("variant_of");