CREATE TABLE "staff_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "staff_links_purpose" CHECK ("staff_links"."purpose" IN ('invitation', 'password-reset', 'second-factor'))
);
--> statement-breakpoint
ALTER TABLE "scanners" ADD COLUMN "last_sync_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "password_set_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "staff_members" ADD COLUMN "second_factor_by_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_links" ADD CONSTRAINT "staff_links_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_links_token" ON "staff_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_links_member" ON "staff_links" USING btree ("staff_id");