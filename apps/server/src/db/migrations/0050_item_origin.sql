ALTER TABLE "shop_items" ADD COLUMN "origin" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_origin" CHECK ("shop_items"."origin" IN ('file', 'browser'));--> statement-breakpoint
-- Items the back office made before the column (an audited create, or a variant added to a group) are the browser's.
UPDATE "shop_items" SET "origin" = 'browser' WHERE "external_code" IN (
  SELECT substr("target", 6) FROM "staff_audit" WHERE "action" = 'catalogue.create-item' AND "target" LIKE 'item:%'
  UNION SELECT "after"->>'code' FROM "staff_audit" WHERE "action" = 'catalogue.add-variant' AND "after" IS NOT NULL
);
