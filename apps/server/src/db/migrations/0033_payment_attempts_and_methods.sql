ALTER TABLE "payments" ADD COLUMN "counts_decline" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_method" text;--> statement-breakpoint
-- Decision 0066: only a declined card attempt counts; what was counted before is recounted from the attempts themselves.
UPDATE "orders" SET "payment_attempts" = (SELECT count(*) FROM "payments" p WHERE p."order_id" = "orders"."id" AND p."status" = 'failed')::int WHERE "payment_attempts" > 0;--> statement-breakpoint
UPDATE "payment_plan_payments" SET "attempts" = (SELECT count(*) FROM "payments" p WHERE p."plan_payment_id" = "payment_plan_payments"."id" AND p."status" = 'failed')::int WHERE "attempts" > 0;
