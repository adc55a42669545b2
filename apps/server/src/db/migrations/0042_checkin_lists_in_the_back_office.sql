ALTER TABLE "checkin_lists" ADD COLUMN "back_office_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkins" ADD COLUMN "resolved_at" timestamp with time zone;