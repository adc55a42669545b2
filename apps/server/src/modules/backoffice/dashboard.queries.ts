import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';

/**
 * The dashboard's reads (decision 0043). Every figure is an aggregate the database computes; the
 * service runs them one after the other in one read-only transaction (one connection of the pool,
 * one consistent snapshot) and caches the answer for all the instance's dashboards.
 *
 * "The event's orders" are the orders with at least one ticket of the event's products.
 */

export interface EventRow {
  id: number;
  code: string;
  name: string;
  starts_at: string | null;
}

export async function listEvents(db: Db): Promise<EventRow[]> {
  return executeRows<EventRow>(
    db,
    sql`SELECT id, external_code AS code, name, to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS starts_at
        FROM events ORDER BY starts_at NULLS LAST, id`,
  );
}

export interface ItemRow {
  code: string;
  name: string;
  type: string;
  event_id: number | null;
  on_sale: boolean;
  stock: number | null;
  held: number;
  sold: number;
}

/** The event's products and the items of no event (merchandise). */
export async function itemsOf(db: Db, eventId: number): Promise<ItemRow[]> {
  return executeRows<ItemRow>(
    db,
    sql`SELECT external_code AS code, name, type, event_id, on_sale, stock, held, sold
        FROM shop_items WHERE event_id = ${eventId} OR event_id IS NULL
        ORDER BY sort_order, id`,
  );
}

export interface DepartureRow {
  product: string;
  product_name: string;
  departs_at: string;
  active: boolean;
  seats: number | null;
  held: number;
  sold: number;
}

export async function departuresOf(db: Db, eventId: number): Promise<DepartureRow[]> {
  return executeRows<DepartureRow>(
    db,
    sql`SELECT i.external_code AS product, i.name AS product_name,
          to_char(t.departs_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS departs_at, t.active, t.seats, t.held, t.sold
        FROM travel_times t JOIN shop_items i ON i.id = t.shop_item_id
        WHERE i.event_id = ${eventId}
        ORDER BY i.sort_order, i.id, t.departs_at`,
  );
}

/** One row per day (in the time zone) and payment status of the event's orders. */
export interface DayRow {
  day: string;
  status: string;
  orders: number;
  units: number;
  gross: number;
  refunded: number;
}

/**
 * The event's orders grouped by day and payment status: the totals, today, the per-day chart and
 * the status counts all come from this one pass. Its tickets are counted per order first (a hash
 * join over the event's tickets), then joined to their orders.
 */
export async function ordersByDay(db: Db, eventId: number, timezone: string): Promise<DayRow[]> {
  return executeRows<DayRow>(
    db,
    sql`WITH lines AS (
          SELECT t.order_id, count(*)::int AS units
          FROM tickets t JOIN shop_items i ON i.id = t.shop_item_id
          WHERE i.event_id = ${eventId}
          GROUP BY t.order_id)
        SELECT to_char(o.created_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS day, o.payment_status AS status,
          count(*)::int AS orders, sum(l.units)::int AS units,
          sum(o.total_paid)::float8 AS gross, sum(o.total_refunded)::float8 AS refunded
        FROM lines l JOIN orders o ON o.id = l.order_id
        -- Complimentary orders are no sales (decision 0100): counted apart, per list.
        WHERE o.guest_list_id IS NULL
        GROUP BY 1, 2`,
  );
}

/** One row per minute and payment status of the event's orders placed since `since` (the created_at index). */
export interface MinuteRow {
  minute: number;
  status: string;
  orders: number;
  units: number;
  gross: number;
}

export async function ordersByMinute(db: Db, eventId: number, since: Date): Promise<MinuteRow[]> {
  return executeRows<MinuteRow>(
    db,
    sql`SELECT (extract(epoch FROM date_trunc('minute', o.created_at)))::float8 AS minute, o.payment_status AS status,
          count(*)::int AS orders, sum(l.units)::int AS units, sum(o.total_paid)::float8 AS gross
        FROM orders o
        JOIN LATERAL (
          SELECT count(*)::int AS units FROM tickets t JOIN shop_items i ON i.id = t.shop_item_id
          WHERE t.order_id = o.id AND i.event_id = ${eventId}) l ON l.units > 0
        WHERE o.created_at >= ${since.toISOString()}::timestamptz AND o.guest_list_id IS NULL
        GROUP BY 1, 2`,
  );
}

/** The event's complimentary tickets (decision 0100), live ones per guest list: counted apart from the sales. */
export async function complimentaryOf(db: Db, eventId: number): Promise<{ list: string; tickets: number }[]> {
  return executeRows<{ list: string; tickets: number }>(
    db,
    sql`SELECT g.name AS list, count(*)::int AS tickets
        FROM guest_lists g JOIN orders o ON o.guest_list_id = g.id
        JOIN tickets t ON t.order_id = o.id JOIN shop_items i ON i.id = t.shop_item_id
        WHERE i.event_id = ${eventId} AND t.status IN ('pending', 'active')
        GROUP BY g.id, g.name
        ORDER BY lower(g.name), g.id`,
  );
}

/** Refund requests waiting for the organiser ('active') of the event's orders. */
export async function openRefunds(db: Db, eventId: number): Promise<{ open: number; amount: number }> {
  const [row] = await executeRows<{ open: number; amount: number }>(
    db,
    sql`SELECT count(*)::int AS open, coalesce(sum(r.total), 0)::float8 AS amount
        FROM refunds r
        WHERE r.status = 'active' AND EXISTS (
          SELECT 1 FROM tickets t JOIN shop_items i ON i.id = t.shop_item_id WHERE t.order_id = r.order_id AND i.event_id = ${eventId})`,
  );
  return row ?? { open: 0, amount: 0 };
}

export interface ListRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  gates: string[];
  admitted: number;
  inside: number;
}

/** The event's check-in lists with their figures from the counter shards (decision 0039). */
export async function checkinListsOf(db: Db, eventId: number): Promise<ListRow[]> {
  return executeRows<ListRow>(
    db,
    sql`SELECT l.id, l.code, l.name, l.active, l.gates,
          (SELECT coalesce(sum(c.admitted), 0)::int FROM checkin_counts c WHERE c.list_id = l.id) AS admitted,
          (SELECT coalesce(sum(c.inside), 0)::int FROM checkin_counts c WHERE c.list_id = l.id) AS inside
        FROM checkin_lists l WHERE l.event_id = ${eventId}
        ORDER BY l.code`,
  );
}

export interface GateRow {
  list_id: number;
  gate: string;
  admitted: number;
  inside: number;
}

/**
 * Per list and gate (as `npm run checkin -- stats`): tickets let in there (each once) and tickets
 * inside now that last came in there. Read through the (list_id, gate) index of the scans. A gate
 * only refused uploads named (one the list does not have) is no gate of the list's figures.
 */
export async function gatesOf(db: Db, listIds: number[]): Promise<GateRow[]> {
  if (!listIds.length) return [];
  const ids = sql.join(
    listIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return executeRows<GateRow>(
    db,
    sql`SELECT g.list_id, g.gate,
          (SELECT count(DISTINCT c.ticket_id)::int FROM checkins c WHERE c.list_id = g.list_id AND c.gate = g.gate AND c.kind = 'in') AS admitted,
          (SELECT count(*)::int FROM checkin_states s WHERE s.list_id = g.list_id AND s.inside AND s.last_gate = g.gate) AS inside
        FROM (SELECT DISTINCT c.list_id, c.gate FROM checkins c WHERE c.list_id IN (${ids}) AND c.kind <> 'refused') g
        ORDER BY g.list_id, g.gate`,
  );
}
