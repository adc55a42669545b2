-- Issue 34 point 5: a check-in list says per product on which festival days it admits (null: every day the list is open), and when one festival day hands over to the next (minutes after local midnight, 06:00 by default).
ALTER TABLE "checkin_list_products" ADD COLUMN "days" jsonb;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD COLUMN "day_cutover_minutes" integer DEFAULT 360 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_day_cutover" CHECK ("checkin_lists"."day_cutover_minutes" BETWEEN 0 AND 720);