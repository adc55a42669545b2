import { createHash } from 'node:crypto';
import {
  CATALOGUE_DIFF_LISTED,
  CATALOGUE_EDITABLE_FIELDS,
  CATALOGUE_EVENT_EDITABLE_FIELDS,
  priceTierMessages,
  eventDatesProblem,
  eventsProblems,
  staffCatalogueMessages as texts,
  storedPriceTiers,
  windowProblem,
  type CatalogueEditableField,
  type CatalogueEventEditableField,
  type CatalogueEventView,
  type CatalogueEventChanges,
  type CatalogueItemChanges,
  type CatalogueItemView,
  type CatalogueProblem,
  type CatalogueOverviewAnswer,
  type CatalogueUploadAnswer,
  type CatalogueDiff,
  type CatalogueDownloadAnswer,
  type CatalogueImageUploadAnswer,
  type ShopConfigFile,
  type StaffApiInput, type Shown,
  itemReferenceProblems,
  itemsProblems,
  productFieldMessages,
  translationLanguageProblems,
  staffVariantMessages,
  requiresProblems,
  itemTaxProblem,
  checkinListProblems,
  paymentPlanProblem,
  isVariantShared,
  variantName,
  variantNameTranslations } from '@festival/contract';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import type { events, shopItems } from '../../db/schema';
import { AppError, refusedFields } from '../../http/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { Worded } from '../../http/api-route';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { EventRow, ShopItemRow, TravelTimeRow } from '../catalog/catalog.queries';
import { sellsNow } from '../catalog/catalog.service';
import { readUploadedImage, uploadedImagePath } from '../catalog/image-upload';
import { makeImageVariants } from '../catalog/image-variants';
import { PROBLEMS_LISTED, type CatalogueChecker } from '../catalog/catalogue-checker';
import { catalogueYaml, exportLiveCatalogue, fileInstant } from '../catalog/catalogue-export';
import { CatalogueError, eventFieldValueText, FIELD_COLUMNS, fieldValueText, importCatalogueWith, itemCommonColumns, keptTranslations, planProblem, problemField, productColumns } from '../catalog/catalogue-import';
import * as catalogQueries from '../catalog/catalog.queries';
import { listColumns, shapeOfRow } from '../checkin/checkin-list-definition';
import * as checkinListQueries from '../checkin/checkin-lists.queries';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import * as queries from './catalogue.queries';
import { lockOnsaleRooms } from './onsales.queries';
import { handBackQuestions } from '../catalog/questions.queries';

export interface CatalogueDeps {
  db: Db;
  config: Pick<ShopConfigFile, 'currency' | 'timezone' | 'languages'>;
  /** The shop's shared snapshot: made out of date by every change here, so this instance shows it at once. */
  catalog: CatalogReader;
  now: () => Date;
  /** Reads and validates uploaded files off the event loop (decision 0053). */
  checker: CatalogueChecker;
  /** Check-in lists changed (a product's days): the gates' instance forgets what it kept of them. */
  listsChanged?: (codes: readonly string[]) => void;
}

/** A product's own festival days: those every list naming it gives it, when they all give the same (decision 0064, as the export reads them). */
export function agreedDays(all: readonly (readonly string[] | null)[]): string[] | null {
  const sorted = all.map((days) => (days ? [...days].sort() : null));
  const first = sorted[0];
  return first && sorted.every((days) => days !== null && days.join() === first.join()) ? first : null;
}
const sameDays = (a: readonly string[] | null, b: readonly string[] | null) => (a === null || b === null ? a === b : [...a].sort().join() === [...b].sort().join());
/** The marks a change of a list leaves (decision 0097). */
const listMarksAfter = (earlier: readonly string[], fields: readonly string[]) => [...new Set([...earlier, ...fields])].sort();

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const isEditable = (field: string): field is CatalogueEditableField => (CATALOGUE_EDITABLE_FIELDS as readonly string[]).includes(field);
const isEventEditable = (field: string): field is CatalogueEventEditableField => (CATALOGUE_EVENT_EDITABLE_FIELDS as readonly string[]).includes(field);
/** The audit keeps at most this many of an import's kept changes (the count is always there). */
const AUDITED_KEPT_MAX = 100;

export function catalogueItemView(
  row: ShopItemRow,
  times: TravelTimeRow[],
  eventCode: string | null,
  taxCode: string | null,
  now: number,
  lists: readonly { code: string; days: string[] | null }[] = [],
): CatalogueItemView {
  return {
    code: row.externalCode,
    name: row.name,
    description: row.description,
    translations: row.translations ?? {},
    kind: row.shopItemType === 'tickets' ? 'product' : 'merchandise',
    type: row.type,
    event: eventCode,
    price: row.price,
    tiers: row.priceTiers ?? null,
    fee: row.fee,
    tax: taxCode,
    stock: row.stock,
    sold: row.sold,
    held: row.held,
    available: row.stock === null ? null : Math.max(0, row.stock - row.held - row.sold),
    on_sale: row.onSale,
    on_sale_from: iso(row.saleStartsAt),
    on_sale_until: iso(row.saleEndsAt),
    // An archived item sells nowhere, whatever its sale says (decision 0103).
    selling_now: !row.archived && sellsNow(row, now),
    limit_per_order: row.limitPerOrder,
    refund: { refundable: row.isRefundable, fee: row.refundFee, from: iso(row.allowRefundRequestsFrom), until: iso(row.allowRefundRequestsUntil) },
    name_changes: { allowed: row.allowNameChanges, until: iso(row.allowNameChangesUntil), limit: row.nameChangeLimit },
    email_changes: row.allowEmailChanges,
    payment_plan: row.paymentPlan ?? null,
    travel_time_type: row.travelTimeType ?? null,
    travel_time: iso(row.travelTime),
    departures: times.map((time) => ({
      id: time.id,
      departs_at: time.departsAt.toISOString(),
      seats: time.seats,
      sold: time.sold,
      held: time.held,
      active: time.active,
      changed_here: time.seatsSetHere,
      active_changed_here: time.activeSetHere,
    })),
    archived: row.archived,
    images: row.images,
    changed_here: row.backOfficeFields.filter(isEditable),
    variant_of: null,
    variant_label: row.variantLabel,
    requires: row.requires ?? null,
    featured: row.isFeatured,
    travel_changes_until: iso(row.allowTravelTimeChangesUntil),
    days: agreedDays(lists.map((list) => list.days)),
    checkin_lists: lists.map((list) => list.code),
    origin: row.origin,
  };
}

export function catalogueEventView(row: EventRow): CatalogueEventView {
  return {
    code: row.externalCode,
    name: row.name,
    translations: row.translations ?? {},
    timezone: row.timezone,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    venue: row.venue,
    age_range_active: row.ageRangeActive,
    credit_card_active: row.creditCardActive,
    bank_transfer_active: row.bankTransferActive,
    bank_transfer_countries: row.bankTransferCountries,
    archived: row.archived,
    changed_here: row.backOfficeFields.filter(isEventEditable),
  };
}

type ItemValues = Partial<typeof shopItems.$inferInsert>;
/** A merchandise item that is not itself a variant: one that may have variants. */
const isGroup = (item: Pick<ShopItemRow, 'shopItemType' | 'variantOf'>) => item.shopItemType === 'merchandise' && item.variantOf === null;
type EventValues = Partial<typeof events.$inferInsert>;
const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** The columns a change sets, in the row's terms. */
function columnsOf(changes: CatalogueItemChanges): ItemValues {
  const values: ItemValues = {};
  if (changes.price !== undefined) values.price = changes.price;
  if (changes.tiers !== undefined) values.priceTiers = storedPriceTiers(changes.tiers);
  if (changes.fee !== undefined) values.fee = changes.fee;
  if (changes.stock !== undefined) values.stock = changes.stock;
  if (changes.on_sale !== undefined) values.onSale = changes.on_sale;
  if (changes.on_sale_from !== undefined) values.saleStartsAt = toDate(changes.on_sale_from);
  if (changes.on_sale_until !== undefined) values.saleEndsAt = toDate(changes.on_sale_until);
  if (changes.limit_per_order !== undefined) values.limitPerOrder = changes.limit_per_order;
  if (changes.refund) {
    values.isRefundable = changes.refund.refundable;
    values.refundFee = changes.refund.fee;
    values.allowRefundRequestsFrom = toDate(changes.refund.from);
    values.allowRefundRequestsUntil = toDate(changes.refund.until);
  }
  if (changes.name_changes) {
    values.allowNameChanges = changes.name_changes.allowed;
    values.allowNameChangesUntil = toDate(changes.name_changes.until);
    values.nameChangeLimit = changes.name_changes.limit;
  }
  if (changes.email_changes !== undefined) values.allowEmailChanges = changes.email_changes;
  if (changes.name !== undefined) values.name = changes.name;
  // Rich text, sanitised as an import does (every language's as the default's).
  if (changes.description !== undefined) values.description = sanitizeRichText(changes.description);
  if (changes.translations !== undefined) {
    values.translations = translationsToKeep(changes.translations, (texts) => (texts.description === undefined ? texts : { ...texts, description: sanitizeRichText(texts.description) }));
  }
  if (changes.images !== undefined) values.images = changes.images;
  // None is null, as an import keeps it.
  if (changes.requires !== undefined) values.requires = changes.requires?.length ? changes.requires : null;
  if (changes.featured !== undefined) values.isFeatured = changes.featured;
  if (changes.payment_plan !== undefined) values.paymentPlan = changes.payment_plan;
  if (changes.transport) {
    values.travelTime = toDate(changes.transport.travel_time);
    values.allowTravelTimeChangesUntil = toDate(changes.transport.changes_until);
  }
  return values;
}

/** The columns an event's change sets (decision 0094). */
function eventColumnsOf(changes: CatalogueEventChanges): EventValues {
  const values: EventValues = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.translations !== undefined) values.translations = translationsToKeep(changes.translations);
  // Its settings (decision 0105): instants stay instants whatever the time zone says.
  if (changes.timezone !== undefined) values.timezone = changes.timezone;
  if (changes.starts_at !== undefined) values.startsAt = toDate(changes.starts_at);
  if (changes.ends_at !== undefined) values.endsAt = toDate(changes.ends_at);
  if (changes.venue !== undefined) values.venue = changes.venue;
  if (changes.age_range_active !== undefined) values.ageRangeActive = changes.age_range_active;
  if (changes.credit_card_active !== undefined) values.creditCardActive = changes.credit_card_active;
  if (changes.bank_transfer_active !== undefined) values.bankTransferActive = changes.bank_transfer_active;
  if (changes.bank_transfer_countries !== undefined) values.bankTransferCountries = changes.bank_transfer_countries;
  return values;
}

/**
 * An entry's translations as sent, as the shop keeps them: names trimmed, empty texts and
 * languages without a text left out, null when none is left (`clean` sanitises the rich texts).
 */
function translationsToKeep<T extends { name?: string | undefined; description?: string | undefined }>(translations: Record<string, T>, clean?: (texts: T) => T): Record<string, T> | null {
  const filled = Object.fromEntries(
    Object.entries(translations).map(([code, given]) => {
      const texts = Object.fromEntries(Object.entries(given).filter(([, text]) => text !== undefined && text.trim() !== '')) as T;
      return [code, texts.name === undefined ? texts : { ...texts, name: texts.name.trim() }];
    }),
  );
  return keptTranslations(filled, clean);
}

const invalid = (field: string, message: Shown) => new AppError('INVALID_INPUT', message, { [field]: [message] });

/** Refuses, by field, translations into a language the shop does not offer or into its default language (whose texts are the entry's own). */
function refuseOtherLanguages(translations: Readonly<Record<string, unknown>> | undefined, languages: CatalogueDeps['config']['languages'], at = 'changes'): void {
  const problem = translationLanguageProblems(translations, languages)[0];
  if (problem) throw invalid(`${at}.translations.${problem.code}`, texts.notALanguage);
}

/**
 * The back office's catalogue (issue 22 point 6, decision 0047). A change runs under the item's
 * row lock (the lock the cart's conditional stock updates wait on), checks what the file's rules
 * check plus what only the shop knows (stock already sold or held), marks the changed fields as the
 * back office's, and writes its audit entry in the same transaction.
 */
export function createCatalogueAdmin(deps: CatalogueDeps) {
  const { db } = deps;

  /**
   * An item as the back office shows it, read after its change committed: the row lock on an item
   * buyers are taking is held for the change's few statements only (decision 0102), and the reads
   * go side by side on the staff's lane.
   */
  async function viewOfRow(on: Db, row: ShopItemRow): Promise<CatalogueItemView> {
    const [times, eventCode, taxCodes, lists] = await readTogether(
      on,
      [() => queries.travelTimesOf(on, row.id), () => queries.findEventCode(on, row.eventId), () => queries.listTaxCodes(on), () => queries.listAllListProducts(on, row.id)] as const,
    );
    return catalogueItemView(row, times, eventCode, row.taxRateId === null ? null : (taxCodes.get(row.taxRateId) ?? null), deps.now().getTime(), lists);
  }

  async function lockedItem(tx: Db, code: string): Promise<ShopItemRow> {
    const row = await queries.lockItem(tx, code);
    if (!row) throw new AppError('NOT_FOUND', texts.noItem(code));
    return row;
  }

  return {
    async overview(): Promise<CatalogueOverviewAnswer> {
      const [eventRows, items, times, taxCodes, listProducts] = await readTogether(
        db,
        [() => queries.listAllEvents(db), () => queries.listAllItems(db), () => queries.listAllTravelTimes(db), () => queries.listTaxCodes(db), () => queries.listAllListProducts(db)] as const,
      );
      const listsOf = new Map<number, { code: string; days: string[] | null }[]>();
      for (const entry of listProducts) listsOf.set(entry.shopItemId, [...(listsOf.get(entry.shopItemId) ?? []), entry]);
      const eventCodes = new Map(eventRows.map((event) => [event.id, event.externalCode]));
      const itemCodes = new Map(items.map((row) => [row.id, row.externalCode]));
      const timesOf = new Map<number, TravelTimeRow[]>();
      for (const time of times) {
        const list = timesOf.get(time.shopItemId);
        if (list) list.push(time);
        else timesOf.set(time.shopItemId, [time]);
      }
      const now = deps.now().getTime();
      return {
        currency: deps.config.currency,
        timezone: deps.config.timezone,
        events: eventRows.map(catalogueEventView),
        items: items.map((row) => ({
          ...catalogueItemView(
            row,
            timesOf.get(row.id) ?? [],
            row.eventId === null ? null : (eventCodes.get(row.eventId) ?? null),
            row.taxRateId === null ? null : (taxCodes.get(row.taxRateId) ?? null),
            now,
            listsOf.get(row.id),
          ),
          // A variant names its group (decision 0104): the page shows it under the group.
          variant_of: row.variantOf === null ? null : (itemCodes.get(row.variantOf) ?? null),
        })),
      };
    },

    async changeItem(actor: Actor, input: StaffApiInput<'catalogue-change-item'>) {
      const { row, lists } = await db.transaction(async (tx) => {
        // What names what (lists, on-sales, required products) is checked against one state: one such change at a time (decision 0116).
        const { event: moving, requires, days: dayChange } = input.changes;
        if (moving !== undefined || requires !== undefined || dayChange !== undefined) await queries.lockCatalogueStructure(tx);
        if (moving !== undefined) await lockOnsaleRooms(tx);
        const current = await lockedItem(tx, input.code);
        refuseOtherLanguages(input.changes.translations, deps.config.languages);
        const values = columnsOf(input.changes);
        // A tax rate by its code: one that exists and is not archived (the importer's rule for an item).
        const taxes = input.changes.tax === undefined ? [] : await queries.listTaxRateStates(tx);
        if (input.changes.tax !== undefined) {
          const wanted = input.changes.tax;
          const rate = taxes.find((found) => found.code === wanted);
          if (!rate) throw invalid('changes.tax', productFieldMessages.noTax(wanted));
          if (rate.id !== current.taxRateId) {
            // Held until the end, so a concurrent archiving of the rate waits or is waited for (decision 0111).
            const held = await queries.shareTaxRate(tx, rate.id);
            const archived = itemTaxProblem(wanted, new Set(held?.archived ? [wanted] : []));
            if (archived) throw invalid('changes.tax', archived);
          }
          values.taxRateId = rate.id;
        }
        // A product's event by its code: one that exists and is not archived (the importer's rule for a product).
        const eventCodes = new Map<number | null, string>();
        if (input.changes.event !== undefined) {
          const wanted = input.changes.event;
          if (current.shopItemType !== 'tickets') throw invalid('changes.event', texts.eventMerchandise);
          const event = await queries.findEvent(tx, wanted);
          const found = itemReferenceProblems(
            { kind: 'product', event: wanted, tax: '', price: 0, fee: 0 },
            { eventExists: () => event !== undefined, eventArchived: () => event !== undefined && event.archived && event.id !== current.eventId, taxExists: null, archivedTax: new Set() },
          ).find((problem) => problem.path[0] === 'event');
          if (found || !event) throw invalid('changes.event', found?.text ?? productFieldMessages.noEvent(wanted));
          values.eventId = event.id;
          eventCodes.set(event.id, event.externalCode);
          eventCodes.set(current.eventId, (await queries.findEventCode(tx, current.eventId)) ?? 'none');
        }
        const merged = { ...current, ...values } as ShopItemRow;
        // The days are the lists' (decision 0064): compared there, not on the item's row.
        const changed = (Object.keys(input.changes) as (CatalogueEditableField | 'days')[])
          .filter((field): field is CatalogueEditableField => field !== 'days')
          .filter((field) => fieldValueText(field, current) !== fieldValueText(field, merged));
        // A product's own days live on the check-in lists that name it by its code alone: those that
        // give it the days its lists agree on (or none, when they do not agree). Lists that give it
        // days of their own keep them. Locked as the list editor locks a list, in id order.
        let days: { lists: { id: number; code: string }[]; before: string[] | null; after: string[] | null } | null = null;
        if (input.changes.days !== undefined) {
          if (current.shopItemType !== 'tickets') throw invalid('changes.days', texts.daysProductsOnly);
          const named = await queries.lockListsNaming(tx, current.id);
          const own = agreedDays(named.map((list) => list.days));
          const following = named.filter((list) => sameDays(list.days, own));
          if (!following.length) throw invalid('changes.days', texts.daysNoList);
          const wanted = input.changes.days === null ? null : [...input.changes.days].sort();
          if (!sameDays(own, wanted)) days = { lists: following, before: own, after: wanted };
        }
        if (!changed.length && !days) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        // A variant takes its shared fields from its group (decision 0104): they are changed there.
        const fromGroup = current.variantOf === null ? undefined : changed.find(isVariantShared);
        if (fromGroup) throw invalid(`changes.${fromGroup}`, texts.variantShared);
        const sale = windowProblem(iso(merged.saleStartsAt), iso(merged.saleEndsAt), 'on_sale_from');
        if (sale) throw invalid(input.changes.on_sale_until !== undefined ? 'changes.on_sale_until' : 'changes.on_sale_from', sale);
        const refund = windowProblem(iso(merged.allowRefundRequestsFrom), iso(merged.allowRefundRequestsUntil), 'refund.from');
        if (refund) throw invalid('changes.refund.until', refund);
        // A payment plan's amounts add up to the one price (decision 0099): the importer's rule.
        if (changed.includes('tiers') && merged.priceTiers && merged.paymentPlan?.length) throw invalid('changes.tiers', priceTierMessages.noPlan);
        if (changed.includes('payment_plan')) {
          if (current.shopItemType !== 'tickets') throw invalid('changes.payment_plan', texts.planProductsOnly);
          if (merged.paymentPlan?.length && merged.priceTiers?.length) throw invalid('changes.payment_plan', priceTierMessages.noPlan);
          // An order takes the plan of its cart's one plan product: a plan given now must not make a second one in a cart.
          if (merged.paymentPlan?.length && !current.paymentPlan?.length && current.held > 0) throw invalid('changes.payment_plan', texts.planHeld(current.held));
          const plan = paymentPlanProblem(merged.paymentPlan, merged.price + merged.fee);
          if (plan) throw invalid('changes.payment_plan', plan);
        }
        // A product moves to another event only before any unit of it is sold or held: its tickets,
        // passes and invoices name the event. Under the item's row lock, which every add and sale of
        // it takes as well, so no unit is taken between this check and the move.
        if (changed.includes('event')) {
          if (current.held + current.sold > 0 || (await queries.hasTickets(tx, current.id))) throw invalid('changes.event', texts.eventSold);
          const listed = await queries.listAllListProducts(tx, current.id);
          if (listed.length) throw invalid('changes.event', texts.eventListed(listed.map((list) => list.code).join(', ')));
          const onsaleCodes = await queries.listOnsalesNaming(tx, current.id);
          if (onsaleCodes.length) throw invalid('changes.event', texts.eventOnsale(onsaleCodes.join(', ')));
          const requiring = current.eventId === null ? [] : await queries.listProductsRequiring(tx, current.eventId, current.externalCode);
          if (requiring.length) throw invalid('changes.event', texts.eventRequired(requiring.join(', ')));
        }
        // A transport's fixed departure: the importer's rule (fixed transport has one), and buyers of a seat travel at the time their tickets say.
        if (changed.includes('transport')) {
          if (current.travelTimeType === null) throw invalid('changes.transport', texts.transportOnly);
          const moved = iso(current.travelTime) !== iso(merged.travelTime);
          if (current.travelTimeType === 'selectable' && moved) throw invalid('changes.transport.travel_time', texts.travelTimeSelectable);
          if (current.travelTimeType === 'fixed') {
            if (!merged.travelTime) throw invalid('changes.transport.travel_time', productFieldMessages.travelTimeRequired);
            const taken = current.held + current.sold;
            if (moved && taken > 0) throw invalid('changes.transport.travel_time', texts.travelTimeTaken(taken));
          }
        }
        // A day ticket's days lie on days its lists are open (decision 0064): the importer's rule, list by list.
        if (days) {
          const rows = await checkinListQueries.listCheckinLists(tx, { ids: days.lists.map((list) => list.id) });
          for (const list of rows) {
            const shape = shapeOfRow(list);
            const found = checkinListProblems(
              { event: shape.event, products: [current.externalCode], opens_at: shape.opens_at, closes_at: shape.closes_at, day_cutover: listColumns(shape, 0).dayCutoverMinutes },
              { events: new Map([[shape.event, list.eventTimezone]]), items: new Map([[current.externalCode, { kind: 'product', event: shape.event, days: days.after }]]) },
            );
            if (found[0]) throw invalid('changes.days', found[0].text);
          }
          for (const list of rows) {
            await queries.setListProductDays(tx, list.id, current.id, days.after);
            // Marked as the back office's: an import keeps the list's products until the file wins (decision 0097).
            await checkinListQueries.updateCheckinList(tx, list.id, { backOfficeFields: listMarksAfter(list.backOfficeFields, ['products']) });
          }
        }
        // An item shows only images the shop stores (an upload's answer, or an import's).
        if (changed.includes('images')) {
          const hashes = merged.images.map((url) => /^\/media\/([0-9a-f]+)\./.exec(url)?.[1] ?? '');
          const stored = await queries.findStoredHashes(tx, hashes);
          if (hashes.some((hash) => !stored.has(hash))) throw invalid('changes.images', texts.unknownImage);
        }
        // Invoices issued at payment and credit notes of refunds read the item's rate: it stays once a unit is sold.
        if (changed.includes('tax') && current.sold > 0) throw invalid('changes.tax', texts.taxSold);
        // An add-on's required products are products of its event, never itself (decision 0104): the importer's rule (also when it moves to another event).
        if (changed.includes('requires') || (changed.includes('event') && merged.requires?.length)) {
          if (current.shopItemType !== 'tickets') throw invalid('changes.requires', texts.requiresProductsOnly);
          const wanted = merged.requires ?? [];
          const rows = await queries.findItemsByCodes(tx, wanted);
          const products = new Map(rows.filter((found) => found.shopItemType === 'tickets').map((found) => [found.externalCode, { event: found.eventId }] as const));
          const problems = requiresProblems(wanted, { code: current.externalCode, event: current.eventId }, products);
          if (problems.length) throw refusedFields('changes', problems.map((problem) => ({ path: ['requires', problem.index], text: problem.text })));
        }
        const taken = current.held + current.sold;
        if (merged.stock !== null && merged.stock < taken) throw invalid('changes.stock', texts.stockBelowTaken(taken));
        // A group with variants sells only through them: its stock is theirs (the file's rule, decision 0104).
        if (changed.includes('stock') && merged.stock !== null && isGroup(current) && (await queries.hasVariants(tx, current.id))) throw invalid('changes.stock', staffVariantMessages.groupStock);
        if (changed.includes('price') || changed.includes('fee')) {
          const plan = planProblem(merged.paymentPlan, merged.price + merged.fee, 'price plus fee would be');
          if (plan) {
            const sum = (merged.paymentPlan ?? []).reduce((total, entry) => total + entry.amount, 0);
            throw invalid(changed.includes('price') ? 'changes.price' : 'changes.fee', texts.planMismatch(sum, merged.price + merged.fee));
          }
        }
        const marks = [...new Set([...current.backOfficeFields, ...changed])];
        const updated = changed.length ? await queries.updateItem(tx, current.id, { ...values, backOfficeFields: marks }) : current;
        // A group's shared fields go to its variants in the same transaction (decision 0104), each under its row lock;
        // a variant's name is the group's with its label. They get no marks: an import gives them the group's values as kept.
        const shared = isGroup(current) ? changed.filter(isVariantShared) : [];
        const variants = shared.length ? await queries.lockVariants(tx, current.id) : [];
        for (const variant of variants) {
          const copied: Record<string, unknown> = {};
          for (const field of shared) for (const column of FIELD_COLUMNS[field]) copied[column] = updated[column];
          if (shared.includes('name') || shared.includes('translations')) {
            const label = variant.variantLabel ?? variant.externalCode;
            copied.name = variantName(updated.name, label);
            copied.translations = variantNameTranslations({ name: updated.name, translations: updated.translations }, { label, labels: variant.variantLabels });
          }
          await queries.updateItem(tx, variant.id, copied as ItemValues);
        }
        // The audit names a tax rate by its code, as the file does.
        const taxCode = (id: number | null) => taxes.find((rate) => rate.id === id)?.code ?? 'none';
        // ... and an event by its code.
        const auditText = (field: CatalogueEditableField, row: ShopItemRow) => (field === 'tax' ? taxCode(row.taxRateId) : field === 'event' ? (eventCodes.get(row.eventId) ?? 'none') : fieldValueText(field, row));
        const daysText = (value: string[] | null) => (value ? JSON.stringify(value) : 'every');
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.change',
          target: `item:${current.externalCode}`,
          before: { ...Object.fromEntries(changed.map((field) => [field, auditText(field, current)])), ...(days ? { days: daysText(days.before) } : {}) },
          after: {
            ...Object.fromEntries(changed.map((field) => [field, auditText(field, updated)])),
            ...(days ? { days: daysText(days.after), checkin_lists: days.lists.map((list) => list.code) } : {}),
            ...(variants.length ? { variants: variants.map((variant) => variant.externalCode) } : {}),
          },
        });
        return { row: updated, lists: days?.lists.map((list) => list.code) ?? [] };
      });
      deps.catalog.invalidate();
      // The gates read the lists afresh: this instance's scans forget what they kept of them.
      if (lists.length) deps.listsChanged?.(lists);
      const item = await viewOfRow(db, row);
      return { item, message: texts.saved };
    },

    /**
     * A size or colour of a merchandise item (decision 0104): a shop item of its own with the
     * group's fields (as the shop has them now), its own code, label and stock, named with its
     * label. Under the group's row lock, so two admins' additions follow one another; audited; in
     * the shop at once. Made here, it has no marks: the file does not name it (its export does).
     */
    async addVariant(actor: Actor, input: StaffApiInput<'catalogue-add-variant'>) {
      const row = await db.transaction(async (tx) => {
        const group = await lockedItem(tx, input.code);
        if (group.shopItemType !== 'merchandise' || group.variantOf !== null) throw invalid('code', staffVariantMessages.notMerchandise);
        const { variant } = input;
        // Its labels in the shop's other languages, as the file gives them (decision 0104).
        refuseOtherLanguages(variant.translations, deps.config.languages, 'variant');
        const labelTexts = keptTranslations(variant.translations) as Record<string, { label: string }> | null;
        const labels = labelTexts ? Object.fromEntries(Object.entries(labelTexts).map(([language, text]) => [language, text.label])) : null;
        if (await queries.findItemByCode(tx, variant.code)) throw invalid('variant.code', staffVariantMessages.codeTaken(variant.code));
        const { id: _id, createdAt: _created, updatedAt: _updated, held: _held, sold: _sold, backOfficeFields: _marks, ...shared } = group;
        // A group's own stock gives way to its variants' (the file's rule: stock is given per variant),
        // marked as the back office's so that an import keeps it until the file wins.
        if (group.stock !== null) await queries.updateItem(tx, group.id, { stock: null, backOfficeFields: [...new Set([...group.backOfficeFields, 'stock'])] });
        const added = await queries.insertItem(tx, {
          ...shared,
          externalCode: variant.code,
          name: variantName(group.name, variant.label),
          translations: variantNameTranslations({ name: group.name, translations: group.translations }, { label: variant.label, labels }),
          stock: variant.stock ?? null,
          onSale: variant.on_sale,
          variantOf: group.id,
          variantLabel: variant.label,
          variantLabels: labels,
          // Made here, whatever its group's origin: no file names it until one lists its code.
          origin: 'browser',
        });
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.add-variant',
          target: `item:${group.externalCode}`,
          before: group.stock !== null ? { group_stock: group.stock } : null,
          after: { code: variant.code, label: variant.label, stock: variant.stock ?? null, on_sale: variant.on_sale, ...(labels ? { labels } : {}), ...(group.stock !== null ? { group_stock: null } : {}) },
        });
        return { added, groupStock: group.stock };
      });
      deps.catalog.invalidate();
      return { item: { ...(await viewOfRow(db, row.added)), variant_of: input.code }, message: row.groupStock === null ? staffVariantMessages.added : staffVariantMessages.addedStockMoved(row.groupStock) };
    },

    /**
     * An event's name in the default language and in the shop's other languages (decision 0094):
     * under the event's row lock, so two admins' changes follow one another and each is audited
     * against what the other left; the changed fields become the back office's (an import keeps them).
     */
    async changeEvent(actor: Actor, input: StaffApiInput<'catalogue-change-event'>) {
      const event = await db.transaction(async (tx) => {
        const current = await queries.lockEvent(tx, input.code);
        if (!current) throw new AppError('NOT_FOUND', texts.noEvent(input.code));
        refuseOtherLanguages(input.changes.translations, deps.config.languages);
        const values = eventColumnsOf(input.changes);
        const merged = { ...current, ...values } as EventRow;
        // The end after the start, as the event would be (one of them may be unchanged): the file's rule.
        const dates = eventDatesProblem({ starts_at: iso(merged.startsAt), ends_at: iso(merged.endsAt) });
        if (dates) throw invalid('changes.ends_at', dates);
        const changed = (Object.keys(input.changes) as CatalogueEventEditableField[]).filter((field) => eventFieldValueText(field, current) !== eventFieldValueText(field, merged));
        if (!changed.length) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        const marks = [...new Set([...current.backOfficeFields, ...changed])];
        const updated = await queries.updateEvent(tx, current.id, { ...values, backOfficeFields: marks });
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.change-event',
          target: `event:${current.externalCode}`,
          before: Object.fromEntries(changed.map((field) => [field, eventFieldValueText(field, current)])),
          after: Object.fromEntries(changed.map((field) => [field, eventFieldValueText(field, updated)])),
        });
        return catalogueEventView(updated);
      });
      deps.catalog.invalidate();
      return { event, message: texts.saved };
    },

    /**
     * A new event, as the file writes one (issue 37 point 1), checked with the file's schema and
     * the importer's rule across events (a code names one event). Duplicating an event is this,
     * with the form filled from another event (`from`, kept in the audit entry); its products are
     * not copied. An event made here has no marks: the file does not name it.
     */
    async createEvent(actor: Actor, input: StaffApiInput<'catalogue-create-event'>) {
      const wanted = input.event;
      refuseOtherLanguages(wanted.translations, deps.config.languages);
      try {
        const event = await db.transaction(async (tx) => {
          if (input.from && !(await queries.findEvent(tx, input.from))) throw new AppError('NOT_FOUND', texts.noEvent(input.from));
          const codes = await queries.listEventCodes(tx);
          const problems = eventsProblems([...codes.map((code) => ({ code })), { code: wanted.code }]).filter((problem) => problem.index === codes.length);
          if (problems.length) throw invalid('event.code', problems[0]!.text);
          const row = await queries.insertEvent(tx, {
            externalCode: wanted.code,
            name: wanted.name,
            timezone: wanted.timezone,
            startsAt: toDate(wanted.starts_at ?? null),
            endsAt: toDate(wanted.ends_at ?? null),
            venue: wanted.venue ?? null,
            ageRangeActive: wanted.age_range_active,
            creditCardActive: wanted.credit_card_active,
            bankTransferActive: wanted.bank_transfer_active,
            bankTransferCountries: wanted.bank_transfer_countries,
            translations: keptTranslations(wanted.translations),
            archived: wanted.archived,
          });
          await insertAudit(tx, { ...auditActor(actor), action: 'catalogue.create-event', target: `event:${row.externalCode}`, before: null, after: { ...wanted, duplicated_from: input.from ?? null } });
          return catalogueEventView(row);
        });
        deps.catalog.invalidate();
        return { event, message: texts.eventCreated };
      } catch (error) {
        // Another admin (or an import) created the code at the same moment.
        if (isUniqueViolation(error)) {
          throw invalid('event.code', eventsProblems([{ code: wanted.code }, { code: wanted.code }])[0]!.text);
        }
        throw error;
      }
    },

    /**
     * Archives an event (the shop shows none of its products; nothing is deleted: its orders,
     * tickets and check-ins stay) or restores it, under its row lock, audited, marked for imports.
     */
    async archiveEvent(actor: Actor, input: StaffApiInput<'catalogue-archive-event'>) {
      const event = await db.transaction(async (tx) => {
        const current = await queries.lockEvent(tx, input.code);
        if (!current) throw new AppError('NOT_FOUND', texts.noEvent(input.code));
        if (current.archived === input.archived) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        const marks = [...new Set([...current.backOfficeFields, 'archived'])];
        const updated = await queries.updateEvent(tx, current.id, { archived: input.archived, backOfficeFields: marks });
        await insertAudit(tx, { ...auditActor(actor), action: 'catalogue.archive-event', target: `event:${current.externalCode}`, before: { archived: current.archived }, after: { archived: input.archived } });
        return catalogueEventView(updated);
      });
      deps.catalog.invalidate();
      return { event, message: input.archived ? texts.eventArchived : texts.eventRestored };
    },

    /**
     * A new product or merchandise item, as the file writes the entry (decision 0103): the file's
     * schema, and the importer's rules against the shop's live state (a code names one item of
     * either kind; the event exists and is not archived; the tax rate exists and is not archived;
     * a payment plan adds up), refused by field with nothing written. Written by the importer's
     * own queries, so the rows are those an import of the entry makes. Duplicating an item is this
     * with the form filled from another (`from`, kept in the audit entry). It has no marks: the file
     * does not name it, and an import never touches what the file does not name.
     */
    async createItem(actor: Actor, input: StaffApiInput<'catalogue-create-item'>) {
      const wanted = input.item;
      refuseOtherLanguages(wanted.translations, deps.config.languages, 'item');
      // Images come with the image editor, on an item that exists.
      if (wanted.images.length) throw invalid('item.images', productFieldMessages.imagesLater);
      try {
        const row = await db.transaction(async (tx) => {
          // Its required products are checked against one state of the catalogue's structure (decision 0116).
          if (wanted.kind === 'product' && wanted.requires?.length) await queries.lockCatalogueStructure(tx);
          const [from, codes, event, taxes] = await readTogether(tx, [
            () => (input.from ? queries.findItem(tx, input.from) : Promise.resolve(null)),
            () => queries.listItemCodes(tx),
            () => (wanted.kind === 'product' ? queries.findEvent(tx, wanted.event) : Promise.resolve(undefined)),
            () => queries.listTaxRateStates(tx),
          ] as const);
          if (input.from && !from) throw new AppError('NOT_FOUND', texts.noItem(input.from));
          const problems = itemsProblems([...codes.map((code) => ({ code })), { code: wanted.code }]).filter((problem) => problem.index === codes.length);
          const found = taxes.find((rate) => rate.code === wanted.tax);
          // Held until the end, so a concurrent archiving of the rate waits or is waited for (decision 0111), as a change of an item's rate does.
          const held = found ? await queries.shareTaxRate(tx, found.id) : undefined;
          const tax = found && held ? { ...found, archived: held.archived } : undefined;
          problems.push(
            ...itemReferenceProblems(wanted, {
              eventExists: () => event !== undefined,
              eventArchived: () => event?.archived === true,
              taxExists: () => tax !== undefined,
              archivedTax: new Set([...taxes.filter((rate) => rate.archived && rate.code !== tax?.code), ...(tax?.archived ? [tax] : [])].map((rate) => rate.code)),
            }).map((problem) => ({ index: codes.length, ...problem })),
          );
          // An add-on's required products are products of its event, never itself (decision 0104): the importer's rule.
          if (wanted.kind === 'product' && wanted.requires?.length && event) {
            const required = await Promise.all(wanted.requires.map((code) => queries.findItem(tx, code)));
            const products = new Map(required.flatMap((row) => (row && row.shopItemType === 'tickets' ? [[row.externalCode, { event: row.eventId }] as const] : [])));
            for (const found of requiresProblems(wanted.requires, { code: wanted.code, event: event.id }, products)) problems.push({ index: codes.length, path: ['requires', found.index], text: found.text });
          }
          if (problems.length) throw refusedFields('item', problems);
          const common = itemCommonColumns(wanted, { taxRateId: tax!.id, images: [] });
          const made = { ...common, origin: 'browser' as const };
          const values = wanted.kind === 'product' ? { ...made, ...productColumns(wanted, event!.id) } : { ...made, shopItemType: 'merchandise' as const, eventId: null };
          const id = await catalogQueries.upsertShopItem(tx, values, { onlyNew: true });
          if (wanted.kind === 'product' && wanted.transport?.travel_time_type === 'selectable') {
            for (const time of wanted.transport.travel_times) await catalogQueries.upsertTravelTime(tx, { shopItemId: id, departsAt: new Date(time.time), seats: time.seats ?? null });
          }
          await insertAudit(tx, { ...auditActor(actor), action: 'catalogue.create-item', target: `item:${wanted.code}`, before: null, after: { ...wanted, duplicated_from: input.from ?? null } });
          return (await queries.findItem(tx, wanted.code))!;
        });
        deps.catalog.invalidate();
        return { item: await viewOfRow(db, row), message: texts.itemCreated };
      } catch (error) {
        // Another admin (or an import) took the code at the same moment.
        if (isUniqueViolation(error)) throw invalid('item.code', productFieldMessages.codeTaken(wanted.code));
        throw error;
      }
    },

    /**
     * Archives an item (the shop shows and sells it nowhere; nothing is deleted: its orders,
     * tickets and check-ins stay) or restores it, under its row lock, audited, marked for imports.
     */
    async archiveItem(actor: Actor, input: StaffApiInput<'catalogue-archive-item'>) {
      const row = await db.transaction(async (tx) => {
        const current = await lockedItem(tx, input.code);
        if (current.archived === input.archived) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        // Restored, it is sold again: under a rate that is not archived (decision 0111), held until the end.
        if (!input.archived && current.taxRateId !== null) {
          const rate = await queries.shareTaxRate(tx, current.taxRateId);
          const archived = rate && itemTaxProblem(rate.code, new Set(rate.archived ? [rate.code] : []));
          if (archived) throw invalid('archived', archived);
        }
        const marks = [...new Set([...current.backOfficeFields, 'archived'])];
        const updated = await queries.updateItem(tx, current.id, { archived: input.archived, backOfficeFields: marks });
        await insertAudit(tx, { ...auditActor(actor), action: 'catalogue.archive-item', target: `item:${current.externalCode}`, before: { archived: current.archived }, after: { archived: input.archived } });
        return updated;
      });
      deps.catalog.invalidate();
      return { item: await viewOfRow(db, row), message: input.archived ? texts.itemArchived : texts.itemRestored };
    },

    /**
     * A new departure of a selectable transport product, marked as the back office's: an import
     * that does not list it keeps it on, and its seats, until the file wins (decision 0103). A
     * departure switched off at that time is switched on again with these seats.
     */
    async addDeparture(actor: Actor, input: StaffApiInput<'catalogue-add-departure'>) {
      const row = await db.transaction(async (tx) => {
        const current = await lockedItem(tx, input.code);
        if (current.travelTimeType !== 'selectable') throw new AppError('NOT_FOUND', texts.notTransport);
        const departsAt = new Date(input.time);
        const existing = await queries.lockDepartureAt(tx, current.id, departsAt);
        if (existing?.active) throw invalid('time', texts.departureExists);
        const taken = existing ? existing.held + existing.sold : 0;
        if (input.seats !== null && input.seats < taken) throw invalid('seats', texts.seatsBelowTaken(taken));
        const id = await catalogQueries.upsertTravelTime(tx, { shopItemId: current.id, departsAt, seats: input.seats });
        await queries.updateDeparture(tx, id, { seatsSetHere: true, activeSetHere: true });
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.add-departure',
          target: `item:${current.externalCode}`,
          before: existing ? { departure: departsAt.toISOString(), active: false, seats: existing.seats } : null,
          after: { departure: departsAt.toISOString(), active: true, seats: input.seats },
        });
        return current;
      });
      deps.catalog.invalidate();
      return { item: await viewOfRow(db, row), message: texts.departureAdded };
    },

    /**
     * Switches a departure off (buyers no longer choose it) or on again, marked as the back
     * office's. Refused while seats of it are sold or held: those buyers travel at that time.
     */
    async setDepartureActive(actor: Actor, input: StaffApiInput<'catalogue-departure-active'>) {
      const row = await db.transaction(async (tx) => {
        const current = await lockedItem(tx, input.code);
        if (current.travelTimeType !== 'selectable') throw new AppError('NOT_FOUND', texts.notTransport);
        const departure = await queries.lockTravelTime(tx, current.id, input.departure_id);
        if (!departure) throw new AppError('NOT_FOUND', texts.noDeparture);
        if (departure.active === input.active) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        const taken = departure.held + departure.sold;
        if (!input.active && taken > 0) throw invalid('active', texts.departureTaken(taken));
        await queries.updateDeparture(tx, departure.id, { active: input.active, activeSetHere: true });
        const when = departure.departsAt.toISOString();
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.departure-active',
          target: `item:${current.externalCode}`,
          before: { departure: when, active: departure.active },
          after: { departure: when, active: input.active },
        });
        return current;
      });
      deps.catalog.invalidate();
      return { item: await viewOfRow(db, row), message: input.active ? texts.departureOn : texts.departureOff };
    },

    async changeSeats(actor: Actor, input: StaffApiInput<'catalogue-change-seats'>) {
      const row = await db.transaction(async (tx) => {
        const current = await lockedItem(tx, input.code);
        if (current.travelTimeType !== 'selectable') throw new AppError('NOT_FOUND', texts.notTransport);
        const departure = await queries.lockTravelTime(tx, current.id, input.departure_id);
        if (!departure) throw new AppError('NOT_FOUND', texts.noDeparture);
        if (departure.seats === input.seats) throw new AppError('INVALID_INPUT', texts.nothingToChange);
        const taken = departure.held + departure.sold;
        if (input.seats !== null && input.seats < taken) throw invalid('seats', texts.seatsBelowTaken(taken));
        await queries.setSeats(tx, departure.id, input.seats);
        const when = departure.departsAt.toISOString();
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.seats',
          target: `item:${current.externalCode}`,
          before: { departure: when, seats: departure.seats },
          after: { departure: when, seats: input.seats },
        });
        return current;
      });
      deps.catalog.invalidate();
      const item = await viewOfRow(db, row);
      return { item, message: texts.saved };
    },

    async handBack(actor: Actor, input: StaffApiInput<'catalogue-hand-back'>) {
      const row = await db.transaction(async (tx) => {
        const current = await lockedItem(tx, input.code);
        // An item made in the back office came from no file: there is nothing to hand it back to.
        if (current.origin === 'browser') throw new AppError('CONFLICT', texts.madeHere(current.name));
        const seats = (await queries.travelTimesOf(tx, current.id)).filter((time) => time.seatsSetHere).map((time) => time.departsAt.toISOString());
        const updated = await queries.updateItem(tx, current.id, { backOfficeFields: [] });
        await queries.handBackSeats(tx, current.id);
        // Its questions saved here too: the next import decides them.
        const questions = await handBackQuestions(tx, current.id);
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.hand-back',
          target: `item:${current.externalCode}`,
          before: { fields: current.backOfficeFields, seats, ...(questions.length ? { questions } : {}) },
          after: { fields: [], seats: [] },
        });
        return updated;
      });
      const item = await viewOfRow(db, row);
      return { item, message: texts.handedBack };
    },

    /**
     * An image chosen in the browser (decision 0105): believed for what it decodes as, refused by
     * field when it is no JPEG, PNG or WebP or too large, with nothing stored; otherwise stored with
     * the widths the shop shows, exactly as an import stores an image of the catalogue's folder,
     * and remembered by the path the export names it by (so an upload of the exported file finds it).
     */
    async uploadImage(actor: Actor, input: StaffApiInput<'catalogue-image-upload'>): Promise<Worded<CatalogueImageUploadAnswer>> {
      const read = await readUploadedImage(Buffer.from(input.data.join(''), 'base64'));
      if (!read.ok) throw invalid('data', read.problem);
      const variants = await makeImageVariants(read.row);
      await db.transaction(async (tx) => {
        for (const row of [read.row, ...variants]) await queries.insertMedia(tx, row);
        await queries.rememberImagePath(tx, uploadedImagePath(read.url), read.url);
        await insertAudit(tx, {
          ...auditActor(actor),
          action: 'catalogue.image-upload',
          target: `image:${read.url}`,
          before: null,
          after: { file_name: input.file_name, url: read.url, content_type: read.row.contentType, bytes: read.row.size, width: read.width, height: read.height },
        });
      });
      return { url: read.url, width: read.width, height: read.height, message: texts.imageStored };
    },

    /**
     * Checks or imports an uploaded catalogue file: every problem with its field and line, and the
     * back-office changes the file disagrees with. Images come from earlier imports (the upload has
     * no folder to read them from). An import is audited with the file's digest.
     */
    async upload(actor: Actor, input: StaffApiInput<'catalogue-upload'>): Promise<Worded<CatalogueUploadAnswer>> {
      const text = input.lines.join('\n');
      const refused = (problems: CatalogueProblem[], more: number): Worded<CatalogueUploadAnswer> => ({
        valid: false,
        problems,
        problems_left_out: more,
        counts: null,
        kept: [],
        diff: null,
        imported: false,
        message: texts.problems(problems.length + more),
      });
      // Read and validated on a worker thread: a large broken file costs seconds (decision 0053).
      const checked = await deps.checker.check(text, input.file_name);
      if ('problems' in checked) return refused(checked.problems, checked.more);
      const { catalogue } = checked;
      const digest = createHash('sha256').update(text).digest('hex');
      try {
        const result = await importCatalogueWith(db, catalogue, {
          file: input.file_name,
          images: { known: true },
          fileWins: input.file_wins,
          checkOnly: input.check_only,
          // What it changes, read before and after it in its transaction (decision 0095).
          diff: { timezone: deps.config.timezone, listAtMost: CATALOGUE_DIFF_LISTED },
          inTransaction: async (tx, { summary, kept, diff }) => {
            if (input.check_only) return;
            await insertAudit(tx, {
              ...auditActor(actor),
              action: 'catalogue.import',
              target: 'catalogue',
              before: null,
              after: {
                file: input.file_name,
                sha256: digest,
                file_wins: input.file_wins,
                summary,
                kept_count: kept.length,
                kept: kept.slice(0, AUDITED_KEPT_MAX),
                changed: diff ? diffCounts(diff) : null,
              },
            });
          },
        });
        if (!input.check_only) deps.catalog.invalidate();
        return {
          valid: true,
          problems: [],
          problems_left_out: 0,
          counts: {
            events: result.summary.events,
            products: result.summary.products,
            merchandise: result.summary.merchandise,
            travel_times: result.summary.travelTimes,
            vouchers: result.summary.vouchers,
            checkin_lists: result.summary.checkinLists,
          },
          kept: result.kept,
          diff: result.diff ?? null,
          imported: !input.check_only,
          message: input.check_only ? texts.valid : texts.imported,
        };
      } catch (error) {
        if (!(error instanceof CatalogueError)) throw error;
        // What the import found: located on a thread too, the first problems only.
        const listed = error.entries.slice(0, PROBLEMS_LISTED);
        const lines = await deps.checker.linesOf(text, input.file_name, listed.map((entry) => entry.path));
        return refused(
          listed.map((entry, index) => ({ line: entry.line ?? (entry.path.length ? (lines[index] ?? null) : null), field: problemField(entry), message: entry.message })),
          error.entries.length - listed.length + error.more,
        );
      }
    },

    /**
     * The live catalogue as a catalogue file (issue 37 point 7, decision 0095): the YAML an import
     * takes back to the same catalogue, naming its images by the paths the shop knows them by (an
     * upload of it finds them); the images themselves stay in the shop.
     */
    async download(): Promise<CatalogueDownloadAnswer> {
      const live = await exportLiveCatalogue(db, { timezone: deps.config.timezone });
      const day = fileInstant(deps.now(), deps.config.timezone).slice(0, 10);
      return { filename: `catalogue-${day}.yaml`, media_type: 'application/yaml', content: catalogueYaml(live.catalogue), images: live.images.map((image) => image.name) };
    },
  };
}
export type CatalogueAdmin = ReturnType<typeof createCatalogueAdmin>;

/** An import's changes counted by section, for its audit entry. */
function diffCounts(diff: CatalogueDiff) {
  return Object.fromEntries(
    diff.sections
      .filter((section) => section.added_count + section.changed_count + section.switched_off_count > 0)
      .map((section) => [section.section, { added: section.added_count, changed: section.changed_count, switched_off: section.switched_off_count }]),
  );
}
