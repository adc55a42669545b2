import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { cartLinesColumns, cartLinesOf, type CartLinesJson } from '../cart/cart.queries';
import type { Db } from '../../db/client';
import { rowFromJson } from '../../db/raw-rows';
import { holdAnsweredQuestions } from '../catalog/questions.queries';
import { reusableRows } from '../../db/reusable-statement';
import { cartMerchandise, cartProducts, orders, questionAnswers, shippingRates, shopItems, taxRates, tickets, travelTimes, vouchers } from '../../db/schema';
import type { TaxRate, VoucherTerms } from '@festival/contract';

/** The tax rate of each item (null for an item without one). */
export async function taxRatesOfItems(db: Db, itemIds: number[]): Promise<Map<number, TaxRate | null>> {
  return (await listItemRows(db, itemIds)).rates;
}

/** The rate the shop ships to a country by; an archived one ships no more (decision 0101). */
export async function findShippingRate(db: Db, country: string) {
  const [row] = await db
    .select()
    .from(shippingRates)
    .where(and(eq(shippingRates.country, country.toUpperCase()), eq(shippingRates.archived, false)));
  return row;
}

/** The voucher of a code that can be redeemed now: active, inside its dates, with uses left. Codes match without regard to case. */
const redeemable = (code: string, now: Date) =>
  and(
    eq(vouchers.code, code.trim().toUpperCase()),
    eq(vouchers.active, true),
    or(isNull(vouchers.validFrom), lte(vouchers.validFrom, now)),
    or(isNull(vouchers.validUntil), gt(vouchers.validUntil, now)),
    or(isNull(vouchers.maxUses), sql`${vouchers.used} < ${vouchers.maxUses}`),
  );

export async function findRedeemableVoucher(db: Db, code: string, now: Date) {
  const [row] = await db.select().from(vouchers).where(redeemable(code, now));
  return row;
}

/**
 * Takes one use of a voucher that can be redeemed now, in ONE conditional update: PostgreSQL
 * re-checks the condition on the current row after waiting for a concurrent checkout's update,
 * so simultaneous checkouts can never redeem more uses than the voucher has. Undefined when the
 * voucher is unknown, inactive, outside its dates or used up.
 */
export async function redeemVoucher(tx: Db, code: string, now: Date) {
  const [row] = await tx
    .update(vouchers)
    .set({ used: sql`${vouchers.used} + 1`, updatedAt: sql`now()` })
    .where(redeemable(code, now))
    .returning();
  return row;
}

export type VoucherRow = typeof vouchers.$inferSelect;

/** What a voucher takes off, as the discount (voucherDiscount) and validate-voucher's answer read it. */
export function voucherTermsOf(row: VoucherRow): VoucherTerms {
  return { kind: row.kind, discount_amount: row.discountAmount, percent: row.percent, product: row.freeProduct, products: row.products?.length ? row.products : null };
}

/**
 * A voucher's terms with the variants of the merchandise groups it names (decision 0104): a group
 * is never sold itself, so its code stands for its sizes, in a voucher's `products` and as a
 * free_product voucher's product (one unit of any size free: the variants go to its `products`,
 * which the discount reads as the codes of its product). One read, only for a voucher that names
 * products.
 */
export async function withGroupVariants(db: Db, terms: VoucherTerms): Promise<VoucherTerms> {
  const named = terms.kind === 'free_product' ? (terms.product === null ? [] : [terms.product]) : (terms.products ?? []);
  if (!named.length) return terms;
  const groups = alias(shopItems, 'voucher_groups');
  const variants = await db
    .select({ code: shopItems.externalCode })
    .from(shopItems)
    .innerJoin(groups, eq(groups.id, shopItems.variantOf))
    .where(inArray(groups.externalCode, named));
  return variants.length ? { ...terms, products: [...new Set([...named, ...variants.map((variant) => variant.code)])] } : terms;
}

/**
 * The uses of a voucher by one customer: their orders that hold it and were neither cancelled nor
 * abandoned (those gave their use back, as `used` counts them). At checkout it is read after the
 * voucher's use was taken, under its row lock: a concurrent checkout of the same voucher waits for
 * this one to end, and its own count (a statement after the wait) sees this one's order.
 */
export async function countCustomerVoucherUses(db: Db, voucherId: number, customerId: number, exceptOrderId?: number): Promise<number> {
  const [row] = await db
    .select({ uses: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.voucherId, voucherId),
        eq(orders.customerId, customerId),
        sql`${orders.paymentStatus} NOT IN ('cancelled', 'abandoned')`,
        exceptOrderId === undefined ? undefined : sql`${orders.id} <> ${exceptOrderId}`,
      ),
    );
  return row?.uses ?? 0;
}

/** Gives a use back to a voucher (its order was abandoned). */
export async function returnVoucherUse(tx: Db, voucherId: number): Promise<void> {
  await tx
    .update(vouchers)
    .set({ used: sql`GREATEST(${vouchers.used} - 1, 0)`, updatedAt: sql`now()` })
    .where(eq(vouchers.id, voucherId));
}

/** Gives sold units and seats back to sale (an unpaid order abandoned, a refund paid out): sold goes down, in id order. */
export async function returnSoldStock(tx: Db, counts: { items: Map<number, number>; seats: Map<number, number> }): Promise<void> {
  const byId = (map: Map<number, number>) => [...map].sort(([a], [b]) => a - b);
  for (const [itemId, count] of byId(counts.items)) {
    await tx.update(shopItems).set({ sold: sql`${shopItems.sold} - ${count}` }).where(eq(shopItems.id, itemId));
  }
  for (const [travelTimeId, count] of byId(counts.seats)) {
    await tx.update(travelTimes).set({ sold: sql`${travelTimes.sold} - ${count}` }).where(eq(travelTimes.id, travelTimeId));
  }
}

/**
 * The catalogue rows of a cart's items as they are at checkout (names, fees and rules are copied
 * onto the order), with each one's tax rate for the invoice: one statement, built once (the ids
 * go as one array parameter, so carts of any size share it).
 */
export async function listItemRows(tx: Db, ids: number[]) {
  if (!ids.length) return itemRowsOf([]);
  const [row] = await itemRowsStatement(tx, { ids });
  return itemRowsOf(row!.items ?? []);
}

type ItemRowJson = { item: Record<string, unknown>; tax_name: string | null; basis_points: number | null };

/** The select list of the items `which` picks (`i`) with their tax rates, as one JSON column `items`. */
const itemsWithTaxColumn = (which: SQL) =>
  sql`(SELECT json_agg(json_build_object('item', i, 'tax_name', t.name, 'basis_points', t.basis_points))
         FROM ${shopItems} i LEFT JOIN ${taxRates} t ON t.id = i.tax_rate_id
        WHERE ${which}) AS items`;

const itemRowsStatement = reusableRows<{ items: ItemRowJson[] | null }, { ids: number[] }>(sql`SELECT ${itemsWithTaxColumn(sql`i.id = ANY (${sql.placeholder('ids')}::int[])`)}`);

function itemRowsOf(found: readonly ItemRowJson[]) {
  const rows = new Map<number, typeof shopItems.$inferSelect>();
  const rates = new Map<number, TaxRate | null>();
  for (const entry of found) {
    const item = rowFromJson(shopItems, entry.item);
    rows.set(item.id, item);
    rates.set(item.id, entry.tax_name === null || entry.basis_points === null ? null : { name: entry.tax_name, basisPoints: entry.basis_points });
  }
  return { rows, rates };
}

/**
 * A locked cart's lines and the catalogue rows of their items (as listItemRows gives them), in
 * one statement: the checkout reads both right after locking the cart. (The lock itself stays a
 * statement of its own: a statement that waited for the lock would read the lines as they were
 * before the wait.)
 */
export async function listCartLinesWithItemRows(tx: Db, cartId: number) {
  const [row] = await cartLinesWithItemsStatement(tx, { cartId });
  return { lines: cartLinesOf(row!), ...itemRowsOf(row!.items ?? []) };
}
const cartLinesWithItemsStatement = reusableRows<CartLinesJson & { items: ItemRowJson[] | null }, { cartId: number }>(
  sql`SELECT ${cartLinesColumns},
             ${itemsWithTaxColumn(sql`i.id IN (SELECT shop_item_id FROM ${cartProducts} WHERE cart_id = ${sql.placeholder('cartId')}
                                               UNION SELECT shop_item_id FROM ${cartMerchandise} WHERE cart_id = ${sql.placeholder('cartId')})`)}`,
);

/** An order's tickets' ids in the order they were made (one insert of the cart's lines, in the lines' order). */
export async function listTicketIdsOfOrder(tx: Db, orderId: number): Promise<number[]> {
  return (await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id))).map((row) => row.id);
}

/** The answers to product questions given with an order (decision 0106). */
export async function insertQuestionAnswers(tx: Db, values: (typeof questionAnswers.$inferInsert)[]): Promise<void> {
  if (!values.length) return;
  await holdAnsweredQuestions(tx, values.map((value) => value.questionId));
  await tx.insert(questionAnswers).values(values);
}
