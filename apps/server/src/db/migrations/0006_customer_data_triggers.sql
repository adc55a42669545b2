-- A customer's data_version grows whenever something get-data shows of them changes: their
-- orders, the tickets they bought or hold, merchandise, instalments, refunds. Triggers keep it
-- exact whichever code path (or instance, or organiser's SQL) makes the change; one statement of
-- many rows bumps each customer once (statement-level triggers with transition tables).
CREATE FUNCTION bump_customer_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' OR TG_TABLE_NAME = 'refunds' THEN
    UPDATE customers SET data_version = data_version + 1 WHERE id IN (SELECT customer_id FROM new_rows);
  ELSIF TG_TABLE_NAME = 'refund_items' THEN
    UPDATE customers SET data_version = data_version + 1
      WHERE id IN (SELECT r.customer_id FROM refunds r WHERE r.id IN (SELECT refund_id FROM new_rows));
  ELSIF TG_TABLE_NAME = 'tickets' THEN
    UPDATE customers SET data_version = data_version + 1
      WHERE id IN (SELECT o.customer_id FROM orders o WHERE o.id IN (SELECT order_id FROM new_rows))
         OR id IN (SELECT holder_customer_id FROM new_rows);
    IF TG_OP = 'UPDATE' THEN
      -- A ticket passed on leaves its previous holder's data too.
      UPDATE customers SET data_version = data_version + 1 WHERE id IN (SELECT holder_customer_id FROM old_rows);
    END IF;
  ELSE
    -- merchandise_purchases, payment_plan_payments: the order's buyer.
    UPDATE customers SET data_version = data_version + 1
      WHERE id IN (SELECT o.customer_id FROM orders o WHERE o.id IN (SELECT order_id FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_data_version_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER orders_data_version_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER tickets_data_version_insert AFTER INSERT ON tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER tickets_data_version_update AFTER UPDATE ON tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER merchandise_purchases_data_version_insert AFTER INSERT ON merchandise_purchases REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER merchandise_purchases_data_version_update AFTER UPDATE ON merchandise_purchases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_plan_payments_data_version_insert AFTER INSERT ON payment_plan_payments REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_plan_payments_data_version_update AFTER UPDATE ON payment_plan_payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER refunds_data_version_insert AFTER INSERT ON refunds REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER refunds_data_version_update AFTER UPDATE ON refunds REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER refund_items_data_version_insert AFTER INSERT ON refund_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
CREATE TRIGGER refund_items_data_version_update AFTER UPDATE ON refund_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_customer_data_version();
--> statement-breakpoint
-- Customers who already have data start past 0.
UPDATE customers SET data_version = 1
  WHERE id IN (SELECT customer_id FROM orders) OR id IN (SELECT holder_customer_id FROM tickets) OR id IN (SELECT customer_id FROM refunds);
