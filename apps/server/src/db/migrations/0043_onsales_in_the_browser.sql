ALTER TABLE "onsales" ADD COLUMN "made_here" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "paused_at" timestamp with time zone;