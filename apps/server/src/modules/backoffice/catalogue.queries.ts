import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueImages, checkinListProducts, checkinLists, events, media, onsaleProducts, onsales, shopItems, taxRates, tickets, travelTimes } from '../../db/schema';
import type { EventRow, ShopItemRow, TravelTimeRow } from '../catalog/catalog.queries';

export async function listAllEvents(db: Db) {
  return db.select().from(events).orderBy(asc(events.startsAt), asc(events.id));
}

/** Every item, on sale or not: products by sort order, merchandise after. */
export async function listAllItems(db: Db): Promise<ShopItemRow[]> {
  return db.select().from(shopItems).orderBy(asc(shopItems.shopItemType), asc(shopItems.sortOrder), asc(shopItems.id));
}

export async function listAllTravelTimes(db: Db): Promise<TravelTimeRow[]> {
  return db.select().from(travelTimes).orderBy(asc(travelTimes.shopItemId), asc(travelTimes.departsAt));
}

export async function listTaxCodes(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: taxRates.id, code: taxRates.externalCode }).from(taxRates);
  return new Map(rows.map((row) => [row.id, row.code]));
}

export async function findEventCode(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ code: events.externalCode }).from(events).where(eq(events.id, id));
  return row?.code ?? null;
}

/** The item of this code, locked for the rest of the transaction: stock is taken by conditional updates on this row. */
export async function lockItem(db: Db, code: string): Promise<ShopItemRow | undefined> {
  const [row] = await db.select().from(shopItems).where(eq(shopItems.externalCode, code)).for('no key update');
  return row;
}

/** The event of this code, locked for the rest of the transaction: two changes of its texts follow one another. */
export async function lockEvent(db: Db, code: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.externalCode, code)).for('no key update');
  return row;
}

export async function updateEvent(db: Db, id: number, values: Partial<typeof events.$inferInsert>): Promise<EventRow> {
  const [row] = await db
    .update(events)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(events.id, id))
    .returning();
  return row!;
}

export async function travelTimesOf(db: Db, itemId: number): Promise<TravelTimeRow[]> {
  return db.select().from(travelTimes).where(eq(travelTimes.shopItemId, itemId)).orderBy(asc(travelTimes.departsAt));
}

export async function lockTravelTime(db: Db, itemId: number, id: number): Promise<TravelTimeRow | undefined> {
  const [row] = await db
    .select()
    .from(travelTimes)
    .where(and(eq(travelTimes.id, id), eq(travelTimes.shopItemId, itemId)))
    .for('no key update');
  return row;
}

export async function updateItem(db: Db, id: number, values: Partial<typeof shopItems.$inferInsert>): Promise<ShopItemRow> {
  const [row] = await db
    .update(shopItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shopItems.id, id))
    .returning();
  return row!;
}

export async function setSeats(db: Db, id: number, seats: number | null): Promise<void> {
  await db.update(travelTimes).set({ seats, seatsSetHere: true }).where(eq(travelTimes.id, id));
}

export async function handBackSeats(db: Db, itemId: number): Promise<void> {
  await db.update(travelTimes).set({ seatsSetHere: false, activeSetHere: false }).where(eq(travelTimes.shopItemId, itemId));
}

/** Every event's code, in the file's order: the rule across events reads them with a new one added. */
export async function listEventCodes(db: Db): Promise<string[]> {
  return (await db.select({ code: events.externalCode }).from(events).orderBy(asc(events.id))).map((row) => row.code);
}

export async function findEvent(db: Db, code: string): Promise<EventRow | undefined> {
  const [row] = await db.select().from(events).where(eq(events.externalCode, code));
  return row;
}

export async function insertEvent(tx: Db, values: typeof events.$inferInsert): Promise<EventRow> {
  const [row] = await tx.insert(events).values(values).returning();
  return row!;
}

/** Every item's code, in the order made: the rule across items reads them with a new one added. */
export async function listItemCodes(db: Db): Promise<string[]> {
  return (await db.select({ code: shopItems.externalCode }).from(shopItems).orderBy(asc(shopItems.id))).map((row) => row.code);
}

export async function findItem(db: Db, code: string): Promise<ShopItemRow | undefined> {
  const [row] = await db.select().from(shopItems).where(eq(shopItems.externalCode, code));
  return row;
}

/** Every tax rate's code, id and whether it is archived: a new item's rate is checked against them. */
export async function listTaxRateStates(db: Db): Promise<{ id: number; code: string; archived: boolean }[]> {
  return db.select({ id: taxRates.id, code: taxRates.externalCode, archived: taxRates.archived }).from(taxRates);
}

/**
 * A tax rate held FOR SHARE until the transaction ends (decision 0111): an item that takes it, or
 * is restored under it, waits for a concurrent archiving of the rate, and the archiving (which
 * counts the rate's items under its FOR NO KEY UPDATE) waits for it.
 */
export async function shareTaxRate(db: Db, id: number): Promise<{ code: string; archived: boolean } | undefined> {
  const [row] = await db.select({ code: taxRates.externalCode, archived: taxRates.archived }).from(taxRates).where(eq(taxRates.id, id)).for('share');
  return row;
}

/** The departure of an item at a moment, switched on or off, locked for the rest of the transaction. */
export async function lockDepartureAt(db: Db, itemId: number, departsAt: Date): Promise<TravelTimeRow | undefined> {
  const [row] = await db
    .select()
    .from(travelTimes)
    .where(and(eq(travelTimes.shopItemId, itemId), eq(travelTimes.departsAt, departsAt)))
    .for('no key update');
  return row;
}

/** A departure's state as the back office sets it; the marks keep it through imports (decision 0103). */
export async function updateDeparture(db: Db, id: number, values: Partial<typeof travelTimes.$inferInsert>): Promise<void> {
  await db.update(travelTimes).set(values).where(eq(travelTimes.id, id));
}

/** Stores an image (an original or a variant) once: the same bytes have the same hash (decision 0003). */
export async function insertMedia(db: Db, values: typeof media.$inferInsert): Promise<void> {
  await db.insert(media).values(values).onConflictDoNothing();
}

/** Remembers the path a catalogue file names an image by, as an import does (decision 0095). */
export async function rememberImagePath(db: Db, path: string, url: string): Promise<void> {
  await db
    .insert(catalogueImages)
    .values({ path, url })
    .onConflictDoUpdate({ target: catalogueImages.path, set: { url, importedAt: sql`now()` } });
}

/** Which of these hashes the shop stores. */
export async function findStoredHashes(db: Db, hashes: string[]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const rows = await db.select({ hash: media.hash }).from(media).where(inArray(media.hash, hashes));
  return new Set(rows.map((row) => row.hash));
}

/** The item of this code, if any (a new item's code must be free). */
export async function findItemByCode(db: Db, code: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, code));
  return row;
}

/** A new item (a merchandise variant made in the back office, decision 0104). */
export async function insertItem(db: Db, values: typeof shopItems.$inferInsert): Promise<ShopItemRow> {
  const [row] = await db.insert(shopItems).values(values).returning();
  return row!;
}

/** The items of these codes (their kind and event): an add-on's required products are checked against them. */
export async function findItemsByCodes(db: Db, codes: readonly string[]): Promise<{ externalCode: string; shopItemType: ShopItemRow['shopItemType']; eventId: number | null }[]> {
  if (!codes.length) return [];
  return db.select({ externalCode: shopItems.externalCode, shopItemType: shopItems.shopItemType, eventId: shopItems.eventId }).from(shopItems).where(inArray(shopItems.externalCode, [...codes]));
}

/**
 * One change of the catalogue's structure at a time across the shop (decision 0116): a product's
 * move to another event, an add-on's required products, an entry ticket's days, a check-in list's
 * products and an import each check what names what and then write it; without one order between
 * them, two such changes at once could each pass their check against the other's old state (a
 * product moved to another event while a list of its old event was made naming it). Taken first in
 * its transaction, before any row lock, and before the on-sales' lock where both are taken.
 */
export const CATALOGUE_STRUCTURE_LOCK_KEY = 715_202_699;
export async function lockCatalogueStructure(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CATALOGUE_STRUCTURE_LOCK_KEY})`);
}

/** Whether a merchandise group has variants (read under the group's row lock, which Add variant takes too). */
export async function hasVariants(db: Db, groupId: number): Promise<boolean> {
  const [row] = await db.select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.variantOf, groupId)).limit(1);
  return row !== undefined;
}

/** A merchandise group's variants, locked for the rest of the transaction (after their group): a change of the group goes to them (decision 0104). */
export async function lockVariants(db: Db, groupId: number): Promise<ShopItemRow[]> {
  return db.select().from(shopItems).where(eq(shopItems.variantOf, groupId)).orderBy(asc(shopItems.id)).for('no key update');
}

/** Every check-in list's products with their days, by list code: an item's own days are those its lists agree on (decision 0064). */
export async function listAllListProducts(db: Db, itemId?: number): Promise<{ shopItemId: number; code: string; days: string[] | null }[]> {
  return db
    .select({ shopItemId: checkinListProducts.shopItemId, code: checkinLists.code, days: checkinListProducts.days })
    .from(checkinListProducts)
    .innerJoin(checkinLists, eq(checkinLists.id, checkinListProducts.listId))
    .where(itemId === undefined ? undefined : eq(checkinListProducts.shopItemId, itemId))
    .orderBy(asc(checkinLists.code));
}

/** The check-in lists that name an item, with its days on each, locked in id order (as the list editor locks one): its days are written there. */
export async function lockListsNaming(db: Db, itemId: number): Promise<{ id: number; code: string; days: string[] | null }[]> {
  const named = await db.select({ id: checkinListProducts.listId }).from(checkinListProducts).where(eq(checkinListProducts.shopItemId, itemId));
  if (!named.length) return [];
  await db
    .select({ id: checkinLists.id })
    .from(checkinLists)
    .where(inArray(checkinLists.id, named.map((row) => row.id)))
    .orderBy(asc(checkinLists.id))
    .for('no key update');
  return db
    .select({ id: checkinLists.id, code: checkinLists.code, days: checkinListProducts.days })
    .from(checkinListProducts)
    .innerJoin(checkinLists, eq(checkinLists.id, checkinListProducts.listId))
    .where(eq(checkinListProducts.shopItemId, itemId))
    .orderBy(asc(checkinLists.id));
}

/** The item's festival days on one list (null: every day the list is open). */
export async function setListProductDays(db: Db, listId: number, itemId: number, days: string[] | null): Promise<void> {
  await db
    .update(checkinListProducts)
    .set({ days })
    .where(and(eq(checkinListProducts.listId, listId), eq(checkinListProducts.shopItemId, itemId)));
}

/** The codes of the on-sales that name an item. */
export async function listOnsalesNaming(db: Db, itemId: number): Promise<string[]> {
  const rows = await db
    .select({ code: onsales.code })
    .from(onsaleProducts)
    .innerJoin(onsales, eq(onsales.id, onsaleProducts.onsaleId))
    .where(eq(onsaleProducts.shopItemId, itemId))
    .orderBy(asc(onsales.code));
  return rows.map((row) => row.code);
}

/** The codes of an event's products that are sold only with the product of this code (decision 0104). */
export async function listProductsRequiring(db: Db, eventId: number, code: string): Promise<string[]> {
  const rows = await db
    .select({ code: shopItems.externalCode, requires: shopItems.requires })
    .from(shopItems)
    .where(and(eq(shopItems.eventId, eventId), sql`${shopItems.requires} IS NOT NULL`))
    .orderBy(asc(shopItems.id));
  return rows.filter((row) => row.requires?.includes(code)).map((row) => row.code);
}

/** Whether any ticket (of any state: refunded and cancelled ones name their event too) is of this item. */
export async function hasTickets(db: Db, itemId: number): Promise<boolean> {
  const [row] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.shopItemId, itemId)).limit(1);
  return row !== undefined;
}
