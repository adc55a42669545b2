import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML, { isMap, isScalar, isSeq, LineCounter } from 'yaml';
import type { Db } from '../../db/client';
import { sanitizeRichText } from '../../lib/sanitize';
import { catalogueFile, type CatalogueFile } from './catalogue-file';
import * as queries from './catalog.queries';
import * as checkinListQueries from '../checkin/checkin-lists.queries';
import { makeImageVariants, type MediaRow } from './image-variants';

export class CatalogueError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is not a valid catalogue:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

export interface ImportSummary {
  events: number;
  taxRates: number;
  products: number;
  merchandise: number;
  travelTimes: number;
  vouchers: number;
  shippingRates: number;
  checkinLists: number;
  images: number;
}

/** Formats a path the way organisers read it: products[3].transport.travel_time */
function formatPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    return text ? `${text}.${String(segment)}` : String(segment);
  }, '');
}

/**
 * Parses YAML or JSON (JSON is read by the YAML parser too, so both get line numbers) and
 * validates it; every problem names its field path and line.
 */
export function parseCatalogue(text: string, file: string): CatalogueFile {
  const lineCounter = new LineCounter();
  const document = YAML.parseDocument(text, { lineCounter, prettyErrors: true });
  if (document.errors.length) {
    throw new CatalogueError(
      file,
      document.errors.map((error) => `line ${error.linePos?.[0]?.line ?? '?'}: ${error.message.split('\n')[0]}`),
    );
  }
  // The line of the deepest part of the path that exists: a key's own line, or a list item's.
  const lineOf = (segments: readonly PropertyKey[]): number | undefined => {
    for (let length = segments.length; length >= 1; length -= 1) {
      const parent = length === 1 ? document.contents : document.getIn(segments.slice(0, length - 1) as unknown[], true);
      const segment = segments[length - 1];
      let node: { range?: [number, number, number] | null } | null | undefined;
      if (isMap(parent)) node = parent.items.find((pair) => isScalar(pair.key) && pair.key.value === segment)?.key as typeof node;
      else if (isSeq(parent) && typeof segment === 'number') node = parent.items[segment] as typeof node;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return undefined;
  };
  const parsed = catalogueFile.safeParse(document.toJS() ?? {});
  if (!parsed.success) {
    throw new CatalogueError(
      file,
      parsed.error.issues.map((issue) => {
        const line = lineOf(issue.path);
        // The shop's general text ("This field is not valid.") would not say which key is misspelt.
        const message = issue.code === 'unrecognized_keys' ? `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((key) => `"${key}"`).join(', ')}` : issue.message;
        return `${formatPath(issue.path) || '(root)'}${line ? ` (line ${line})` : ''}: ${message}`;
      }),
    );
  }
  const problems = crossCheck(parsed.data);
  if (problems.length) throw new CatalogueError(file, problems);
  return parsed.data;
}

/** Rules that span entries: references resolve, codes are unique, plans add up. */
function crossCheck(catalogue: CatalogueFile): string[] {
  const problems: string[] = [];
  const eventCodes = new Set(catalogue.events.map((event) => event.code));
  const taxCodes = new Set(catalogue.tax_rates.map((rate) => rate.code));
  const seen = new Map<string, string>();
  const claim = (code: string, where: string) => {
    const first = seen.get(code);
    if (first) problems.push(`${where}.code: "${code}" is already used by ${first}; codes must be unique across products and merchandise`);
    else seen.set(code, where);
  };
  catalogue.products.forEach((product, index) => {
    const where = `products[${index}]`;
    claim(product.code, where);
    if (!eventCodes.has(product.event)) problems.push(`${where}.event: no event has the code "${product.event}"`);
    if (!taxCodes.has(product.tax)) problems.push(`${where}.tax: no tax rate has the code "${product.tax}"`);
    if (product.payment_plan) {
      const sum = product.payment_plan.reduce((total, entry) => total + entry.amount, 0);
      if (sum !== product.price + product.fee) {
        problems.push(`${where}.payment_plan: the amounts add up to ${sum}, but price plus fee is ${product.price + product.fee}`);
      }
    }
  });
  catalogue.merchandise.forEach((item, index) => {
    const where = `merchandise[${index}]`;
    claim(item.code, where);
    if (!taxCodes.has(item.tax)) problems.push(`${where}.tax: no tax rate has the code "${item.tax}"`);
  });
  const voucherCodes = new Set<string>();
  catalogue.vouchers.forEach((voucher, index) => {
    const upper = voucher.code.toUpperCase();
    if (voucherCodes.has(upper)) problems.push(`vouchers[${index}].code: "${voucher.code}" appears twice (codes ignore case)`);
    voucherCodes.add(upper);
  });
  const countries = new Set<string>();
  catalogue.shipping_rates.forEach((rate, index) => {
    if (countries.has(rate.country)) problems.push(`shipping_rates[${index}].country: ${rate.country} has more than one rate`);
    countries.add(rate.country);
  });
  problems.push(...crossCheckCheckinLists(catalogue, eventCodes));
  return problems;
}

/** A list admits products of its own event only: a ticket scanned at another event's gate is refused there. */
function crossCheckCheckinLists(catalogue: CatalogueFile, eventCodes: Set<string>): string[] {
  const problems: string[] = [];
  const productEvents = new Map(catalogue.products.map((product) => [product.code, product.event]));
  const merchandiseCodes = new Set(catalogue.merchandise.map((item) => item.code));
  const listCodes = new Map<string, string>();
  catalogue.checkin_lists.forEach((list, index) => {
    const where = `checkin_lists[${index}]`;
    const first = listCodes.get(list.code);
    if (first) problems.push(`${where}.code: "${list.code}" is already used by ${first}; check-in list codes must be unique`);
    else listCodes.set(list.code, where);
    const eventKnown = eventCodes.has(list.event);
    if (!eventKnown) problems.push(`${where}.event: no event has the code "${list.event}"`);
    const listed = new Map<string, number>();
    list.products.forEach((productCode, productIndex) => {
      const at = `${where}.products[${productIndex}]`;
      const twice = listed.get(productCode);
      if (twice !== undefined) {
        problems.push(`${at}: "${productCode}" is already products[${twice}] of this list`);
        return;
      }
      listed.set(productCode, productIndex);
      const productEvent = productEvents.get(productCode);
      if (productEvent === undefined) {
        problems.push(
          merchandiseCodes.has(productCode)
            ? `${at}: "${productCode}" is merchandise; a check-in list admits products (tickets, add-ons, transport) only`
            : `${at}: no product has the code "${productCode}"`,
        );
      } else if (eventKnown && productEvent !== list.event) {
        problems.push(`${at}: "${productCode}" is a product of event "${productEvent}", not of the list's event "${list.event}"`);
      }
    });
  });
  return problems;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
};

export function readCatalogueFile(file: string): CatalogueFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CatalogueError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  return parseCatalogue(text, file);
}

/**
 * Loads a catalogue in one transaction, matching every entry by its code: importing the
 * same file twice changes nothing, and a failed import leaves the shop as it was.
 */
export async function importCatalogue(db: Db, catalogue: CatalogueFile, baseDir: string, file = 'catalogue'): Promise<ImportSummary> {
  const images = loadImages(catalogue, baseDir, file);
  const clashes = await queries.findItemCodesOfOtherType(db, {
    tickets: catalogue.products.map((product) => product.code),
    merchandise: catalogue.merchandise.map((item) => item.code),
  });
  if (clashes.length) {
    throw new CatalogueError(file, clashes.map((code) => `code "${code}" already belongs to an item of the other kind (product versus merchandise)`));
  }
  // Resized outside the transaction: it is CPU work, and a bad image fails before anything is written.
  const media: MediaRow[] = [];
  for (const [name, image] of images) {
    try {
      media.push(image.row, ...(await makeImageVariants(image.row)));
    } catch (error) {
      throw new CatalogueError(file, [`image ${name} cannot be read as an image: ${(error as Error).message}`]);
    }
  }
  const summary: ImportSummary = { events: 0, taxRates: 0, products: 0, merchandise: 0, travelTimes: 0, vouchers: 0, shippingRates: 0, checkinLists: 0, images: images.size };
  try {
    await db.transaction(async (tx) => {
      for (const row of media) await queries.insertMedia(tx, row);
      const eventIds = new Map<string, number>();
      for (const event of catalogue.events) {
        eventIds.set(
          event.code,
          await queries.upsertEvent(tx, {
            externalCode: event.code,
            name: event.name,
            timezone: event.timezone,
            startsAt: toDate(event.starts_at),
            ageRangeActive: event.age_range_active,
            creditCardActive: event.credit_card_active,
            bankTransferActive: event.bank_transfer_active,
            bankTransferCountries: event.bank_transfer_countries,
          }),
        );
        summary.events += 1;
      }
      const taxIds = new Map<string, number>();
      for (const rate of catalogue.tax_rates) {
        taxIds.set(rate.code, await queries.upsertTaxRate(tx, { externalCode: rate.code, name: rate.name, basisPoints: Math.round(rate.rate * 100) }));
        summary.taxRates += 1;
      }
      const common = (item: CatalogueFile['products'][number] | CatalogueFile['merchandise'][number]) => ({
        externalCode: item.code,
        name: item.name,
        type: item.type,
        price: item.price,
        fee: item.fee,
        taxRateId: taxIds.get(item.tax)!,
        images: item.images.map((image) => images.get(image)!.url),
        description: sanitizeRichText(item.description),
        stock: item.stock ?? null,
        isFeatured: item.featured,
        forceView: item.force_view,
        onSale: item.on_sale,
        limitPerOrder: item.limit_per_order,
        isRefundable: item.refund.refundable,
        refundFee: item.refund.fee,
        allowRefundRequestsFrom: toDate(item.refund.from),
        allowRefundRequestsUntil: toDate(item.refund.until),
        sortOrder: item.sort,
      });
      const productIds = new Map<string, number>();
      for (const product of catalogue.products) {
        const id = await queries.upsertShopItem(tx, {
          ...common(product),
          shopItemType: 'tickets',
          eventId: eventIds.get(product.event)!,
          paymentPlan: product.payment_plan ?? null,
          allowNameChanges: product.name_changes.allowed,
          allowNameChangesUntil: toDate(product.name_changes.until),
          nameChangeLimit: product.name_changes.limit,
          allowEmailChanges: product.email_changes,
          travelTimeType: product.transport?.travel_time_type ?? null,
          travelTime: toDate(product.transport?.travel_time),
          allowTravelTimeChangesUntil: toDate(product.transport?.changes_until),
        });
        productIds.set(product.code, id);
        summary.products += 1;
        const keep: number[] = [];
        if (product.transport?.travel_time_type === 'selectable') {
          for (const time of product.transport.travel_times) {
            keep.push(await queries.upsertTravelTime(tx, { shopItemId: id, departsAt: new Date(time.time), seats: time.seats ?? null }));
            summary.travelTimes += 1;
          }
        }
        await queries.deactivateOtherTravelTimes(tx, id, keep);
      }
      for (const item of catalogue.merchandise) {
        await queries.upsertShopItem(tx, { ...common(item), shopItemType: 'merchandise', eventId: null });
        summary.merchandise += 1;
      }
      for (const voucher of catalogue.vouchers) {
        await queries.upsertVoucher(tx, {
          code: voucher.code.toUpperCase(),
          name: voucher.name,
          discountAmount: voucher.discount_amount,
          maxUses: voucher.max_uses ?? null,
          validFrom: toDate(voucher.valid_from),
          validUntil: toDate(voucher.valid_until),
          active: voucher.active,
        });
        summary.vouchers += 1;
      }
      for (const rate of catalogue.shipping_rates) {
        await queries.upsertShippingRate(tx, { country: rate.country, name: rate.name, type: rate.type, price: rate.price });
        summary.shippingRates += 1;
      }
      const listIds: number[] = [];
      for (const list of catalogue.checkin_lists) {
        const id = await checkinListQueries.upsertCheckinList(tx, {
          code: list.code,
          eventId: eventIds.get(list.event)!,
          name: list.name,
          entry: list.entry,
          opensAt: toDate(list.opens_at),
          closesAt: toDate(list.closes_at),
          boardingBeforeMinutes: list.boarding.before_minutes,
          boardingAfterMinutes: list.boarding.after_minutes,
          gates: list.gates,
        });
        await checkinListQueries.replaceCheckinListProducts(tx, id, list.products.map((productCode) => productIds.get(productCode)!));
        listIds.push(id);
        summary.checkinLists += 1;
      }
      // Check-ins refer to a list, so a list the file no longer has is switched off, never deleted.
      await checkinListQueries.deactivateOtherCheckinLists(tx, listIds);
    });
  } catch (error) {
    throw explainConstraint(error, file);
  }
  return summary;
}

function toDate(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

/** Reads every image the catalogue names; a missing or escaping path is a catalogue problem. */
export function loadImages(catalogue: CatalogueFile, baseDir: string, file: string) {
  const images = new Map<string, { url: string; row: { hash: string; contentType: string; bytes: Buffer; size: number } }>();
  const problems: string[] = [];
  const all = [
    ...catalogue.products.map((item, index) => ({ item, where: `products[${index}]` })),
    ...catalogue.merchandise.map((item, index) => ({ item, where: `merchandise[${index}]` })),
  ];
  for (const { item, where } of all) {
    item.images.forEach((image, index) => {
      if (images.has(image)) return;
      const resolved = path.resolve(baseDir, image);
      if (!resolved.startsWith(path.resolve(baseDir) + path.sep)) {
        problems.push(`${where}.images[${index}]: must stay inside the catalogue's folder`);
        return;
      }
      try {
        const bytes = readFileSync(resolved);
        const extension = path.extname(image).toLowerCase();
        const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
        images.set(image, {
          url: `/media/${hash}${extension}`,
          row: { hash, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream', bytes, size: bytes.length },
        });
      } catch {
        problems.push(`${where}.images[${index}]: cannot read ${image} (looked in ${baseDir})`);
      }
    });
  }
  if (problems.length) throw new CatalogueError(file, problems);
  return images;
}

/** A check constraint refusing an update means the catalogue would undercut what is already sold. */
function explainConstraint(error: unknown, file: string): unknown {
  const constraint = findConstraint(error);
  if (constraint === 'shop_items_within_stock') {
    return new CatalogueError(file, ['a stock level is lower than what is already sold or held in carts; raise it']);
  }
  if (constraint === 'travel_times_within_seats') {
    return new CatalogueError(file, ['a travel time has fewer seats than are already sold or held in carts; raise it']);
  }
  if (constraint === 'vouchers_within_uses') {
    return new CatalogueError(file, ['a voucher has a max_uses lower than the times it was already used']);
  }
  return error;
}

function findConstraint(error: unknown): string | undefined {
  let current = error as { constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.constraint === 'string') return current.constraint;
    current = current.cause as typeof current;
  }
  return undefined;
}
