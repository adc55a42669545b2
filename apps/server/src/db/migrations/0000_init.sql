CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text NOT NULL,
	"starts_at" timestamp with time zone,
	"age_range_active" boolean DEFAULT false NOT NULL,
	"credit_card_active" boolean DEFAULT true NOT NULL,
	"bank_transfer_active" boolean DEFAULT false NOT NULL,
	"bank_transfer_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_external_code_unique" UNIQUE("external_code")
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'standard' NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_country_unique" UNIQUE("country")
);
--> statement-breakpoint
CREATE TABLE "shop_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"shop_item_type" text NOT NULL,
	"event_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"price" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"tax_rate_id" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"stock" integer,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"force_view" boolean DEFAULT false NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"limit_per_order" integer DEFAULT 0 NOT NULL,
	"is_refundable" boolean DEFAULT false NOT NULL,
	"refund_fee" integer DEFAULT 0 NOT NULL,
	"allow_refund_requests_from" timestamp with time zone,
	"allow_refund_requests_until" timestamp with time zone,
	"payment_plan" jsonb,
	"allow_name_changes" boolean DEFAULT false NOT NULL,
	"allow_name_changes_until" timestamp with time zone,
	"name_change_limit" integer DEFAULT 0 NOT NULL,
	"allow_email_changes" boolean DEFAULT false NOT NULL,
	"travel_time_type" text,
	"travel_time" timestamp with time zone,
	"allow_travel_time_changes_until" timestamp with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_items_external_code_unique" UNIQUE("external_code"),
	CONSTRAINT "shop_items_counts_non_negative" CHECK ("shop_items"."held" >= 0 AND "shop_items"."sold" >= 0),
	CONSTRAINT "shop_items_within_stock" CHECK ("shop_items"."stock" IS NULL OR "shop_items"."held" + "shop_items"."sold" <= "shop_items"."stock"),
	CONSTRAINT "shop_items_money_non_negative" CHECK ("shop_items"."price" >= 0 AND "shop_items"."fee" >= 0 AND "shop_items"."refund_fee" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_code" text NOT NULL,
	"name" text NOT NULL,
	"basis_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_external_code_unique" UNIQUE("external_code")
);
--> statement-breakpoint
CREATE TABLE "travel_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_item_id" integer NOT NULL,
	"departs_at" timestamp with time zone NOT NULL,
	"seats" integer,
	"held" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "travel_times_counts_non_negative" CHECK ("travel_times"."held" >= 0 AND "travel_times"."sold" >= 0),
	CONSTRAINT "travel_times_within_seats" CHECK ("travel_times"."seats" IS NULL OR "travel_times"."held" + "travel_times"."sold" <= "travel_times"."seats")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"discount_amount" integer NOT NULL,
	"max_uses" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_code_unique" UNIQUE("code"),
	CONSTRAINT "vouchers_within_uses" CHECK ("vouchers"."max_uses" IS NULL OR "vouchers"."used" <= "vouchers"."max_uses"),
	CONSTRAINT "vouchers_discount_positive" CHECK ("vouchers"."discount_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"country" text,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "cart_merchandise" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	"travel_time_id" integer,
	"full_name" text,
	"email" text,
	"age" text,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "carts_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "merchandise_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"refund_fee" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchandise_purchases_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer NOT NULL,
	"cart_id" integer,
	"channel" text,
	"total_price" integer NOT NULL,
	"total_paid" integer DEFAULT 0 NOT NULL,
	"total_refunded" integer DEFAULT 0 NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"discount_name" text,
	"voucher_id" integer,
	"shipping_amount" integer DEFAULT 0 NOT NULL,
	"shipping_name" text,
	"shipping_country" text,
	"shipping_address" jsonb,
	"shipping_refunded" integer DEFAULT 0 NOT NULL,
	"billing_country" text,
	"billing_address" jsonb,
	"payment_method" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_plan" jsonb,
	"accepted_terms_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_money_non_negative" CHECK ("orders"."total_price" >= 0 AND "orders"."total_paid" >= 0 AND "orders"."total_refunded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"notification_id" text NOT NULL,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_notification_id_unique" UNIQUE("notification_id")
);
--> statement-breakpoint
CREATE TABLE "payment_plan_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plan_payments_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"plan_payment_id" integer,
	"provider" text NOT NULL,
	"provider_reference" text,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	"travel_time_id" integer,
	"holder_customer_id" integer,
	"product_name" text NOT NULL,
	"product_type" text NOT NULL,
	"full_name" text,
	"email" text,
	"age" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" integer NOT NULL,
	"fee" integer NOT NULL,
	"refund_fee" integer DEFAULT 0 NOT NULL,
	"name_changes" integer DEFAULT 0 NOT NULL,
	"last_edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "refund_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"ticket_id" integer,
	"merchandise_purchase_id" integer,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'refund' NOT NULL,
	CONSTRAINT "refund_items_one_target" CHECK (("refund_items"."ticket_id" IS NULL) <> ("refund_items"."merchandise_purchase_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"total" integer NOT NULL,
	"shipping_refund" integer DEFAULT 0 NOT NULL,
	"bank_details" jsonb,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_items" ADD CONSTRAINT "shop_items_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "travel_times" ADD CONSTRAINT "travel_times_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_merchandise" ADD CONSTRAINT "cart_merchandise_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_merchandise" ADD CONSTRAINT "cart_merchandise_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_products" ADD CONSTRAINT "cart_products_travel_time_id_travel_times_id_fk" FOREIGN KEY ("travel_time_id") REFERENCES "public"."travel_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_purchases" ADD CONSTRAINT "merchandise_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchandise_purchases" ADD CONSTRAINT "merchandise_purchases_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_payments" ADD CONSTRAINT "payment_plan_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_payment_id_payment_plan_payments_id_fk" FOREIGN KEY ("plan_payment_id") REFERENCES "public"."payment_plan_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_travel_time_id_travel_times_id_fk" FOREIGN KEY ("travel_time_id") REFERENCES "public"."travel_times"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_holder_customer_id_customers_id_fk" FOREIGN KEY ("holder_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_merchandise_purchase_id_merchandise_purchases_id_fk" FOREIGN KEY ("merchandise_purchase_id") REFERENCES "public"."merchandise_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_items_listing" ON "shop_items" USING btree ("shop_item_type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "travel_times_item_departure" ON "travel_times" USING btree ("shop_item_id","departs_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_lower" ON "customers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "password_resets_customer" ON "password_resets" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sessions_customer" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "cart_merchandise_cart" ON "cart_merchandise" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "cart_products_cart" ON "cart_products" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "carts_open_expiry" ON "carts" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "merchandise_purchases_order" ON "merchandise_purchases" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_cart" ON "orders" USING btree ("cart_id");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payment_plan_payments_order" ON "payment_plan_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference" ON "payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "tickets_order" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tickets_email_lower" ON "tickets" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "refund_items_refund" ON "refund_items" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_customer" ON "refunds" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due" ON "email_outbox" USING btree ("status","next_attempt_at");