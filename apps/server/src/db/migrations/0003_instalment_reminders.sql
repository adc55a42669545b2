ALTER TABLE "payment_plan_payments" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plan_payments" ADD COLUMN "overdue_notice_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_plan_payments_open_due" ON "payment_plan_payments" USING btree ("status","due_at");