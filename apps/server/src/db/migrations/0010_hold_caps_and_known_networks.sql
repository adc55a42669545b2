CREATE TABLE "customer_networks" (
	"customer_id" integer NOT NULL,
	"network_key" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_networks_customer_id_network_key_pk" PRIMARY KEY("customer_id","network_key")
);
--> statement-breakpoint
CREATE TABLE "hold_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"units" integer NOT NULL,
	"cap" integer NOT NULL,
	CONSTRAINT "hold_counts_within_cap" CHECK ("hold_counts"."units" <= "hold_counts"."cap")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "address_key" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "network_key" text;--> statement-breakpoint
ALTER TABLE "customer_networks" ADD CONSTRAINT "customer_networks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A checked-out cart's units stop counting toward the hold caps of its network address and
-- network (decision 0025) when its holds become sales, at commit. The counters are released
-- before the items' rows, in key order: every add takes the counters first, then the item's row,
-- so both orders agree and an add and a checkout cannot deadlock.
CREATE OR REPLACE FUNCTION sell_checked_out_cart() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line record;
  held_units int;
BEGIN
  SELECT (SELECT count(*) FROM cart_products WHERE cart_id = NEW.id) + (SELECT count(*) FROM cart_merchandise WHERE cart_id = NEW.id)
    INTO held_units;
  FOR line IN
    SELECT DISTINCT key FROM unnest(ARRAY[NEW.address_key, NEW.network_key]) AS key WHERE key IS NOT NULL ORDER BY key
  LOOP
    UPDATE hold_counts SET units = GREATEST(units - held_units, 0) WHERE key = line.key;
  END LOOP;
  FOR line IN
    SELECT shop_item_id AS id, count(*)::int AS n
      FROM (SELECT shop_item_id FROM cart_products WHERE cart_id = NEW.id
            UNION ALL SELECT shop_item_id FROM cart_merchandise WHERE cart_id = NEW.id) AS lines
      GROUP BY shop_item_id ORDER BY shop_item_id
  LOOP
    UPDATE shop_items SET held = held - line.n, sold = sold + line.n WHERE id = line.id;
  END LOOP;
  FOR line IN
    SELECT travel_time_id AS id, count(*)::int AS n FROM cart_products
      WHERE cart_id = NEW.id AND travel_time_id IS NOT NULL GROUP BY travel_time_id ORDER BY travel_time_id
  LOOP
    UPDATE travel_times SET held = held - line.n, sold = sold + line.n WHERE id = line.id;
  END LOOP;
  RETURN NULL;
END
$$;
