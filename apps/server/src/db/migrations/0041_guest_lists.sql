CREATE TABLE "guest_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_list_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "complimentary_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_lists_name_lower" ON "guest_lists" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_guest_list_id_guest_lists_id_fk" FOREIGN KEY ("guest_list_id") REFERENCES "public"."guest_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_guest_list" ON "orders" USING btree ("guest_list_id","id") WHERE "orders"."guest_list_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_complimentary" CHECK ("orders"."guest_list_id" IS NULL OR ("orders"."complimentary_reason" IS NOT NULL AND "orders"."total_price" = 0 AND "orders"."total_paid" = 0));