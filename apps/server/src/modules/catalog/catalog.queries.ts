import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { catalogueImages, checkinListProducts, checkinLists, events, media, onsaleProducts, onsales, shippingRates, shopItems, taxRates, travelTimes, vouchers } from '../../db/schema';

export type ShopItemRow = typeof shopItems.$inferSelect;
export type TravelTimeRow = typeof travelTimes.$inferSelect;
export type EventRow = typeof events.$inferSelect;

export async function upsertEvent(db: Db, values: typeof events.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(events)
    .values(values)
    .onConflictDoUpdate({ target: events.externalCode, set: { ...values, updatedAt: sql`now()` } })
    .returning({ id: events.id });
  return row!.id;
}

export async function upsertTaxRate(db: Db, values: typeof taxRates.$inferInsert): Promise<number> {
  const [row] = await db
    .insert(taxRates)
    .values(values)
    .onConflictDoUpdate({ target: taxRates.externalCode, set: { ...values, updatedAt: sql`now()` } })
    .returning({ id: taxRates.id });
  return row!.id;
}

export type TaxRateRow = typeof taxRates.$inferSelect;
export type ShippingRateRow = typeof shippingRates.$inferSelect;

/** The tax rates with fields set in the back office (decision 0101): a handful at most. */
export async function listTaxRatesChangedHere(db: Db): Promise<TaxRateRow[]> {
  return db.select().from(taxRates).where(sql`jsonb_array_length(${taxRates.backOfficeFields}) > 0`);
}

/** The shipping rates with fields set in the back office (decision 0101). */
export async function listShippingRatesChangedHere(db: Db): Promise<ShippingRateRow[]> {
  return db.select().from(shippingRates).where(sql`jsonb_array_length(${shippingRates.backOfficeFields}) > 0`);
}

/** Every event's and tax rate's code by its id: what a file names them by. */
export async function listReferenceCodes(db: Db): Promise<{ events: Map<number, string>; taxes: Map<number, string> }> {
  const [eventRows, taxRows] = await readTogether(db, [
    () => db.select({ id: events.id, code: events.externalCode }).from(events),
    () => db.select({ id: taxRates.id, code: taxRates.externalCode }).from(taxRates),
  ] as const);
  return { events: new Map(eventRows.map((row) => [row.id, row.code])), taxes: new Map(taxRows.map((row) => [row.id, row.code])) };
}

/** Which of these merchandise groups have variants in the shop: their stock is given per variant (decision 0104). */
export async function groupsWithVariants(db: Db, groupIds: readonly number[]): Promise<Set<number>> {
  if (!groupIds.length) return new Set();
  const rows = await db.selectDistinct({ groupId: shopItems.variantOf }).from(shopItems).where(inArray(shopItems.variantOf, [...groupIds]));
  return new Set(rows.map((row) => row.groupId!));
}

/**
 * Held and sold counters are the shop's, never the catalogue's: an import leaves them alone.
 * `onlyNew` (the back office's create, decision 0103): a code already taken is a unique violation,
 * never an update of the other item.
 */
export async function upsertShopItem(db: Db, given: typeof shopItems.$inferInsert, options: { onlyNew?: boolean } = {}): Promise<number> {
  // An item the file names is the file's, also one the back office made under the same code (an import's values carry no origin).
  const values = { ...given, origin: given.origin ?? ('file' as const) };
  const insert = db.insert(shopItems).values(values);
  const [row] = await (options.onlyNew ? insert : insert.onConflictDoUpdate({ target: shopItems.externalCode, set: { ...values, updatedAt: sql`now()` } })).returning({ id: shopItems.id });
  return row!.id;
}

/**
 * keepSeats: the seats were set in the back office and stay (decision 0047); otherwise the file's
 * seats, and the mark goes. keepActive: the departure was switched off or on in the back office and
 * stays so (decision 0103); otherwise it is on, and that mark goes. `seatsSetHere` and
 * `activeSetHere` mark a departure the back office adds (catalogue-add-departure).
 */
export async function upsertTravelTime(
  db: Db,
  values: { shopItemId: number; departsAt: Date; seats: number | null; keepSeats?: boolean; keepActive?: boolean; seatsSetHere?: boolean; activeSetHere?: boolean },
): Promise<number> {
  const { keepSeats = false, keepActive = false, ...row0 } = values;
  const set: Partial<typeof travelTimes.$inferInsert> = { seatsSetHere: keepSeats };
  if (!keepSeats) set.seats = values.seats;
  if (!keepActive) Object.assign(set, { active: true, activeSetHere: false });
  const [row] = await db
    .insert(travelTimes)
    .values({ ...row0, active: true })
    .onConflictDoUpdate({ target: [travelTimes.shopItemId, travelTimes.departsAt], set })
    .returning({ id: travelTimes.id });
  return row!.id;
}

/**
 * Departures no longer in the catalogue stop being offered; sold seats keep their row. With
 * `keepBackOffice`, one added or switched in the back office stays as it is (decision 0103).
 */
export async function deactivateOtherTravelTimes(db: Db, shopItemId: number, keepIds: number[], options: { keepBackOffice?: boolean } = {}): Promise<void> {
  const conditions = [eq(travelTimes.shopItemId, shopItemId)];
  if (keepIds.length) conditions.push(notInArray(travelTimes.id, keepIds));
  if (options.keepBackOffice) conditions.push(eq(travelTimes.activeSetHere, false));
  await db.update(travelTimes).set({ active: false, activeSetHere: false }).where(and(...conditions));
}

/** Departures of these items added or switched in the back office (decision 0103). */
export async function listDeparturesSetHere(db: Db, codes: string[]): Promise<{ code: string; departsAt: Date; active: boolean }[]> {
  if (!codes.length) return [];
  return db
    .select({ code: shopItems.externalCode, departsAt: travelTimes.departsAt, active: travelTimes.active })
    .from(travelTimes)
    .innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId))
    .where(and(inArray(shopItems.externalCode, codes), eq(travelTimes.activeSetHere, true)));
}

/** Items of these codes with fields set in the back office. */
export async function listItemsChangedHere(db: Db, codes: string[]): Promise<ShopItemRow[]> {
  if (!codes.length) return [];
  return db
    .select()
    .from(shopItems)
    .where(and(inArray(shopItems.externalCode, codes), sql`${shopItems.backOfficeFields} <> '[]'::jsonb`));
}

/** Events of these codes with texts set in the back office. */
export async function listEventsChangedHere(db: Db, codes: string[]): Promise<EventRow[]> {
  if (!codes.length) return [];
  return db
    .select()
    .from(events)
    .where(and(inArray(events.externalCode, codes), sql`${events.backOfficeFields} <> '[]'::jsonb`));
}

/** Departures of these items whose seats were set in the back office. */
export async function listSeatsChangedHere(db: Db, codes: string[]): Promise<{ code: string; departsAt: Date; seats: number | null }[]> {
  if (!codes.length) return [];
  return db
    .select({ code: shopItems.externalCode, departsAt: travelTimes.departsAt, seats: travelTimes.seats })
    .from(travelTimes)
    .innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId))
    .where(and(inArray(shopItems.externalCode, codes), eq(travelTimes.seatsSetHere, true)));
}

export async function rememberCatalogueImage(db: Db, path: string, url: string): Promise<void> {
  await db
    .insert(catalogueImages)
    .values({ path, url })
    .onConflictDoUpdate({ target: catalogueImages.path, set: { url, importedAt: sql`now()` } });
}

export async function findCatalogueImages(db: Db, paths: string[]): Promise<Map<string, string>> {
  if (!paths.length) return new Map();
  const rows = await db.select().from(catalogueImages).where(inArray(catalogueImages.path, paths));
  return new Map(rows.map((row) => [row.path, row.url]));
}

/** The vouchers of these (upper-case) codes, as the rules on used vouchers read them. */
export async function listVouchersByCodes(db: Db, codes: string[]) {
  if (!codes.length) return [];
  return db.select({ code: vouchers.code, kind: vouchers.kind, used: vouchers.used }).from(vouchers).where(inArray(vouchers.code, codes));
}

export async function upsertVoucher(db: Db, values: typeof vouchers.$inferInsert): Promise<void> {
  await db
    .insert(vouchers)
    .values(values)
    .onConflictDoUpdate({ target: vouchers.code, set: { ...values, updatedAt: sql`now()` } });
}

export async function upsertShippingRate(db: Db, values: typeof shippingRates.$inferInsert): Promise<void> {
  await db
    .insert(shippingRates)
    .values(values)
    .onConflictDoUpdate({ target: shippingRates.country, set: { ...values, updatedAt: sql`now()` } });
}

export async function insertMedia(db: Db, values: typeof media.$inferInsert): Promise<void> {
  await db.insert(media).values(values).onConflictDoNothing();
}

export async function findMedia(db: Db, hash: string) {
  const [row] = await db.select().from(media).where(eq(media.hash, hash));
  return row;
}

export async function findItemCodesOfOtherType(
  db: Db,
  codes: { tickets: string[]; merchandise: string[] },
): Promise<string[]> {
  const clauses = [];
  if (codes.tickets.length) clauses.push(and(inArray(shopItems.externalCode, codes.tickets), eq(shopItems.shopItemType, 'merchandise')));
  if (codes.merchandise.length) clauses.push(and(inArray(shopItems.externalCode, codes.merchandise), eq(shopItems.shopItemType, 'tickets')));
  if (!clauses.length) return [];
  const rows = await db.select({ code: shopItems.externalCode }).from(shopItems).where(or(...clauses));
  return rows.map((row) => row.code);
}

/** Item ids by external code (products or merchandise). */
export async function findItemIdsByCodes(db: Db, codes: string[]): Promise<Map<string, number>> {
  if (!codes.length) return new Map();
  const rows = await db.select({ id: shopItems.id, code: shopItems.externalCode }).from(shopItems).where(inArray(shopItems.externalCode, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

export async function countEvents(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(events);
  return row?.count ?? 0;
}

export async function listEvents(db: Db): Promise<EventRow[]> {
  return db.select().from(events).orderBy(asc(events.id));
}

/** Items a visitor may see at `now`: on sale inside their sale window, or shown anyway (force_view); none archived, none of an archived event. */
export async function listVisibleShopItems(db: Db, now: Date): Promise<ShopItemRow[]> {
  return db
    .select()
    .from(shopItems)
    .where(
      and(
        eq(shopItems.archived, false),
        or(isNull(shopItems.eventId), sql`NOT EXISTS (SELECT 1 FROM events AS e WHERE e.id = "shop_items"."event_id" AND e.archived)`),
        or(
        and(
          eq(shopItems.onSale, true),
          or(isNull(shopItems.saleStartsAt), lte(shopItems.saleStartsAt, now)),
          or(isNull(shopItems.saleEndsAt), gt(shopItems.saleEndsAt, now)),
        ),
        eq(shopItems.forceView, true),
        ),
      ),
    )
    .orderBy(asc(shopItems.sortOrder), asc(shopItems.id));
}

/** The next moment after `now` at which an item's sale window opens or closes (null: none ahead). */
export async function nextSaleWindowChange(db: Db, now: Date): Promise<Date | null> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      starts: sql<Date | string | null>`min(${shopItems.saleStartsAt}) filter (where ${shopItems.saleStartsAt} > ${at})`,
      ends: sql<Date | string | null>`min(${shopItems.saleEndsAt}) filter (where ${shopItems.saleEndsAt} > ${at})`,
    })
    .from(shopItems)
    .where(eq(shopItems.onSale, true));
  const times = [row?.starts, row?.ends].filter((time): time is Date | string => time !== null && time !== undefined).map((time) => new Date(time).getTime());
  return times.length ? new Date(Math.min(...times)) : null;
}

export async function listShopItemsByIds(db: Db, ids: number[]): Promise<ShopItemRow[]> {
  if (!ids.length) return [];
  return db.select().from(shopItems).where(inArray(shopItems.id, ids));
}

export async function listActiveTravelTimes(db: Db, shopItemIds: number[]): Promise<TravelTimeRow[]> {
  if (!shopItemIds.length) return [];
  return db
    .select()
    .from(travelTimes)
    .where(and(inArray(travelTimes.shopItemId, shopItemIds), eq(travelTimes.active, true)))
    .orderBy(asc(travelTimes.departsAt));
}

export async function listEventsByIds(db: Db, ids: number[]): Promise<EventRow[]> {
  if (!ids.length) return [];
  return db.select().from(events).where(inArray(events.id, ids));
}

/**
 * Every row the catalogue file is written from (catalogue-export.ts, decision 0095): events, tax
 * rates, items, vouchers and shipping rates whatever their state, and the departures, check-in
 * lists and on-sales that are switched on, with their products and the images' names.
 */
export async function readCatalogueRows(db: Db) {
  return readTogether(db, [
    () => db.select().from(events).orderBy(asc(events.id)),
    () => db.select().from(taxRates).orderBy(asc(taxRates.id)),
    () => db.select().from(shopItems).orderBy(asc(shopItems.id)),
    () => db.select().from(travelTimes).where(eq(travelTimes.active, true)).orderBy(asc(travelTimes.shopItemId), asc(travelTimes.departsAt)),
    () => db.select().from(vouchers).orderBy(asc(vouchers.id)),
    () => db.select().from(shippingRates).orderBy(asc(shippingRates.id)),
    () => db.select().from(checkinLists).where(eq(checkinLists.active, true)).orderBy(asc(checkinLists.id)),
    () =>
      db
        .select({ listId: checkinListProducts.listId, itemId: checkinListProducts.shopItemId, days: checkinListProducts.days })
        .from(checkinListProducts)
        .innerJoin(checkinLists, eq(checkinLists.id, checkinListProducts.listId))
        .where(eq(checkinLists.active, true))
        .orderBy(asc(checkinListProducts.listId), asc(checkinListProducts.shopItemId)),
    () => db.select().from(onsales).where(eq(onsales.active, true)).orderBy(asc(onsales.id)),
    () =>
      db
        .select({ onsaleId: onsaleProducts.onsaleId, itemId: onsaleProducts.shopItemId })
        .from(onsaleProducts)
        .innerJoin(onsales, eq(onsales.id, onsaleProducts.onsaleId))
        .where(eq(onsales.active, true))
        .orderBy(asc(onsaleProducts.onsaleId), asc(onsaleProducts.shopItemId)),
    () => db.select({ path: catalogueImages.path, url: catalogueImages.url }).from(catalogueImages).orderBy(asc(catalogueImages.path)),
  ] as const);
}

/** An image's bytes by its hash. */
export async function findMediaBytes(db: Db, hash: string) {
  const [row] = await db.select({ bytes: media.bytes }).from(media).where(eq(media.hash, hash));
  return row;
}
