ALTER TABLE "payments" ADD COLUMN "taken_by" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "paid_out_by" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "paid_out_at" timestamp with time zone;