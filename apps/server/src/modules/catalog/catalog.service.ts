import { currentPrice, nextTierChange, withinSaleWindow, type EventTextTranslation, type ItemTextTranslation, type PriceTier, type QuestionDefinition, type ShopItem, type TravelTimeOption } from '@festival/contract';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import * as queries from './catalog.queries';
import { listQuestionsOf, questionOfRow } from './questions.queries';
import type { EventRow, ShopItemRow, TravelTimeRow } from './catalog.queries';

/** An item's translations and its event's (the snapshot gives each answer in the reader's language from them). */
export interface ItemTranslations {
  item: Readonly<Record<string, ItemTextTranslation>> | null;
  event: Readonly<Record<string, EventTextTranslation>> | null;
  /** A variant's label in other languages (decision 0104); absent: none. */
  label?: Readonly<Record<string, string>> | null;
}

/** An item's price tiers and its own price, the last tier (decision 0099). */
export interface ItemPriceTiers {
  tiers: readonly PriceTier[];
  price: number;
}

const earliest = (moments: (number | null)[]): number | null => moments.reduce<number | null>((first, at) => (at !== null && (first === null || at < first) ? at : first), null);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Units left; null when unlimited. Held lines count as taken until their cart ends. */
export function remainingStock(item: Pick<ShopItemRow, 'stock' | 'held' | 'sold'>): number | null {
  return item.stock === null ? null : Math.max(0, item.stock - item.held - item.sold);
}

export function toTravelTimeOption(row: TravelTimeRow): TravelTimeOption {
  return {
    id: row.id,
    travel_time: row.departsAt.toISOString(),
    remaining: row.seats === null ? null : Math.max(0, row.seats - row.held - row.sold),
  };
}

/** On sale and inside its sale window at `now` (ms): an item that may be put in a cart. */
export function sellsNow(row: Pick<ShopItemRow, 'onSale' | 'saleStartsAt' | 'saleEndsAt'>, now: number): boolean {
  return row.onSale && withinSaleWindow(now, row.saleStartsAt, row.saleEndsAt);
}

/** The shop item of spec section 3, built from its row, its departures and its event, as it stands at `now` (ms). */
export function toShopItem(row: ShopItemRow, times: TravelTimeRow[], event: EventRow | undefined, now: number): ShopItem {
  const remaining = remainingStock(row);
  // The price tier of the next unit taken (decision 0099); the cart takes it again, exactly, where it takes the unit.
  const priced = currentPrice(row.priceTiers, row.price, now, row.held + row.sold);
  const [image1 = null, image2 = null, image3 = null, image4 = null] = row.images;
  return {
    id: row.id,
    external_code: row.externalCode,
    name: row.name,
    shop_item_type: row.shopItemType,
    type: row.type,
    event: event?.name ?? null,
    event_id: event?.id ?? null,
    price: priced.price,
    fee: row.fee,
    next_price: priced.next,
    shop_image: image1,
    shop_image_2: image2,
    shop_image_3: image3,
    shop_image_4: image4,
    shop_description: row.description,
    in_stock: sellsNow(row, now) && (remaining === null || remaining > 0),
    stock_level: remaining,
    is_featured: row.isFeatured,
    force_view: row.forceView,
    limit_per_order: row.limitPerOrder,
    is_refundable: row.isRefundable,
    allow_refund_requests_from: iso(row.allowRefundRequestsFrom),
    allow_refund_requests_until: iso(row.allowRefundRequestsUntil),
    has_payment_plan: Boolean(row.paymentPlan?.length),
    payment_plan: row.paymentPlan ?? null,
    allow_name_changes: row.allowNameChanges,
    allow_name_changes_until: iso(row.allowNameChangesUntil),
    name_change_limit: row.nameChangeLimit,
    allow_email_changes: row.allowEmailChanges,
    travel_time_type: row.travelTimeType ?? null,
    travel_time: iso(row.travelTime),
    travel_times: times.map(toTravelTimeOption),
    allow_travel_time_changes_until: iso(row.allowTravelTimeChangesUntil),
    timezone: event?.timezone ?? null,
    variants: null,
    // Named by code here; the snapshot gives each its product's name in the reader's language.
    requires: row.requires?.length ? row.requires.map((code) => ({ external_code: code, name: code })) : null,
  };
}

/**
 * The shop's items with their variants under their groups (decision 0104): a group shows its
 * variants that are shown (a variant shows only with its group), and is in stock while one of them
 * is; its stock is theirs together (null when one is unlimited). The variants stay items of their
 * own (the cart adds them by code) but are not listed apart.
 */
export function groupVariants(rows: readonly ShopItemRow[], items: readonly ShopItem[]): { listed: ShopItem[]; variants: ShopItem[]; hidden: Set<number> } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const variantsOf = new Map<number, ShopItemRow[]>();
  for (const row of rows) if (row.variantOf !== null) variantsOf.set(row.variantOf, [...(variantsOf.get(row.variantOf) ?? []), row]);
  const hidden = new Set<number>();
  for (const row of rows) if (row.variantOf !== null && !byId.has(row.variantOf)) hidden.add(row.id);
  const all: ShopItem[] = [];
  for (const item of items) {
    if (hidden.has(item.id)) continue;
    const variants = variantsOf.get(item.id);
    if (!variants) {
      all.push(item);
      continue;
    }
    const shown = variants.map((row) => {
      const variant = byId.get(row.id)!;
      return { id: row.id, external_code: row.externalCode, label: row.variantLabel ?? row.externalCode, in_stock: variant.in_stock, stock_level: variant.stock_level };
    });
    const unlimited = shown.some((variant) => variant.stock_level === null);
    all.push({
      ...item,
      variants: shown,
      in_stock: item.in_stock && shown.some((variant) => variant.in_stock),
      stock_level: unlimited ? null : shown.reduce((sum, variant) => sum + (variant.stock_level ?? 0), 0),
    });
  }
  const variantIds = new Set(rows.filter((row) => row.variantOf !== null).map((row) => row.id));
  return { listed: all.filter((item) => !variantIds.has(item.id)), variants: all.filter((item) => variantIds.has(item.id)), hidden };
}

async function toShopItems(db: Db, rows: ShopItemRow[], now: number): Promise<ShopItem[]> {
  return (await toShopItemsWithTexts(db, rows, now)).items;
}

/** The items, and the translations of each (its own and its event's) where it has any (decision 0094). */
async function toShopItemsWithTexts(db: Db, rows: ShopItemRow[], now: number): Promise<{ items: ShopItem[]; translations: Map<number, ItemTranslations> }> {
  const transportIds = rows.filter((row) => row.travelTimeType === 'selectable').map((row) => row.id);
  const eventIds = [...new Set(rows.map((row) => row.eventId).filter((id): id is number => id !== null))];
  const [times, events, questionRows] = await readTogether(db, [
    () => queries.listActiveTravelTimes(db, transportIds),
    () => queries.listEventsByIds(db, eventIds),
    // The questions asked now (decision 0106), read once per snapshot: the shop's pages ask them.
    () => listQuestionsOf(db, rows.map((row) => row.id)),
  ] as const);
  const questionsOf = new Map<number, QuestionDefinition[]>();
  for (const row of questionRows) questionsOf.set(row.shopItemId, [...(questionsOf.get(row.shopItemId) ?? []), questionOfRow(row)]);
  const eventById = new Map(events.map((event) => [event.id, event]));
  const translations = new Map<number, ItemTranslations>();
  for (const row of rows) {
    const event = row.eventId === null ? undefined : eventById.get(row.eventId);
    if (row.translations || event?.translations || row.variantLabels) translations.set(row.id, { item: row.translations ?? null, event: event?.translations ?? null, label: row.variantLabels ?? null });
  }
  const items = rows.map((row) => {
    const item = toShopItem(
      row,
      times.filter((time) => time.shopItemId === row.id),
      row.eventId === null ? undefined : eventById.get(row.eventId),
      now,
    );
    const questions = questionsOf.get(row.id);
    return questions ? { ...item, questions } : item;
  });
  return { items, translations };
}

/**
 * What the shop offers at `now`, split as get-data answers it, and which of the items may be put
 * in a cart (on sale inside the sale window; an item shown anyway with force_view may not be).
 * Also when the next sale window opens or closes, after which the answer is out of date.
 */
export async function listShopItems(
  db: Db,
  now: Date = new Date(),
): Promise<{
  products: ShopItem[];
  merchandise: ShopItem[];
  variants: ShopItem[];
  onSaleIds: ReadonlySet<number>;
  changesAt: number | null;
  translations: Map<number, ItemTranslations>;
  priceTiers: Map<number, ItemPriceTiers>;
}> {
  const [rows, nextChange] = await readTogether(db, [() => queries.listVisibleShopItems(db, now), () => queries.nextSaleWindowChange(db, now)] as const);
  const built = await toShopItemsWithTexts(db, rows, now.getTime());
  const { translations } = built;
  const { listed, variants, hidden } = groupVariants(rows, built.items);
  const groups = new Set(listed.filter((item) => item.variants).map((item) => item.id));
  return {
    translations,
    products: listed.filter((item) => item.shop_item_type === 'tickets'),
    merchandise: listed.filter((item) => item.shop_item_type === 'merchandise'),
    // Variants are looked up (and added) by their own code, the group never: its variants are what is sold.
    variants,
    onSaleIds: new Set(rows.filter((row) => sellsNow(row, now.getTime()) && !groups.has(row.id) && !hidden.has(row.id)).map((row) => row.id)),
    // A price tier that ends is a change of the shop's prices too (decision 0099).
    changesAt: earliest([nextChange?.getTime() ?? null, ...rows.map((row) => nextTierChange(row.priceTiers, now.getTime()))]),
    priceTiers: new Map(rows.filter((row) => row.priceTiers?.length).map((row) => [row.id, { tiers: row.priceTiers!, price: row.price }])),
  };
}

/** Shop items by id, read from the database: items a cart holds that the snapshot no longer shows. */
export async function loadShopItemsByIds(db: Db, ids: number[], now: Date = new Date()): Promise<ShopItem[]> {
  if (!ids.length) return [];
  return toShopItems(db, await queries.listShopItemsByIds(db, ids), now.getTime());
}

/** Per-event settings of the page configuration, keyed by event id. */
export async function listEventSettings(db: Db) {
  const events = await queries.listEvents(db);
  return Object.fromEntries(
    events.map((event) => [
      String(event.id),
      {
        ageRangeActive: event.ageRangeActive,
        creditCardActive: event.creditCardActive,
        bankTransferActive: event.bankTransferActive,
        bankTransferCountries: event.bankTransferCountries,
      },
    ]),
  );
}


/** The questions asked with these products now (not archived), in the order asked, with their ids and products (decision 0106). */
export async function loadAskedQuestions(db: Db, itemIds: readonly number[]) {
  const rows = await listQuestionsOf(db, itemIds);
  return rows.map((row) => ({ id: row.id, shopItemId: row.shopItemId, question: questionOfRow(row) }));
}
export type AskedQuestionRow = Awaited<ReturnType<typeof loadAskedQuestions>>[number];
