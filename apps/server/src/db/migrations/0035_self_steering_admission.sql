CREATE TABLE "onsale_call_timings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"onsale_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"calls" integer NOT NULL,
	"buckets" integer[] NOT NULL,
	CONSTRAINT "onsale_call_timings_calls" CHECK ("onsale_call_timings"."calls" > 0)
);
--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steer_min" integer;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steer_target_ms" integer;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steer_rate" integer;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steer_change" text;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steer_p99_ms" integer;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steer_decreased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onsales" ADD COLUMN "steered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "onsale_call_timings" ADD CONSTRAINT "onsale_call_timings_onsale_id_onsales_id_fk" FOREIGN KEY ("onsale_id") REFERENCES "public"."onsales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onsale_call_timings_at" ON "onsale_call_timings" USING btree ("onsale_id","at");--> statement-breakpoint
ALTER TABLE "onsales" ADD CONSTRAINT "onsales_steer_settings" CHECK (("onsales"."admission_mode" = 'steer') = ("onsales"."steer_min" IS NOT NULL AND "onsales"."steer_target_ms" IS NOT NULL) AND ("onsales"."steer_min" IS NULL OR ("onsales"."steer_min" > 0 AND "onsales"."steer_min" <= "onsales"."admission_limit" AND "onsales"."steer_target_ms" > 0)));