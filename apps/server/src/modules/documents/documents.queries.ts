import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, events, merchandisePurchases, orders, shopItems, tickets, travelTimes } from '../../db/schema';

const holders = alias(customers, 'holder');

/**
 * A ticket by its code with what its PDF shows: the order's status, the event, the departure and
 * the address it belongs to (its own e-mail, or its holder's account when it has none).
 */
export async function findTicketForDownload(db: Db, code: string) {
  const [row] = await db
    .select({
      ticket: tickets,
      orderCode: orders.code,
      orderStatus: orders.paymentStatus,
      eventName: events.name,
      eventTimezone: events.timezone,
      eventStartsAt: events.startsAt,
      itemTravelTime: shopItems.travelTime,
      departsAt: travelTimes.departsAt,
      accountEmail: sql<string>`coalesce(${holders.email}, ${customers.email})`,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(holders, eq(holders.id, tickets.holderCustomerId))
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .leftJoin(events, eq(events.id, shopItems.eventId))
    .leftJoin(travelTimes, eq(travelTimes.id, tickets.travelTimeId))
    .where(eq(tickets.code, code));
  return row;
}

/** An order by its code with its lines, its buyer and each line's item (for the tax rate). */
export async function findOrderForInvoice(db: Db, code: string) {
  const [order] = await db
    .select({ order: orders, email: customers.email, fullName: customers.fullName })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.code, code));
  if (!order) return undefined;
  const [ticketRows, purchaseRows] = await Promise.all([
    db.select().from(tickets).where(eq(tickets.orderId, order.order.id)).orderBy(asc(tickets.id)),
    db.select().from(merchandisePurchases).where(eq(merchandisePurchases.orderId, order.order.id)).orderBy(asc(merchandisePurchases.id)),
  ]);
  return { ...order, tickets: ticketRows, purchases: purchaseRows };
}
