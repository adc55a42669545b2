import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { executeRows } from '../db/raw-rows';

/** What the shop's tables say now, for the metrics (decision 0119): one statement, counts by state. */
export interface ShopState {
  openCarts: number;
  queueWaiting: number;
  queueAdmitted: number;
  outbox: Record<string, number>;
  orders: Record<string, number>;
  checkins: Record<string, number>;
}

export async function readShopState(db: Db): Promise<ShopState> {
  const [row] = await executeRows<{ open_carts: number; queue_waiting: number; queue_admitted: number; outbox: Record<string, number> | null; orders: Record<string, number> | null; checkins: Record<string, number> | null }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM carts WHERE status = 'open' AND expires_at > now()) AS open_carts,
      (SELECT count(*)::int FROM queue_places WHERE ended_at IS NULL AND taken_at IS NULL AND active_until IS NULL) AS queue_waiting,
      (SELECT count(*)::int FROM queue_places WHERE taken_at IS NOT NULL) AS queue_admitted,
      (SELECT json_object_agg(status, n) FROM (SELECT status, count(*)::int AS n FROM email_outbox GROUP BY status) o) AS outbox,
      (SELECT json_object_agg(payment_status, n) FROM (SELECT payment_status, count(*)::int AS n FROM orders GROUP BY payment_status) p) AS orders,
      (SELECT json_object_agg(kind, n) FROM (SELECT kind, count(*)::int AS n FROM checkins GROUP BY kind) c) AS checkins`,
  );
  return {
    openCarts: row!.open_carts,
    queueWaiting: row!.queue_waiting,
    queueAdmitted: row!.queue_admitted,
    outbox: row!.outbox ?? {},
    orders: row!.orders ?? {},
    checkins: row!.checkins ?? {},
  };
}
