import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { admissionOfColumns, isoInZone, rateOfBasisPoints, STEER_TARGET_P99_MS_DEFAULT, DAY_CUTOVER_DEFAULT_MINUTES } from '@festival/contract';
import YAML, { isMap, isSeq, type Node as YamlNode, Scalar } from 'yaml';
import type { Db } from '../../db/client';
import * as queries from './catalog.queries';
import { listAllQuestions, questionOfRow } from './questions.queries';
import type { CatalogueFile } from './catalogue-file';

/**
 * The live catalogue as a catalogue file (issue 37 point 7, decision 0095): what the shop's
 * database holds now, in the file's own terms (docs/catalogue.md), so that importing it into an
 * empty shop gives the same catalogue and importing it into this shop changes nothing. Values set
 * in the back office are exported as they are: the live state is what the file describes.
 *
 * Two parts: `readLiveCatalogue` reads the database into a `CatalogueFile` (every field given,
 * defaults included, as the importer's own schema gives them), and `catalogueYaml` writes one as
 * YAML with the defaults left out, in the order docs/catalogue.md lists the fields.
 */

type Product = CatalogueFile['products'][number];
type Merchandise = CatalogueFile['merchandise'][number];
type Variant = NonNullable<Merchandise['variants']>[number];
type CheckinList = CatalogueFile['checkin_lists'][number];
type ItemRow = queries.ShopItemRow;

export interface ExportOptions {
  /** The zone of the times that have no event to take one from (merchandise, vouchers): the shop's. */
  timezone?: string;
  /**
   * How images are named: `file` (the default) by a path in `imagesFolder`, as an import of the
   * file reads them; `url` by the shop's address of the image (`/media/<hash>.webp`), which changes
   * with its content (what a diff compares).
   */
  imageNames?: 'file' | 'url';
  /** The folder (relative to the file, with /) the file names its images in: `images`. */
  imagesFolder?: string;
}

/** An image the exported file names: its name there, and the stored original it is. */
export interface ExportedImage {
  name: string;
  hash: string;
  url: string;
}

export interface LiveCatalogue {
  catalogue: CatalogueFile;
  /** Every image the catalogue names, once each, in the order first named. */
  images: ExportedImage[];
}

/** The folder images are named in unless told otherwise. */
export const DEFAULT_IMAGES_FOLDER = 'images';
const MEDIA_URL = /^\/media\/([0-9a-f]+)(\.[a-z]+)$/;

/** An instant as the file writes it: on the zone's clock with its offset, seconds, and milliseconds only when it has them. */
export function fileInstant(at: Date, timeZone: string): string {
  return isoInZone(at, timeZone).replace(/\.000(?=[+-])/, '');
}

/**
 * The live catalogue, read in one repeatable-read transaction (the sections agree with each other
 * while sales and edits go on); inside a transaction already, use `readLiveCatalogue`.
 */
export async function exportLiveCatalogue(db: Db, options: ExportOptions = {}): Promise<LiveCatalogue> {
  return db.transaction((tx) => readLiveCatalogue(tx, options), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/**
 * Reads the live catalogue: every event, tax rate, product, merchandise item, voucher and shipping
 * rate (an item the file left out stays in the shop, so it is in the export), and the check-in
 * lists, on-sales and departures that are switched on (those switched off are the file's past).
 */
export async function readLiveCatalogue(db: Db, options: ExportOptions = {}): Promise<LiveCatalogue> {
  const shopZone = options.timezone ?? 'UTC';
  const [eventRows, taxRows, itemRows, timeRows, voucherRows, rateRows, listRows, listProductRows, onsaleRows, onsaleProductRows, imageRows] = await queries.readCatalogueRows(db);

  // Read apart from the rows above, in the same transaction (decision 0106).
  const questionsOf = new Map<number, CatalogueFile['products'][number]['questions']>();
  for (const row of await listAllQuestions(db)) questionsOf.set(row.shopItemId, [...(questionsOf.get(row.shopItemId) ?? []), questionOfRow(row)]);
  const eventById = new Map(eventRows.map((row) => [row.id, row]));
  const taxCodeById = new Map(taxRows.map((row) => [row.id, row.externalCode]));
  const itemById = new Map(itemRows.map((row) => [row.id, row]));
  const problems: string[] = [];
  const eventOf = (row: { eventId: number | null }, what: string) => {
    const event = row.eventId === null ? undefined : eventById.get(row.eventId);
    if (!event) problems.push(`${what} has no event`);
    return event;
  };
  const taxOf = (row: ItemRow) => {
    const code = row.taxRateId === null ? undefined : taxCodeById.get(row.taxRateId);
    if (code === undefined) problems.push(`${row.externalCode} has no tax rate`);
    return code ?? '';
  };
  const names = imageNamer(imageRows, options);
  const imageNamesOf = (row: ItemRow) =>
    row.images.map((url) => {
      const name = names.nameOf(url);
      if (name === null) problems.push(`${row.externalCode}: its image ${url} is not one the shop stores`);
      return name ?? url;
    });

  // A product's own festival days: those every list that names it gives it, when they all give the same (decision 0064).
  const daysByItem = new Map<number, (string[] | null)[]>();
  for (const row of listProductRows) daysByItem.set(row.itemId, [...(daysByItem.get(row.itemId) ?? []), row.days ? [...row.days].sort() : null]);
  const productDays = new Map<number, string[]>();
  for (const [itemId, all] of daysByItem) {
    const first = all[0];
    if (first && all.every((days) => days !== null && days.join() === first.join())) productDays.set(itemId, first);
  }

  const common = (row: ItemRow, zone: string) => ({
    code: row.externalCode,
    name: row.name,
    price: row.price,
    // Each moment in the event's zone, as the file's other moments (decision 0099).
    tiers: row.priceTiers?.length ? row.priceTiers.map((tier) => (tier.until !== undefined ? { price: tier.price, until: instantOf(new Date(tier.until), zone)! } : { price: tier.price, units: tier.units! })) : null,
    fee: row.fee,
    tax: taxOf(row),
    images: imageNamesOf(row),
    description: row.description,
    stock: row.stock,
    featured: row.isFeatured,
    force_view: row.forceView,
    on_sale: row.onSale,
    on_sale_from: instantOf(row.saleStartsAt, zone),
    on_sale_until: instantOf(row.saleEndsAt, zone),
    limit_per_order: row.limitPerOrder,
    refund: {
      refundable: row.isRefundable,
      fee: row.refundFee,
      from: instantOf(row.allowRefundRequestsFrom, zone),
      until: instantOf(row.allowRefundRequestsUntil, zone),
    },
    sort: row.sortOrder,
    translations: translationsOf(row.translations, ['name', 'description']),
    archived: row.archived,
  });

  const timesOf = new Map<number, typeof timeRows>();
  for (const row of timeRows) timesOf.set(row.shopItemId, [...(timesOf.get(row.shopItemId) ?? []), row]);

  const products: Product[] = [];
  const merchandise: Merchandise[] = [];
  // A group's variants are written under it, by their own fields only (decision 0104).
  const variantsOf = new Map<number, Variant[]>();
  for (const row of itemRows) {
    if (row.variantOf === null) continue;
    const labels = row.variantLabels && Object.keys(row.variantLabels).length ? Object.fromEntries(Object.entries(row.variantLabels).sort(([a], [b]) => a.localeCompare(b)).map(([language, label]) => [language, { label }])) : undefined;
    variantsOf.set(row.variantOf, [...(variantsOf.get(row.variantOf) ?? []), { code: row.externalCode, label: row.variantLabel ?? row.externalCode, stock: row.stock, on_sale: row.onSale, ...(labels ? { translations: labels } : {}) }]);
  }
  for (const row of itemRows) {
    if (row.variantOf !== null) continue;
    if (row.shopItemType === 'merchandise') {
      merchandise.push({ ...common(row, shopZone), type: row.type, variants: variantsOf.get(row.id) ?? null });
      continue;
    }
    const event = eventOf(row, `product ${row.externalCode}`);
    const zone = event?.timezone ?? shopZone;
    products.push({
      ...common(row, zone),
      event: event?.externalCode ?? '',
      type: row.type,
      payment_plan: row.paymentPlan ? row.paymentPlan.map((entry) => ({ amount: entry.amount, units: entry.units, count: entry.count })) : null,
      name_changes: { allowed: row.allowNameChanges, until: instantOf(row.allowNameChangesUntil, zone), limit: row.nameChangeLimit },
      email_changes: row.allowEmailChanges,
      requires: row.requires?.length ? [...row.requires] : null,
      days: productDays.get(row.id) ?? null,
      transport: row.travelTimeType
        ? {
            travel_time_type: row.travelTimeType,
            travel_time: instantOf(row.travelTime, zone),
            // A fixed transport's departure is its travel_time: an import keeps no departures for it.
            travel_times: row.travelTimeType === 'selectable' ? (timesOf.get(row.id) ?? []).map((time) => ({ time: fileInstant(time.departsAt, zone), seats: time.seats })) : [],
            changes_until: instantOf(row.allowTravelTimeChangesUntil, zone),
          }
        : null,
      questions: questionsOf.get(row.id) ?? [],
    });
  }

  const listProducts = new Map<number, typeof listProductRows>();
  for (const row of listProductRows) listProducts.set(row.listId, [...(listProducts.get(row.listId) ?? []), row]);
  const checkin: CheckinList[] = listRows.map((list) => {
    const event = eventOf(list, `check-in list ${list.code}`);
    const zone = event?.timezone ?? shopZone;
    return {
      code: list.code,
      event: event?.externalCode ?? '',
      name: list.name,
      products: (listProducts.get(list.id) ?? []).map(({ itemId, days }) => {
        const code = itemById.get(itemId)?.externalCode ?? '';
        const own = productDays.get(itemId);
        const sorted = days ? [...days].sort() : null;
        if (sorted === null) return own ? { product: code, days: 'every' as const } : code;
        return own && own.join() === sorted.join() ? code : { product: code, days: sorted };
      }),
      day_cutover: list.dayCutoverMinutes,
      entry: list.entry,
      opens_at: instantOf(list.opensAt, zone),
      closes_at: instantOf(list.closesAt, zone),
      boarding: { before_minutes: list.boardingBeforeMinutes, after_minutes: list.boardingAfterMinutes },
      gates: list.gates,
    };
  });

  const onsaleItems = new Map<number, string[]>();
  for (const row of onsaleProductRows) onsaleItems.set(row.onsaleId, [...(onsaleItems.get(row.onsaleId) ?? []), itemById.get(row.itemId)?.externalCode ?? '']);
  const onsaleEntries: CatalogueFile['onsales'] = onsaleRows.map((onsale) => {
    const event = eventOf(onsale, `on-sale ${onsale.code}`);
    const zone = event?.timezone ?? shopZone;
    return {
      code: onsale.code,
      event: event?.externalCode ?? '',
      opens_at: fileInstant(onsale.opensAt, zone),
      room_opens_minutes_before: Math.round((onsale.opensAt.getTime() - onsale.roomOpensAt.getTime()) / 60_000),
      closes_at: instantOf(onsale.closesAt, zone),
      products: onsaleItems.get(onsale.id) ?? [],
      admission: admissionOfColumns({
        mode: onsale.admissionMode,
        limit: onsale.admissionLimit,
        rateLimit: onsale.admissionRateLimit,
        steerMin: onsale.steerMin,
        steerTargetMs: onsale.steerTargetMs,
      }),
      session_minutes: onsale.sessionMinutes,
      proof_of_work: onsale.proofOfWorkBits ? { bits: onsale.proofOfWorkBits } : null,
    };
  });

  if (problems.length) throw new Error(`The live catalogue cannot be written as a catalogue file:\n  ${problems.join('\n  ')}`);
  return {
    catalogue: {
      events: eventRows.map((row) => ({
        code: row.externalCode,
        name: row.name,
        timezone: row.timezone,
        starts_at: instantOf(row.startsAt, row.timezone),
        ends_at: instantOf(row.endsAt, row.timezone),
        venue: row.venue,
        age_range_active: row.ageRangeActive,
        credit_card_active: row.creditCardActive,
        bank_transfer_active: row.bankTransferActive,
        bank_transfer_countries: row.bankTransferCountries,
        translations: translationsOf(row.translations, ['name']),
        archived: row.archived,
      })),
      tax_rates: taxRows.map((row) => ({ code: row.externalCode, name: row.name, rate: rateOfBasisPoints(row.basisPoints), archived: row.archived })),
      products,
      merchandise,
      vouchers: voucherRows.map((row) => ({
        code: row.code,
        name: row.name,
        kind: row.kind,
        discount_amount: row.discountAmount,
        percent: row.percent,
        product: row.freeProduct,
        products: row.products,
        max_uses: row.maxUses,
        max_uses_per_customer: row.maxUsesPerCustomer,
        valid_from: instantOf(row.validFrom, shopZone),
        valid_until: instantOf(row.validUntil, shopZone),
        active: row.active,
      })),
      shipping_rates: rateRows.map((row) => ({ country: row.country, name: row.name, type: row.type, price: row.price, archived: row.archived })),
      checkin_lists: checkin,
      onsales: onsaleEntries,
    },
    images: names.used(),
  };
}

const instantOf = (at: Date | null, zone: string) => (at ? fileInstant(at, zone) : null);

/** Translations as the file writes them: by language in order, each with its texts in the file's order; undefined when none. */
function translationsOf<T extends Record<string, string | undefined>>(stored: Record<string, T> | null, keys: readonly (keyof T & string)[]): Record<string, T> | undefined {
  if (!stored) return undefined;
  const languages = Object.keys(stored)
    .sort()
    .map((language) => [language, Object.fromEntries(keys.flatMap((key) => (stored[language]?.[key] === undefined ? [] : [[key, stored[language][key]]]))) as unknown as T] as const)
    .filter(([, texts]) => Object.keys(texts).length > 0);
  return languages.length ? Object.fromEntries(languages) : undefined;
}

/**
 * Names each stored image once: by the name of the path an import read it under (the path the
 * back office's upload finds it by, when the folder is the same), in the images folder; by its
 * content hash when no path names it any more; a name two images would share gets the hash too.
 */
function imageNamer(remembered: { path: string; url: string }[], options: ExportOptions) {
  const folder = (options.imagesFolder ?? DEFAULT_IMAGES_FOLDER).replace(/\/+$/, '');
  const pathOf = new Map<string, string>();
  for (const row of remembered) {
    const base = path.posix.basename(row.path);
    const current = pathOf.get(row.url);
    if (current === undefined || base < current) pathOf.set(row.url, base);
  }
  const byUrl = new Map<string, ExportedImage>();
  const taken = new Set<string>();
  return {
    nameOf(url: string): string | null {
      const known = byUrl.get(url);
      if (known) return known.name;
      const match = MEDIA_URL.exec(url);
      if (!match) return null;
      const [, hash, extension] = match as unknown as [string, string, string];
      let name: string;
      if (options.imageNames === 'url') name = url;
      else {
        const base = pathOf.get(url) ?? `${hash}${extension}`;
        const preferred = folder ? `${folder}/${base}` : base;
        const stem = base.slice(0, base.length - path.posix.extname(base).length);
        name = taken.has(preferred) ? `${folder ? `${folder}/` : ''}${stem}-${hash.slice(0, 8)}${path.posix.extname(base)}` : preferred;
      }
      taken.add(name);
      byUrl.set(url, { name, hash, url });
      return name;
    },
    used: () => [...byUrl.values()],
  };
}

/**
 * Writes the live catalogue as `file` and each image it names beside it (the original the shop
 * stored, as it was imported). The images folder must lie inside the file's folder, as an import
 * requires.
 */
export async function writeCatalogueExport(db: Db, file: string, options: Omit<ExportOptions, 'imageNames' | 'imagesFolder'> & { imagesDir?: string } = {}): Promise<LiveCatalogue> {
  const baseDir = path.dirname(path.resolve(file));
  const imagesDir = path.resolve(options.imagesDir ?? path.join(baseDir, DEFAULT_IMAGES_FOLDER));
  const relative = path.relative(baseDir, imagesDir).split(path.sep).join('/');
  if (relative.startsWith('..') || path.isAbsolute(relative) || !/^[A-Za-z0-9._/-]*$/.test(relative)) {
    throw new Error(`The images folder ${imagesDir} must lie inside the catalogue's folder ${baseDir} and be named with letters, digits, dots, dashes and underscores`);
  }
  const live = await exportLiveCatalogue(db, { timezone: options.timezone, imagesFolder: relative });
  mkdirSync(baseDir, { recursive: true });
  for (const image of live.images) {
    const row = await queries.findMediaBytes(db, image.hash);
    if (!row) throw new Error(`The image ${image.url} is named by the catalogue but not stored in the shop`);
    const target = path.join(baseDir, image.name);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, row.bytes);
  }
  writeFileSync(file, catalogueYaml(live.catalogue));
  return live;
}

// ---------------------------------------------------------------------------------------------
// YAML

const HEADER = `# The shop's live catalogue, written by npm run catalog -- export (or the back office's download).
# Format: docs/catalogue.md. Money is in integer minor units; times are ISO-8601 with an offset.
# Importing this file into the shop it came from changes nothing; into an empty shop, it makes the same catalogue.
`;

/** A value left out of the file when it is the default (or absent). */
type Entry = [key: string, value: unknown, isDefault?: boolean];
const isEmpty = (value: unknown) => value === null || value === undefined;
/** The entries that are not their default, as an object in the order given. */
function written(entries: Entry[]): Record<string, unknown> {
  return Object.fromEntries(entries.filter(([, value, isDefault]) => !isEmpty(value) && !isDefault));
}
const orEmpty = (value: Record<string, unknown>) => (Object.keys(value).length ? value : undefined);

function eventOut(event: CatalogueFile['events'][number]) {
  return written([
    ['code', event.code],
    ['name', event.name],
    ['timezone', event.timezone],
    ['starts_at', event.starts_at],
    ['ends_at', event.ends_at],
    ['venue', event.venue],
    ['age_range_active', event.age_range_active, !event.age_range_active],
    ['credit_card_active', event.credit_card_active, event.credit_card_active],
    ['bank_transfer_active', event.bank_transfer_active, !event.bank_transfer_active],
    ['bank_transfer_countries', event.bank_transfer_countries, event.bank_transfer_countries.length === 0],
    ['translations', translationsOf(event.translations ?? null, ['name'])],
    ['archived', event.archived, !event.archived],
  ]);
}

function saleOut(item: Product | Merchandise): { head: Entry[]; tail: Entry[] } {
  return {
    head: [
      ['name', item.name],
      ['price', item.price],
      ['tiers', item.tiers?.map((tier) => written([['price', tier.price], ['until', tier.until], ['units', tier.units]]))],
      ['fee', item.fee, item.fee === 0],
      ['tax', item.tax],
      ['stock', item.stock],
      ['featured', item.featured, !item.featured],
      ['force_view', item.force_view, !item.force_view],
      ['on_sale', item.on_sale, item.on_sale],
      ['on_sale_from', item.on_sale_from],
      ['on_sale_until', item.on_sale_until],
      ['limit_per_order', item.limit_per_order, item.limit_per_order === 0],
      ['sort', item.sort, item.sort === 0],
    ],
    tail: [
      ['images', item.images, item.images.length === 0],
      ['description', item.description, item.description === ''],
      ['archived', item.archived, !item.archived],
    ],
  };
}

const refundOut = (refund: Product['refund']) =>
  orEmpty(
    written([
      ['refundable', refund.refundable, !refund.refundable],
      ['fee', refund.fee, refund.fee === 0],
      ['from', refund.from],
      ['until', refund.until],
    ]),
  );

function productOut(product: Product) {
  const { head, tail } = saleOut(product);
  const transport = product.transport;
  return written([
    ['code', product.code],
    ['event', product.event],
    ['type', product.type],
    ...head,
    ['days', product.days],
    ...tail,
    ['payment_plan', product.payment_plan],
    ['refund', refundOut(product.refund)],
    [
      'name_changes',
      orEmpty(
        written([
          ['allowed', product.name_changes.allowed, !product.name_changes.allowed],
          ['until', product.name_changes.until],
          ['limit', product.name_changes.limit, product.name_changes.limit === 0],
        ]),
      ),
    ],
    ['email_changes', product.email_changes, !product.email_changes],
    ['requires', product.requires, !product.requires?.length],
    [
      'transport',
      transport &&
        written([
          ['travel_time_type', transport.travel_time_type],
          ['travel_time', transport.travel_time],
          ['travel_times', transport.travel_times.map((time) => written([['time', time.time], ['seats', time.seats]])), transport.travel_times.length === 0],
          ['changes_until', transport.changes_until],
        ]),
    ],
    ['translations', translationsOf(product.translations ?? null, ['name', 'description'])],
    ['questions', product.questions.map(questionOut), product.questions.length === 0],
  ]);
}

/** A product question as docs/catalogue.md lists its fields, defaults left out (decision 0106). */
function questionOut(question: Product['questions'][number]) {
  const labels = (translations: Record<string, { label: string }> | undefined) => translationsOf(translations ?? null, ['label']);
  return written([
    ['code', question.code],
    ['kind', question.kind],
    ['label', question.label],
    ['required', question.required, !question.required],
    ['per', question.per, question.per === 'ticket'],
    ['at_gate', question.at_gate, !question.at_gate],
    ['options', question.options.map((option) => written([['code', option.code], ['label', option.label], ['translations', labels(option.translations)]])), question.options.length === 0],
    ['min', question.min],
    ['max', question.max],
    ['earliest', question.earliest],
    ['latest', question.latest],
    ['max_length', question.max_length],
    ['translations', labels(question.translations)],
    ['archived', question.archived, !question.archived],
  ]);
}

function merchandiseOut(item: Merchandise) {
  const { head, tail } = saleOut(item);
  return written([
    ['code', item.code],
    ['type', item.type],
    ...head,
    ...tail,
    ['refund', refundOut(item.refund)],
    ['translations', translationsOf(item.translations ?? null, ['name', 'description'])],
    [
      'variants',
      item.variants?.map((variant) => written([['code', variant.code], ['label', variant.label], ['stock', variant.stock], ['on_sale', variant.on_sale, variant.on_sale], ['translations', variant.translations]])),
      !item.variants?.length,
    ],
  ]);
}

function quoted(text: string): Scalar {
  const scalar = new Scalar(text);
  scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function listOut(list: CheckinList) {
  return written([
    ['code', list.code],
    ['event', list.event],
    ['name', list.name],
    ['products', list.products],
    ['entry', list.entry, list.entry === 'single'],
    ['opens_at', list.opens_at],
    ['closes_at', list.closes_at],
    // Quoted: a YAML 1.1 reader takes 06:00 for a number of minutes.
    ['day_cutover', quoted(hhmm(list.day_cutover)), list.day_cutover === DAY_CUTOVER_DEFAULT_MINUTES],
    [
      'boarding',
      orEmpty(
        written([
          ['before_minutes', list.boarding.before_minutes, list.boarding.before_minutes === 30],
          ['after_minutes', list.boarding.after_minutes, list.boarding.after_minutes === 15],
        ]),
      ),
    ],
    ['gates', list.gates, list.gates.length === 0],
  ]);
}

function onsaleOut(onsale: CatalogueFile['onsales'][number]) {
  const { steer } = onsale.admission;
  const admission = steer
    ? { steer: written([['min_per_minute', steer.min_per_minute], ['max_per_minute', steer.max_per_minute], ['target_p99_ms', steer.target_p99_ms, steer.target_p99_ms === STEER_TARGET_P99_MS_DEFAULT]]) }
    : written([['max_active', onsale.admission.max_active], ['rate_per_minute', onsale.admission.rate_per_minute]]);
  return written([
    ['code', onsale.code],
    ['event', onsale.event],
    ['opens_at', onsale.opens_at],
    ['room_opens_minutes_before', onsale.room_opens_minutes_before, onsale.room_opens_minutes_before === 30],
    ['closes_at', onsale.closes_at],
    ['products', onsale.products],
    ['admission', admission],
    ['session_minutes', onsale.session_minutes, onsale.session_minutes === 20],
    ['proof_of_work', onsale.proof_of_work, !onsale.proof_of_work || onsale.proof_of_work.bits === 0],
  ]);
}

/** Keys whose values are written on one line, as a person writes them: `[NL, BE]`, `{ amount: 4900, units: days, count: 0 }`. */
const FLOW_KEYS = new Set(['bank_transfer_countries', 'days', 'requires', 'gates', 'boarding', 'admission', 'proof_of_work']);
/** Sections and lists whose entries are each written on one line. */
const FLOW_ENTRIES = new Set(['tax_rates', 'shipping_rates', 'payment_plan', 'travel_times', 'variants', 'options']);

/**
 * The catalogue as YAML: sections and fields in the order docs/catalogue.md lists them, defaults
 * left out, short lists and small entries on one line, so that an exported file reads like one
 * written by hand. The same catalogue always gives the same text.
 */
export function catalogueYaml(catalogue: CatalogueFile): string {
  const sections = written([
    ['events', catalogue.events.map(eventOut), catalogue.events.length === 0],
    ['tax_rates', catalogue.tax_rates.map((rate) => written([['code', rate.code], ['name', rate.name], ['rate', rate.rate], ['archived', rate.archived, !rate.archived]])), catalogue.tax_rates.length === 0],
    ['products', catalogue.products.map(productOut), catalogue.products.length === 0],
    ['merchandise', catalogue.merchandise.map(merchandiseOut), catalogue.merchandise.length === 0],
    [
      'vouchers',
      catalogue.vouchers.map((voucher) =>
        written([
          ['code', voucher.code],
          ['name', voucher.name],
          ['kind', voucher.kind, voucher.kind === 'fixed'],
          ['discount_amount', voucher.discount_amount],
          ['percent', voucher.percent],
          ['product', voucher.product],
          ['products', voucher.products],
          ['max_uses', voucher.max_uses],
          ['max_uses_per_customer', voucher.max_uses_per_customer],
          ['valid_from', voucher.valid_from],
          ['valid_until', voucher.valid_until],
          ['active', voucher.active, voucher.active],
        ]),
      ),
      catalogue.vouchers.length === 0,
    ],
    ['shipping_rates', catalogue.shipping_rates.map((rate) => written([['country', rate.country], ['name', rate.name], ['type', rate.type, rate.type === 'standard'], ['price', rate.price], ['archived', rate.archived, !rate.archived]])), catalogue.shipping_rates.length === 0],
    ['checkin_lists', catalogue.checkin_lists.map(listOut), catalogue.checkin_lists.length === 0],
    ['onsales', catalogue.onsales.map(onsaleOut), catalogue.onsales.length === 0],
  ]);
  const document = new YAML.Document(sections, { version: '1.2' });
  YAML.visit(document, {
    Pair(_, pair, ancestry) {
      const key = String((pair.key as Scalar | null)?.value ?? '');
      const value = pair.value as YamlNode | null;
      if (FLOW_ENTRIES.has(key) && isSeq(value)) for (const entry of value.items) if (isMap(entry)) entry.flow = true;
      // The other sections (events, products...) are written as blocks.
      if (ancestry.length <= 2) return undefined;
      if (FLOW_KEYS.has(key) && (isMap(value) || isSeq(value))) value.flow = true;
      // A list's or on-sale's products on one line when they are codes alone; an entry with days on a line of its own.
      if (key === 'products' && isSeq(value)) {
        if (value.items.every((entry) => !isMap(entry))) value.flow = true;
        else for (const entry of value.items) if (isMap(entry)) entry.flow = true;
      }
      return undefined;
    },
  });
  const body = document.toString({ lineWidth: 100, flowCollectionPadding: true });
  return `${HEADER}\n${body.replace(/\n(?=(?:tax_rates|products|merchandise|vouchers|shipping_rates|checkin_lists|onsales):)/g, '\n\n')}`;
}
