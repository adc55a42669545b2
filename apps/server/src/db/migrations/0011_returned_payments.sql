-- Decision 0026: card money an order no longer owed goes back through the gateway; the payment records the refund, the order the amount returned (never part of total_paid).
ALTER TABLE "orders" ADD COLUMN "returned_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;