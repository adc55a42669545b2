import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shippingRates, shopItems, taxRates } from '../../db/schema';
import type { ShippingRateRow, TaxRateRow } from '../catalog/catalog.queries';

export type TaxRateValues = Pick<TaxRateRow, 'externalCode' | 'name' | 'basisPoints' | 'archived' | 'backOfficeFields'>;
export type ShippingRateValues = Pick<ShippingRateRow, 'country' | 'name' | 'type' | 'price' | 'archived' | 'backOfficeFields'>;

/** Every tax rate in the file's order, with how many items take each. */
export async function listTaxRates(db: Db): Promise<(TaxRateRow & { items: number })[]> {
  return db
    // Qualified by hand: inside the subquery an unqualified "id" would be the item's own.
    .select({ rate: taxRates, items: sql<number>`(SELECT count(*)::int FROM shop_items AS i WHERE i.tax_rate_id = "tax_rates"."id")` })
    .from(taxRates)
    .orderBy(asc(taxRates.id))
    .then((rows) => rows.map((row) => ({ ...row.rate, items: Number(row.items) })));
}

export async function listShippingRates(db: Db): Promise<ShippingRateRow[]> {
  return db.select().from(shippingRates).orderBy(asc(shippingRates.id));
}

/** The codes (or countries) of every rate: the rules across rates read them with the change in place. */
export async function listTaxCodes(db: Db): Promise<string[]> {
  return (await db.select({ code: taxRates.externalCode }).from(taxRates).orderBy(asc(taxRates.id))).map((row) => row.code);
}
export async function listShippingCountries(db: Db): Promise<string[]> {
  return (await db.select({ country: shippingRates.country }).from(shippingRates).orderBy(asc(shippingRates.id))).map((row) => row.country);
}

/**
 * The tax rate of a code, locked against other changes until the transaction ends. FOR NO KEY
 * UPDATE: an item's row referencing it is key-share locked by buyers and must not wait on us.
 */
export async function lockTaxRate(tx: Db, code: string): Promise<TaxRateRow | undefined> {
  const [row] = await tx.select().from(taxRates).where(eq(taxRates.externalCode, code)).for('no key update');
  return row;
}

/** The shipping rate to a country, locked against other changes until the transaction ends. */
export async function lockShippingRate(tx: Db, country: string): Promise<ShippingRateRow | undefined> {
  const [row] = await tx.select().from(shippingRates).where(eq(shippingRates.country, country)).for('no key update');
  return row;
}

/** The items a rate may not be archived under (decision 0111): those not archived themselves. */
export async function countItemsOfTaxRate(db: Db, id: number): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(shopItems).where(and(eq(shopItems.taxRateId, id), eq(shopItems.archived, false)));
  return Number(row?.count ?? 0);
}

export async function insertTaxRate(tx: Db, values: TaxRateValues): Promise<TaxRateRow> {
  const [row] = await tx.insert(taxRates).values(values).returning();
  return row!;
}

export async function updateTaxRate(tx: Db, id: number, values: TaxRateValues): Promise<TaxRateRow> {
  const [row] = await tx
    .update(taxRates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(taxRates.id, id))
    .returning();
  return row!;
}

export async function insertShippingRate(tx: Db, values: ShippingRateValues): Promise<ShippingRateRow> {
  const [row] = await tx.insert(shippingRates).values(values).returning();
  return row!;
}

export async function updateShippingRate(tx: Db, id: number, values: ShippingRateValues): Promise<ShippingRateRow> {
  const [row] = await tx
    .update(shippingRates)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shippingRates.id, id))
    .returning();
  return row!;
}
