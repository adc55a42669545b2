ALTER TABLE "vouchers" DROP CONSTRAINT "vouchers_discount_positive";--> statement-breakpoint
ALTER TABLE "vouchers" ALTER COLUMN "discount_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "percent" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "free_product" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "products" jsonb;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "max_uses_per_customer" integer;--> statement-breakpoint
CREATE INDEX "orders_voucher_customer" ON "orders" USING btree ("voucher_id","customer_id") WHERE "orders"."voucher_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_terms" CHECK (("vouchers"."kind" = 'fixed' AND "vouchers"."discount_amount" > 0 AND "vouchers"."percent" IS NULL AND "vouchers"."free_product" IS NULL)
       OR ("vouchers"."kind" = 'percentage' AND "vouchers"."percent" BETWEEN 1 AND 100 AND "vouchers"."discount_amount" IS NULL AND "vouchers"."free_product" IS NULL)
       OR ("vouchers"."kind" = 'free_product' AND "vouchers"."free_product" IS NOT NULL AND "vouchers"."discount_amount" IS NULL AND "vouchers"."percent" IS NULL));--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_uses_positive" CHECK (("vouchers"."max_uses" IS NULL OR "vouchers"."max_uses" >= 1) AND ("vouchers"."max_uses_per_customer" IS NULL OR "vouchers"."max_uses_per_customer" >= 1));