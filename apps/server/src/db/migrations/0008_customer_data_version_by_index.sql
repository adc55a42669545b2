-- The same counting as migration 0006, but every customer is found through the primary key:
-- `id = ANY (ARRAY(...))` computes the few ids first. The tickets' `id IN (...) OR id IN (...)`
-- read the whole customers table for every ticket inserted or updated (3 ms at 20,000
-- customers, growing with every account), inside checkouts and payment notifications.
CREATE OR REPLACE FUNCTION bump_customer_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' OR TG_TABLE_NAME = 'refunds' THEN
    UPDATE customers SET data_version = data_version + 1 WHERE id = ANY (ARRAY(SELECT DISTINCT customer_id FROM new_rows));
  ELSIF TG_TABLE_NAME = 'refund_items' THEN
    UPDATE customers SET data_version = data_version + 1
      WHERE id = ANY (ARRAY(SELECT DISTINCT r.customer_id FROM refunds r WHERE r.id = ANY (ARRAY(SELECT refund_id FROM new_rows))));
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    UPDATE customers SET data_version = data_version + 1
      WHERE id = ANY (ARRAY(
        SELECT o.customer_id FROM orders o WHERE o.id = ANY (ARRAY(SELECT order_id FROM new_rows))
        UNION SELECT holder_customer_id FROM new_rows WHERE holder_customer_id IS NOT NULL));
    IF TG_OP = 'UPDATE' THEN
      -- A ticket passed on leaves its previous holder's data too.
      UPDATE customers SET data_version = data_version + 1
        WHERE id = ANY (ARRAY(SELECT DISTINCT holder_customer_id FROM old_rows WHERE holder_customer_id IS NOT NULL));
    END IF;
  ELSE
    -- merchandise_purchases, payment_plan_payments: the order's buyer.
    UPDATE customers SET data_version = data_version + 1
      WHERE id = ANY (ARRAY(SELECT DISTINCT o.customer_id FROM orders o WHERE o.id = ANY (ARRAY(SELECT order_id FROM new_rows))));
  END IF;
  RETURN NULL;
END
$$;
