DROP INDEX "orders_customer";--> statement-breakpoint
CREATE INDEX "customers_email_prefix" ON "customers" USING btree (lower("email") text_pattern_ops, "id", "email");--> statement-breakpoint
CREATE INDEX "customers_name_prefix_0" ON "customers" USING btree (lower("full_name") text_pattern_ops, "id", "full_name");--> statement-breakpoint
CREATE INDEX "customers_name_prefix_1" ON "customers" USING btree (lower(regexp_replace("full_name", '^\s*\S+\s+', '')) text_pattern_ops, "id", "full_name");--> statement-breakpoint
CREATE INDEX "customers_name_prefix_2" ON "customers" USING btree (lower(regexp_replace("full_name", '^\s*\S+\s+\S+\s+', '')) text_pattern_ops, "id", "full_name");--> statement-breakpoint
CREATE INDEX "customers_name_prefix_3" ON "customers" USING btree (lower(regexp_replace("full_name", '^.*\s', '')) text_pattern_ops, "id", "full_name");--> statement-breakpoint
CREATE INDEX "orders_created_at" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tickets_email_prefix" ON "tickets" USING btree (lower("email") text_pattern_ops, "order_id", "email");--> statement-breakpoint
CREATE INDEX "tickets_name_prefix_0" ON "tickets" USING btree (lower("full_name") text_pattern_ops, "order_id", "full_name");--> statement-breakpoint
CREATE INDEX "tickets_name_prefix_1" ON "tickets" USING btree (lower(regexp_replace("full_name", '^\s*\S+\s+', '')) text_pattern_ops, "order_id", "full_name");--> statement-breakpoint
CREATE INDEX "tickets_name_prefix_2" ON "tickets" USING btree (lower(regexp_replace("full_name", '^\s*\S+\s+\S+\s+', '')) text_pattern_ops, "order_id", "full_name");--> statement-breakpoint
CREATE INDEX "tickets_name_prefix_3" ON "tickets" USING btree (lower(regexp_replace("full_name", '^.*\s', '')) text_pattern_ops, "order_id", "full_name");--> statement-breakpoint
CREATE INDEX "email_outbox_to" ON "email_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id","id");