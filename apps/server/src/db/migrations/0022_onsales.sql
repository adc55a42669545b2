CREATE TABLE "onsale_products" (
	"onsale_id" integer NOT NULL,
	"shop_item_id" integer NOT NULL,
	CONSTRAINT "onsale_products_onsale_id_shop_item_id_pk" PRIMARY KEY("onsale_id","shop_item_id")
);
--> statement-breakpoint
CREATE TABLE "onsales" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"event_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"room_opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone,
	"admission_mode" text NOT NULL,
	"admission_limit" integer NOT NULL,
	"session_minutes" integer NOT NULL,
	"proof_of_work_bits" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onsales_code_unique" UNIQUE("code"),
	CONSTRAINT "onsales_limit_positive" CHECK ("onsales"."admission_limit" > 0),
	CONSTRAINT "onsales_session_positive" CHECK ("onsales"."session_minutes" > 0),
	CONSTRAINT "onsales_pow_bits" CHECK ("onsales"."proof_of_work_bits" BETWEEN 0 AND 28),
	CONSTRAINT "onsales_room_before_opening" CHECK ("onsales"."room_opens_at" <= "onsales"."opens_at"),
	CONSTRAINT "onsales_closes_after_opening" CHECK ("onsales"."closes_at" IS NULL OR "onsales"."closes_at" > "onsales"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "onsale_products" ADD CONSTRAINT "onsale_products_onsale_id_onsales_id_fk" FOREIGN KEY ("onsale_id") REFERENCES "public"."onsales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsale_products" ADD CONSTRAINT "onsale_products_shop_item_id_shop_items_id_fk" FOREIGN KEY ("shop_item_id") REFERENCES "public"."shop_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsales" ADD CONSTRAINT "onsales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;