-- A checked-out cart's holds become sales when its transaction commits, not before: the checkout
-- then holds the lock on each hot item row (every buyer of an item on sale queues for it) only
-- while PostgreSQL commits, never while the server sends its next statement. held + sold does
-- not change, so nothing else can see the difference. Rows are updated in id order so two
-- checkouts of the same items cannot deadlock.
CREATE FUNCTION sell_checked_out_cart() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line record;
BEGIN
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER carts_sell_at_commit AFTER UPDATE OF status ON carts DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'open' AND NEW.status = 'checked_out') EXECUTE FUNCTION sell_checked_out_cart();
