import { asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { checkinListProducts, checkinLists, events, media, onsaleProducts, onsales, productQuestions, shippingRates, shopItems, taxRates, travelTimes, vouchers } from '../src/db/schema';

/**
 * What a shop's catalogue is, read from its database for comparing two shops (the catalogue file's
 * round trip, issue 37 point 7): every row a shopper, a buyer or the gate meets, by code, with ids,
 * timestamps, the shop's own counters (held, sold, used), the back office's marks and an item's
 * origin (made here or by the file: an import of an item makes it the file's) left out, and
 * only what is switched on (lists, on-sales, departures). Items in their order within their kind
 * (equal sort values list in it); everything else by code.
 */
export async function readCatalogueState(db: Db) {
  const [eventRows, taxRows, itemRows, timeRows, voucherRows, rateRows, listRows, listProductRows, onsaleRows, onsaleProductRows, mediaRows] = await Promise.all([
    db.select().from(events).orderBy(asc(events.externalCode)),
    db.select().from(taxRates).orderBy(asc(taxRates.externalCode)),
    db.select().from(shopItems).orderBy(asc(shopItems.shopItemType), asc(shopItems.id)),
    db.select().from(travelTimes).where(eq(travelTimes.active, true)),
    db.select().from(vouchers).orderBy(asc(vouchers.code)),
    db.select().from(shippingRates).orderBy(asc(shippingRates.country)),
    db.select().from(checkinLists).where(eq(checkinLists.active, true)).orderBy(asc(checkinLists.code)),
    db.select().from(checkinListProducts),
    db.select().from(onsales).where(eq(onsales.active, true)).orderBy(asc(onsales.code)),
    db.select().from(onsaleProducts),
    db.select({ hash: media.hash, contentType: media.contentType, size: media.size }).from(media),
  ]);
  const questionRows = await db.select().from(productQuestions).orderBy(asc(productQuestions.shopItemId), asc(productQuestions.sortOrder), asc(productQuestions.code));
  const eventCode = new Map(eventRows.map((row) => [row.id, row.externalCode]));
  const taxCode = new Map(taxRows.map((row) => [row.id, row.externalCode]));
  const itemCode = new Map(itemRows.map((row) => [row.id, row.externalCode]));
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const mediaByHash = new Map(mediaRows.map((row) => [row.hash, row]));
  const imageUrls = new Set(itemRows.flatMap((row) => row.images));
  return {
    events: eventRows.map(({ id: _id, createdAt: _created, updatedAt: _updated, backOfficeFields: _marks, startsAt, translations, ...row }) => ({ ...row, startsAt: iso(startsAt), translations: sortedKeys(translations) })),
    taxRates: taxRows.map(({ id: _id, createdAt: _created, updatedAt: _updated, backOfficeFields: _marks, ...row }) => row),
    items: itemRows.map(({ id: _id, createdAt: _created, updatedAt: _updated, backOfficeFields: _marks, origin: _origin, held: _held, sold: _sold, eventId, taxRateId, translations, paymentPlan, variantOf, variantLabels, ...row }) => ({
      ...row,
      // A variant's group by its code (decision 0104).
      variantOf: variantOf === null ? null : itemCode.get(variantOf),
      variantLabels: sortedKeys(variantLabels),
      event: eventId === null ? null : eventCode.get(eventId),
      tax: taxRateId === null ? null : taxCode.get(taxRateId),
      translations: sortedKeys(translations),
      paymentPlan: sortedKeys(paymentPlan),
      saleStartsAt: iso(row.saleStartsAt),
      saleEndsAt: iso(row.saleEndsAt),
      allowRefundRequestsFrom: iso(row.allowRefundRequestsFrom),
      allowRefundRequestsUntil: iso(row.allowRefundRequestsUntil),
      allowNameChangesUntil: iso(row.allowNameChangesUntil),
      travelTime: iso(row.travelTime),
      allowTravelTimeChangesUntil: iso(row.allowTravelTimeChangesUntil),
    })),
    departures: timeRows
      .map((row) => ({ item: itemCode.get(row.shopItemId), departsAt: iso(row.departsAt), seats: row.seats }))
      .sort((a, b) => `${a.item} ${a.departsAt}`.localeCompare(`${b.item} ${b.departsAt}`)),
    vouchers: voucherRows.map(({ id: _id, createdAt: _created, updatedAt: _updated, used: _used, validFrom, validUntil, ...row }) => ({ ...row, validFrom: iso(validFrom), validUntil: iso(validUntil) })),
    shippingRates: rateRows.map(({ id: _id, createdAt: _created, updatedAt: _updated, backOfficeFields: _marks, ...row }) => row),
    checkinLists: listRows.map(({ id, createdAt: _created, updatedAt: _updated, backOfficeFields: _marks, eventId, opensAt, closesAt, ...row }) => ({
      ...row,
      event: eventCode.get(eventId),
      opensAt: iso(opensAt),
      closesAt: iso(closesAt),
      products: listProductRows
        .filter((entry) => entry.listId === id)
        .map((entry) => ({ product: itemCode.get(entry.shopItemId), days: entry.days }))
        .sort((a, b) => String(a.product).localeCompare(String(b.product))),
    })),
    onsales: onsaleRows.map((row) => ({
      code: row.code,
      event: eventCode.get(row.eventId),
      opensAt: iso(row.opensAt),
      roomOpensAt: iso(row.roomOpensAt),
      closesAt: iso(row.closesAt),
      admissionMode: row.admissionMode,
      admissionLimit: row.admissionLimit,
      admissionRateLimit: row.admissionRateLimit,
      steerMin: row.steerMin,
      steerTargetMs: row.steerTargetMs,
      sessionMinutes: row.sessionMinutes,
      proofOfWorkBits: row.proofOfWorkBits,
      products: onsaleProductRows
        .filter((entry) => entry.onsaleId === row.id)
        .map((entry) => itemCode.get(entry.shopItemId))
        .sort(),
    })),
    // Product questions (decision 0106) by their product's code, in the order asked.
    questions: questionRows
      .map(({ id: _id, createdAt: _created, updatedAt: _updated, shopItemId, options, limits, translations, ...row }) => ({ ...row, item: itemCode.get(shopItemId), options: sortedKeys(options), limits: sortedKeys(limits), translations: sortedKeys(translations) }))
      .sort((a, b) => String(a.item).localeCompare(String(b.item)) || a.sortOrder - b.sortOrder),
    // Every image an item shows, stored with the sizes the pages ask for.
    images: [...imageUrls].sort().map((url) => {
      const hash = /^\/media\/([0-9a-f]+)\./.exec(url)?.[1] ?? url;
      return { url, original: mediaByHash.get(hash) ?? null, variants: mediaRows.filter((row) => row.hash.startsWith(`${hash}-`)).length };
    }),
  };
}

/** An object with its keys in order at every depth (jsonb keeps keys in an order of its own). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, inner]) => [key, sortedKeys(inner)]));
}
