CREATE TABLE "ticket_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"changes" jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_changes" ADD CONSTRAINT "ticket_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_changes_ticket" ON "ticket_changes" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "tickets_holder" ON "tickets" USING btree ("holder_customer_id") WHERE "tickets"."holder_customer_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_items_active_ticket" ON "refund_items" USING btree ("ticket_id") WHERE "refund_items"."status" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "refund_items_active_merchandise" ON "refund_items" USING btree ("merchandise_purchase_id") WHERE "refund_items"."status" = 'refund';