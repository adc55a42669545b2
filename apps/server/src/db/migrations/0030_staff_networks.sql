CREATE TABLE "staff_networks" (
	"staff_id" integer NOT NULL,
	"network_key" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_networks_staff_id_network_key_pk" PRIMARY KEY("staff_id","network_key")
);
--> statement-breakpoint
ALTER TABLE "staff_networks" ADD CONSTRAINT "staff_networks_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;