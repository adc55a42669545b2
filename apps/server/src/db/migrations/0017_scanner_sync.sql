DROP INDEX "checkin_states_list";--> statement-breakpoint
ALTER TABLE "checkin_states" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_updated_at" ON "orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "tickets_updated_at" ON "tickets" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "checkin_states_list_updated" ON "checkin_states" USING btree ("list_id","updated_at");--> statement-breakpoint
-- A scanner's sync asks for the tickets, orders and check-in states changed since its last one.
-- updated_at is kept here, for every code path (or instance, or organiser's SQL) that changes a
-- row, rather than by each UPDATE remembering to set it. The sync reads with an overlap, so a
-- writer whose transaction began before a sync and committed after it is still sent next time.
CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_touch_updated_at BEFORE UPDATE ON tickets FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER orders_touch_updated_at BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER checkin_states_touch_updated_at BEFORE UPDATE ON checkin_states FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
