import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/raw-rows';
import { guestLists, orders, tickets } from '../../db/schema';

/** The guest lists' reads and writes (decision 0100). */

export type GuestListRow = typeof guestLists.$inferSelect;

export function listGuestLists(db: Db, limit: number) {
  return db.select().from(guestLists).orderBy(sql`lower(${guestLists.name})`, guestLists.id).limit(limit);
}

export async function findGuestList(db: Db, id: number): Promise<GuestListRow | undefined> {
  const [row] = await db.select().from(guestLists).where(eq(guestLists.id, id));
  return row;
}

/** The list under a share lock: a rename waits for an issue to it, and the issue names the list as it is. */
export async function lockGuestList(tx: Db, id: number): Promise<GuestListRow | undefined> {
  const [row] = await tx.select().from(guestLists).where(eq(guestLists.id, id)).for('share');
  return row;
}

/** Inserts a list; undefined when another list has the name (whatever its case). */
export async function insertGuestList(tx: Db, name: string): Promise<GuestListRow | undefined> {
  const [row] = await tx
    .insert(guestLists)
    .values({ name })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function renameGuestList(tx: Db, id: number, name: string): Promise<GuestListRow | undefined> {
  const [row] = await tx.update(guestLists).set({ name, updatedAt: sql`now()` }).where(eq(guestLists.id, id)).returning();
  return row;
}

export interface GuestCountRow {
  list_id: number;
  issued: number;
  cancelled: number;
}

/** Per list: its live tickets and its cancelled ones, in one statement (the orders_guest_list index). */
export async function countGuestTickets(db: Db, listIds: number[]): Promise<GuestCountRow[]> {
  if (!listIds.length) return [];
  return executeRows<GuestCountRow>(
    db,
    sql`SELECT o.guest_list_id AS list_id,
          count(*) FILTER (WHERE t.status IN ('pending', 'active'))::int AS issued,
          count(*) FILTER (WHERE t.status = 'cancelled')::int AS cancelled
        FROM orders o JOIN tickets t ON t.order_id = o.id
        WHERE o.guest_list_id IN (${sql.join(
          listIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY o.guest_list_id`,
  );
}

export interface GuestTicketRow {
  list_id: number;
  code: string;
  order_code: string;
  product: string;
  holder: string | null;
  email: string | null;
  reason: string;
  status: string;
  issued_at: string;
}

/** The newest `perList` tickets of each list, in one statement. */
export async function listGuestTickets(db: Db, listIds: number[], perList: number): Promise<GuestTicketRow[]> {
  if (!listIds.length) return [];
  return executeRows<GuestTicketRow>(
    db,
    sql`SELECT list_id, code, order_code, product, holder, email, reason, status, issued_at FROM (
          SELECT o.guest_list_id AS list_id, t.code, o.code AS order_code, t.product_name AS product, t.full_name AS holder,
            t.email, o.complimentary_reason AS reason, t.status,
            to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issued_at,
            row_number() OVER (PARTITION BY o.guest_list_id ORDER BY o.id DESC, t.id) AS place
          FROM orders o JOIN tickets t ON t.order_id = o.id
          WHERE o.guest_list_id IN (${sql.join(
            listIds.map((id) => sql`${id}`),
            sql`, `,
          )})) shown
        WHERE place <= ${perList}
        ORDER BY list_id, place`,
  );
}

/** A guest ticket by its code, with its order's id and list. */
export async function findGuestTicket(db: Db, code: string) {
  const [row] = await db
    .select({ ticketId: tickets.id, orderId: orders.id, listId: orders.guestListId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.code, code), sql`${orders.guestListId} IS NOT NULL`));
  return row;
}

/** Cancels one live ticket; the row it was (item and seat), or undefined when it was not live. */
export async function cancelTicket(tx: Db, ticketId: number) {
  const [row] = await tx
    .update(tickets)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(and(eq(tickets.id, ticketId), inArray(tickets.status, ['pending', 'active'])))
    .returning({ id: tickets.id, itemId: tickets.shopItemId, travelTimeId: tickets.travelTimeId, holder: tickets.fullName, code: tickets.code, product: tickets.productName });
  return row;
}

/** How many of the order's tickets are still live. */
export async function countLiveTickets(tx: Db, orderId: number): Promise<number> {
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.orderId, orderId), inArray(tickets.status, ['pending', 'active'])));
  return rows.length;
}
