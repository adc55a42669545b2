import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { customers, events, orders, shopItems, ticketChanges, tickets, travelTimes } from '../../db/schema';

const holders = alias(customers, 'holder');

/**
 * A ticket with what its PDF shows: the order's status and language (the PDF's), the event, the
 * departure and the address it belongs to (its own e-mail, or its holder's account when it has none).
 */
const ticketForDownload = (db: Db) =>
  db
    .select({
      ticket: tickets,
      orderCode: orders.code,
      orderStatus: orders.paymentStatus,
      orderLanguage: orders.language,
      eventId: shopItems.eventId,
      eventName: events.name,
      eventTimezone: events.timezone,
      eventStartsAt: events.startsAt,
      eventEndsAt: events.endsAt,
      eventVenue: events.venue,
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
    .leftJoin(travelTimes, eq(travelTimes.id, tickets.travelTimeId));

export async function findTicketForDownload(db: Db, code: string) {
  const [row] = await ticketForDownload(db).where(eq(tickets.code, code));
  return row;
}

/** An order's tickets as their downloads read them, in the order they were issued (the desk prints them all, decision 0076). */
export async function findOrderTicketsForDownload(db: Db, orderCode: string) {
  return ticketForDownload(db).where(eq(orders.code, orderCode)).orderBy(asc(tickets.id));
}

/** An order's id, payment status and language by its code (an invoice link's order; its documents are in its language). */
export async function findOrderIdentity(db: Db, code: string) {
  const [row] = await db.select({ id: orders.id, paymentStatus: orders.paymentStatus, language: orders.language }).from(orders).where(eq(orders.code, code));
  return row;
}

/** Whether a ticket once had this code and was passed on (the portal gave it a new one: ticket_changes' "code"). */
export async function wasPassedOn(db: Db, code: string, address: string): Promise<boolean> {
  // Only to the address the passed-on ticket was sent to: a code alone tells nothing (decision 0069).
  const rows = await db
    .select({ id: ticketChanges.id })
    .from(ticketChanges)
    .where(
      sql`${ticketChanges.changes} -> 'code' ->> 'from' = ${code} and (lower(${ticketChanges.changes} -> 'holder' ->> 'from') = ${address} or lower(${ticketChanges.changes} -> 'email' ->> 'from') = ${address})`,
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether a ticket was once sent to this (lower-cased) address and is no longer. */
export async function wasSentTo(db: Db, ticketId: number, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: ticketChanges.id })
    .from(ticketChanges)
    .where(and(eq(ticketChanges.ticketId, ticketId), sql`lower(${ticketChanges.changes} -> 'email' ->> 'from') = ${address}`))
    .limit(1);
  return rows.length > 0;
}
