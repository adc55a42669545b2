import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, merchandisePurchases, orders, paymentPlanPayments, refundItems, refunds, shopItems, tickets } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** A customer's orders, newest first, with everything the portal shows of them. */
export async function loadCustomerOrders(db: Db, customerId: number) {
  const orderRows = await db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = orderRows.map((row) => row.id);
  if (!ids.length) return { orders: orderRows, tickets: [], merchandise: [], instalments: [] };
  const [ticketRows, merchandiseRows, instalmentRows] = await Promise.all([
    db
      .select({ ticket: tickets, item: shopItems, event: events })
      .from(tickets)
      .innerJoin(shopItems, eq(shopItems.id, tickets.shopItemId))
      .leftJoin(events, eq(events.id, shopItems.eventId))
      .where(inArray(tickets.orderId, ids))
      .orderBy(asc(tickets.id)),
    db.select({ purchase: merchandisePurchases, item: shopItems }).from(merchandisePurchases).innerJoin(shopItems, eq(shopItems.id, merchandisePurchases.shopItemId)).where(inArray(merchandisePurchases.orderId, ids)).orderBy(asc(merchandisePurchases.id)),
    db.select().from(paymentPlanPayments).where(inArray(paymentPlanPayments.orderId, ids)).orderBy(asc(paymentPlanPayments.dueAt), asc(paymentPlanPayments.id)),
  ]);
  return { orders: orderRows, tickets: ticketRows, merchandise: merchandiseRows, instalments: instalmentRows };
}

/** A customer's refund requests, newest first, with their items. */
export async function loadCustomerRefunds(db: Db, customerId: number) {
  const refundRows = await db
    .select({ refund: refunds, orderCode: orders.code })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.customerId, customerId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  const ids = refundRows.map((row) => row.refund.id);
  const items = ids.length
    ? await db
        .select({ item: refundItems, ticketCode: tickets.code, ticketName: tickets.productName, purchaseCode: merchandisePurchases.code, purchaseName: merchandisePurchases.name })
        .from(refundItems)
        .leftJoin(tickets, eq(tickets.id, refundItems.ticketId))
        .leftJoin(merchandisePurchases, eq(merchandisePurchases.id, refundItems.merchandisePurchaseId))
        .where(inArray(refundItems.refundId, ids))
        .orderBy(asc(refundItems.id))
    : [];
  return { refunds: refundRows, items };
}
