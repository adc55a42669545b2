-- A merchandise group with variants sells only through them, whose stocks are what counts (decision 0104).
-- Add variant on a group that had a stock of its own kept it, and the export then wrote a file the
-- import refuses ("stock is given per variant"): such groups lose their own stock, marked as the
-- back office's change so that an import keeps it (decision 0115).
UPDATE "shop_items" AS "g" SET "stock" = NULL,
  "back_office_fields" = CASE WHEN "g"."back_office_fields" @> '["stock"]'::jsonb THEN "g"."back_office_fields" ELSE "g"."back_office_fields" || '["stock"]'::jsonb END
WHERE "g"."stock" IS NOT NULL AND "g"."variant_of" IS NULL AND EXISTS (SELECT 1 FROM "shop_items" AS "v" WHERE "v"."variant_of" = "g"."id");
