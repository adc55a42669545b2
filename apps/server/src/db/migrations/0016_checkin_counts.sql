-- Issue 21: a check-in list's figures kept as scans change them, in 16 shards per list (no request counts the states).
CREATE TABLE "checkin_counts" (
	"list_id" integer NOT NULL,
	"shard" integer NOT NULL,
	"admitted" integer DEFAULT 0 NOT NULL,
	"inside" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "checkin_counts_list_id_shard_pk" PRIMARY KEY("list_id","shard")
);
--> statement-breakpoint
ALTER TABLE "checkin_counts" ADD CONSTRAINT "checkin_counts_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;