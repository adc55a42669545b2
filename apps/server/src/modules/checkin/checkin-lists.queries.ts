import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { checkinListProducts, checkinLists, events, shopItems } from '../../db/schema';

/** What the catalogue import writes for one list (the code matches it; the rest is updated). */
export type CheckinListValues = Omit<typeof checkinLists.$inferInsert, 'id' | 'active' | 'createdAt' | 'updatedAt'>;

/** A list as the organiser reads it: its event's name and the products it admits. */
export interface CheckinListRow {
  id: number;
  code: string;
  name: string;
  eventId: number;
  eventCode: string;
  eventName: string;
  entry: 'single' | 'alternating';
  opensAt: Date | null;
  closesAt: Date | null;
  boardingBeforeMinutes: number;
  boardingAfterMinutes: number;
  dayCutoverMinutes: number;
  gates: string[];
  active: boolean;
  /** In the shop's listing order; days: the festival days it admits on (null: every day the list is open). */
  products: { externalCode: string; name: string; type: string; days: string[] | null }[];
}

/** Matched by code; a list that was switched off comes back on when the file has it again. */
export async function upsertCheckinList(db: Db, values: CheckinListValues): Promise<number> {
  const [row] = await db
    .insert(checkinLists)
    .values({ ...values, active: true })
    .onConflictDoUpdate({ target: checkinLists.code, set: { ...values, active: true, updatedAt: sql`now()` } })
    .returning({ id: checkinLists.id });
  return row!.id;
}

/** The list admits exactly these products from now on, each on its days (null: every day the list is open). */
export async function replaceCheckinListProducts(db: Db, listId: number, products: { shopItemId: number; days: string[] | null }[]): Promise<void> {
  await db.delete(checkinListProducts).where(eq(checkinListProducts.listId, listId));
  if (products.length) await db.insert(checkinListProducts).values(products.map(({ shopItemId, days }) => ({ listId, shopItemId, days })));
}

/** Lists other than these stop admitting; their rows stay because check-ins refer to them. */
export async function deactivateOtherCheckinLists(db: Db, keepIds: number[]): Promise<void> {
  const conditions = [eq(checkinLists.active, true)];
  if (keepIds.length) conditions.push(notInArray(checkinLists.id, keepIds));
  await db
    .update(checkinLists)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(...conditions));
}

/** Every list (switched-off ones too, marked by `active`), by event, then code: for `npm run checkin -- lists`. */
export async function listCheckinLists(db: Db): Promise<CheckinListRow[]> {
  const lists = await db
    .select({ list: checkinLists, eventCode: events.externalCode, eventName: events.name })
    .from(checkinLists)
    .innerJoin(events, eq(events.id, checkinLists.eventId))
    .orderBy(asc(events.name), asc(events.id), asc(checkinLists.code));
  if (!lists.length) return [];
  const products = await db
    .select({ listId: checkinListProducts.listId, externalCode: shopItems.externalCode, name: shopItems.name, type: shopItems.type, days: checkinListProducts.days })
    .from(checkinListProducts)
    .innerJoin(shopItems, eq(shopItems.id, checkinListProducts.shopItemId))
    .where(inArray(checkinListProducts.listId, lists.map((row) => row.list.id)))
    .orderBy(asc(shopItems.sortOrder), asc(shopItems.id));
  return lists.map(({ list, eventCode, eventName }) => ({
    id: list.id,
    code: list.code,
    name: list.name,
    eventId: list.eventId,
    eventCode,
    eventName,
    entry: list.entry,
    opensAt: list.opensAt,
    closesAt: list.closesAt,
    boardingBeforeMinutes: list.boardingBeforeMinutes,
    boardingAfterMinutes: list.boardingAfterMinutes,
    dayCutoverMinutes: list.dayCutoverMinutes,
    gates: list.gates,
    active: list.active,
    products: products.filter((product) => product.listId === list.id).map(({ externalCode, name, type, days }) => ({ externalCode, name, type, days })),
  }));
}
