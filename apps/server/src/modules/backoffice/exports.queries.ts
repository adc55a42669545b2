import { and, asc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkinLists, checkins, checkinStates, customers, events, guestLists, merchandisePurchases, orders, productQuestions, questionAnswers, scanners, shopItems, taxRates, tickets, travelTimes, vouchers } from '../../db/schema';

/**
 * The exports' reads (issue 22 point 7): each a fixed number of statements whatever the number of
 * rows (joins and one grouped subquery, never a query per row), in the id order of what they list.
 */

export async function findEventByCode(db: Db, code: string) {
  const [row] = await db.select({ id: events.id, code: events.externalCode, name: events.name, timezone: events.timezone }).from(events).where(eq(events.externalCode, code));
  return row;
}

/** An order belongs to an event when any of its tickets or merchandise is the event's. */
function orderOfEvent(db: Db, eventId: number): SQL {
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(tickets)
        .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
        .where(and(eq(tickets.orderId, orders.id), eq(shopItems.eventId, eventId))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(merchandisePurchases)
        .innerJoin(shopItems, eq(shopItems.id, merchandisePurchases.shopItemId))
        .where(and(eq(merchandisePurchases.orderId, orders.id), eq(shopItems.eventId, eventId))),
    ),
  )!;
}

export function listOrdersForExport(db: Db, eventId: number | null) {
  return db
    .select({
      id: orders.id,
      code: orders.code,
      createdAt: orders.createdAt,
      buyer: customers.fullName,
      email: customers.email,
      status: orders.paymentStatus,
      total: orders.totalPrice,
      paid: orders.totalPaid,
      refunded: orders.totalRefunded,
      paymentMethod: orders.paymentMethod,
      channel: orders.channel,
      discount: orders.discountAmount,
      discountName: orders.discountName,
      voucher: vouchers.code,
      shipping: orders.shippingAmount,
      guestList: guestLists.name,
      complimentaryReason: orders.complimentaryReason,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(vouchers, eq(vouchers.id, orders.voucherId))
    .leftJoin(guestLists, eq(guestLists.id, orders.guestListId))
    .where(eventId === null ? undefined : orderOfEvent(db, eventId))
    .orderBy(asc(orders.id));
}

/** The exported orders' ids (the same filter), as a subquery. */
const exportedOrders = (db: Db, eventId: number | null) => (eventId === null ? undefined : db.select({ id: orders.id }).from(orders).where(orderOfEvent(db, eventId)));

/** The tickets of the exported orders, in one statement. */
export function listOrderTicketsForExport(db: Db, eventId: number | null) {
  const exported = exportedOrders(db, eventId);
  return db
    .select({ orderId: tickets.orderId, code: tickets.code, name: tickets.productName, status: tickets.status, itemId: tickets.shopItemId, price: tickets.price, fee: tickets.fee })
    .from(tickets)
    .where(exported ? inArray(tickets.orderId, exported) : undefined)
    .orderBy(asc(tickets.id));
}

/** The merchandise of the exported orders, in one statement. */
export function listOrderMerchandiseForExport(db: Db, eventId: number | null) {
  const exported = exportedOrders(db, eventId);
  return db
    .select({ orderId: merchandisePurchases.orderId, code: merchandisePurchases.code, name: merchandisePurchases.name, status: merchandisePurchases.status, itemId: merchandisePurchases.shopItemId, price: merchandisePurchases.price, fee: merchandisePurchases.fee })
    .from(merchandisePurchases)
    .where(exported ? inArray(merchandisePurchases.orderId, exported) : undefined)
    .orderBy(asc(merchandisePurchases.id));
}

/** Per ticket: inside on any list now, or checked in before (left); no row: never scanned in. */
const ticketPresence = (db: Db) =>
  db
    .select({ ticketId: checkinStates.ticketId, inside: sql<boolean>`bool_or(${checkinStates.inside})`.as('inside') })
    .from(checkinStates)
    .groupBy(checkinStates.ticketId)
    .as('presence');

export function listAttendeesForExport(db: Db, eventId: number | null) {
  const presence = ticketPresence(db);
  return db
    .select({
      ticketId: tickets.id,
      orderId: tickets.orderId,
      itemId: tickets.shopItemId,
      holderName: tickets.fullName,
      email: tickets.email,
      product: tickets.productName,
      event: events.externalCode,
      departsAt: travelTimes.departsAt,
      code: tickets.code,
      status: tickets.status,
      orderCode: orders.code,
      inside: presence.inside,
      guestList: guestLists.name,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(guestLists, eq(guestLists.id, orders.guestListId))
    .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
    .leftJoin(events, eq(events.id, shopItems.eventId))
    .leftJoin(travelTimes, eq(travelTimes.id, tickets.travelTimeId))
    .leftJoin(presence, eq(presence.ticketId, tickets.id))
    .where(eventId === null ? undefined : eq(shopItems.eventId, eventId))
    .orderBy(asc(tickets.id));
}

/**
 * The questions of the exported tickets' products (decision 0106) with their answers given in the
 * exported tickets' orders, in one statement: a question once with no answer (null) when nobody
 * answered it; an archived one only where it has answers. In the order asked, product by product.
 */
export function listQuestionAnswersForExport(db: Db, eventId: number | null) {
  const exportedOrders =
    eventId === null
      ? undefined
      : inArray(
          questionAnswers.orderId,
          db
            .select({ id: tickets.orderId })
            .from(tickets)
            .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
            .where(eq(shopItems.eventId, eventId)),
        );
  return db
    .select({ question: productQuestions, orderId: questionAnswers.orderId, ticketId: questionAnswers.ticketId, value: questionAnswers.value })
    .from(productQuestions)
    .innerJoin(shopItems, eq(shopItems.id, productQuestions.shopItemId))
    .leftJoin(questionAnswers, and(eq(questionAnswers.questionId, productQuestions.id), exportedOrders))
    .where(and(eq(shopItems.shopItemType, 'tickets'), eventId === null ? undefined : eq(shopItems.eventId, eventId), or(eq(productQuestions.archived, false), sql`${questionAnswers.id} IS NOT NULL`)))
    .orderBy(asc(productQuestions.shopItemId), asc(productQuestions.sortOrder), asc(productQuestions.id), asc(questionAnswers.id));
}

export function listCheckinsForExport(db: Db, eventId: number | null) {
  return db
    .select({
      ticket: tickets.code,
      list: checkinLists.code,
      gate: checkins.gate,
      direction: checkins.kind,
      at: checkins.scannedAt,
      scanner: scanners.name,
      offline: checkins.offline,
    })
    .from(checkins)
    .innerJoin(tickets, eq(tickets.id, checkins.ticketId))
    .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
    .leftJoin(scanners, eq(scanners.id, checkins.scannerId))
    .where(eventId === null ? undefined : eq(checkinLists.eventId, eventId))
    .orderBy(asc(checkins.id));
}

/** Every item's tax rate, in one statement (a catalogue has tens of items): the VAT of each exported order, as its invoice computes it. */
export async function listItemTaxRatesForExport(db: Db): Promise<Map<number, { name: string; basisPoints: number } | null>> {
  const rows = await db.select({ id: shopItems.id, name: taxRates.name, basisPoints: taxRates.basisPoints }).from(shopItems).leftJoin(taxRates, eq(taxRates.id, shopItems.taxRateId));
  return new Map(rows.map((row) => [row.id, row.name === null || row.basisPoints === null ? null : { name: row.name, basisPoints: row.basisPoints }]));
}
