-- Issue 21: check-in lists (catalogue), scanner credentials and sessions, where each ticket stands per list, and every counted scan with its nonce.
CREATE TABLE "checkin_list_products" (
	"list_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	CONSTRAINT "checkin_list_products_list_id_shop_item_id_pk" PRIMARY KEY("list_id","shop_item_id")
);
--> statement-breakpoint
CREATE TABLE "checkin_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"entry" text DEFAULT 'single' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"boarding_before_minutes" integer DEFAULT 30 NOT NULL,
	"boarding_after_minutes" integer DEFAULT 15 NOT NULL,
	"gates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_lists_code_unique" UNIQUE("code"),
	CONSTRAINT "checkin_lists_boarding_non_negative" CHECK ("checkin_lists"."boarding_before_minutes" >= 0 AND "checkin_lists"."boarding_after_minutes" >= 0),
	CONSTRAINT "checkin_lists_window" CHECK ("checkin_lists"."opens_at" IS NULL OR "checkin_lists"."closes_at" IS NULL OR "checkin_lists"."opens_at" < "checkin_lists"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "checkin_states" (
	"ticket_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"inside" boolean NOT NULL,
	"entries" integer DEFAULT 1 NOT NULL,
	"first_in_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_gate" text NOT NULL,
	CONSTRAINT "checkin_states_ticket_id_list_id_pk" PRIMARY KEY("ticket_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "checkins" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"list_id" integer NOT NULL,
	"scanner_id" integer,
	"gate" text NOT NULL,
	"kind" text NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"nonce" text NOT NULL,
	"offline" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
CREATE TABLE "scanner_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"scanner_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scanner_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "scanners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "scanners_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "checkin_list_products" ADD CONSTRAINT "checkin_list_products_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_list_products" ADD CONSTRAINT "checkin_list_products_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_lists" ADD CONSTRAINT "checkin_lists_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_states" ADD CONSTRAINT "checkin_states_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_states" ADD CONSTRAINT "checkin_states_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_list_id_checkin_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."checkin_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_scanner_id_scanners_id_fk" FOREIGN KEY ("scanner_id") REFERENCES "public"."scanners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scanner_sessions" ADD CONSTRAINT "scanner_sessions_scanner_id_scanners_id_fk" FOREIGN KEY ("scanner_id") REFERENCES "public"."scanners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_list_products_item" ON "checkin_list_products" USING btree ("shop_item_id");--> statement-breakpoint
CREATE INDEX "checkin_states_list" ON "checkin_states" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "checkins_ticket" ON "checkins" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "checkins_list_gate" ON "checkins" USING btree ("list_id","gate");--> statement-breakpoint
CREATE INDEX "scanner_sessions_scanner" ON "scanner_sessions" USING btree ("scanner_id");