import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, onsaleProducts, onsales, shopItems } from '../../db/schema';

export type OnsaleValues = Omit<typeof onsales.$inferInsert, 'id' | 'active' | 'createdAt' | 'updatedAt'>;

/** An on-sale by its code, switched on (again). */
export async function upsertOnsale(db: Db, values: OnsaleValues): Promise<number> {
  const [row] = await db
    .insert(onsales)
    .values({ ...values, active: true })
    .onConflictDoUpdate({ target: onsales.code, set: { ...values, active: true, updatedAt: sql`now()` } })
    .returning({ id: onsales.id });
  return row!.id;
}

/** The room guards exactly these items from now on. */
export async function replaceOnsaleProducts(db: Db, onsaleId: number, shopItemIds: number[]): Promise<void> {
  await db.delete(onsaleProducts).where(eq(onsaleProducts.onsaleId, onsaleId));
  if (shopItemIds.length) await db.insert(onsaleProducts).values(shopItemIds.map((shopItemId) => ({ onsaleId, shopItemId })));
}

/** On-sales the file no longer has are switched off (their rows stay: queue places will refer to them). */
export async function deactivateOtherOnsales(db: Db, keepIds: number[]): Promise<void> {
  const conditions = [eq(onsales.active, true)];
  if (keepIds.length) conditions.push(notInArray(onsales.id, keepIds));
  await db
    .update(onsales)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(...conditions));
}

export interface OnsaleListRow {
  onsale: typeof onsales.$inferSelect;
  eventCode: string;
  products: string[];
}

/** Every on-sale (switched-off ones too), by opening: for `npm run onsale -- status`. */
export async function listOnsales(db: Db): Promise<OnsaleListRow[]> {
  const rows = await db
    .select({ onsale: onsales, eventCode: events.externalCode })
    .from(onsales)
    .innerJoin(events, eq(events.id, onsales.eventId))
    .orderBy(asc(onsales.opensAt), asc(onsales.code));
  const products = await db
    .select({ onsaleId: onsaleProducts.onsaleId, code: shopItems.externalCode })
    .from(onsaleProducts)
    .innerJoin(shopItems, eq(shopItems.id, onsaleProducts.shopItemId))
    .orderBy(asc(shopItems.externalCode));
  return rows.map((row) => ({ ...row, products: products.filter((product) => product.onsaleId === row.onsale.id).map((product) => product.code) }));
}
