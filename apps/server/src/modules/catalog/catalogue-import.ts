import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML, { isMap, isScalar, isSeq, LineCounter } from 'yaml';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { listQuestionsSetHere, questionColumns, questionOfRow, upsertQuestion } from './questions.queries';
import { sanitizeRichText } from '../../lib/sanitize';
import { admissionColumns, basisPointsOf, eventsProblems, itemsProblems, itemReferenceProblems, type ItemReferences, itemTaxProblem, paymentPlanProblem, rateOfBasisPoints, shippingRatesProblems, taxRatesProblems, checkinListProblems, priceTierMessages, storedPriceTiers, onsaleRuleProblems, onsaleSpan, type OnsaleRoomSpan, type CheckinListCatalogue, type ListableItem, voucherStateProblems, windowProblem, type CatalogueDiff, type VoucherDefinition, type CatalogueEditableField, type CatalogueEventEditableField, type KeptChange, issueText as textOfIssue, english, isLocale, translationLanguageProblems, type Locale, requiresProblems, eventDatesProblem, variantMessages, variantNameTranslations, variantName } from '@festival/contract';
import type { events, shopItems } from '../../db/schema';
import { catalogueFile, listedProductCode, type CatalogueFile } from './catalogue-file';
import * as queries from './catalog.queries';
import type { EventRow, ShippingRateRow, ShopItemRow, TaxRateRow } from './catalog.queries';
import * as checkinListQueries from '../checkin/checkin-lists.queries';
import { listColumns, reconcileListWithBackOffice, shapeOfDefinition, shapeOfRow, type CheckinListShape } from '../checkin/checkin-list-definition';
import * as onsaleQueries from '../onsale/onsale.queries';
import { lockOnsaleRooms } from '../backoffice/onsales.queries';
import { lockCatalogueStructure } from '../backoffice/catalogue.queries';
import { makeImageVariants, type MediaRow } from './image-variants';
import { readLiveCatalogue } from './catalogue-export';
import { diffCatalogues, type DiffOptions } from './catalogue-diff';

type Segment = string | number;

/** A problem of a catalogue: where in the file (field path and line, where it has them) and what. */
export interface CatalogueProblemEntry {
  /** The field's path (products, 3, transport, travel_time); empty for the file as a whole. */
  path: Segment[];
  line: number | null;
  message: string;
}

/** A problem's field as organisers read it: products[3].transport.travel_time */
export const problemField = (entry: Pick<CatalogueProblemEntry, 'path'>) => formatPath(entry.path);

/** A problem on one line of text: "products[3].price (line 15): must be ..." */
export function describeProblem(entry: CatalogueProblemEntry): string {
  const field = problemField(entry);
  if (!field) return entry.line ? `line ${entry.line}: ${entry.message}` : entry.message;
  return `${field}${entry.line ? ` (line ${entry.line})` : ''}: ${entry.message}`;
}

export class CatalogueError extends Error {
  readonly entries: CatalogueProblemEntry[];
  constructor(
    readonly file: string,
    problems: (CatalogueProblemEntry | string)[],
    /** Problems found beyond `entries`, counted but not located (ParseOptions.locateAtMost). */
    readonly more = 0,
  ) {
    const entries = problems.map((problem) => (typeof problem === 'string' ? { path: [], line: null, message: problem } : problem));
    super(`${file} is not a valid catalogue:\n${entries.map((entry) => `  ${describeProblem(entry)}`).join('\n')}${more ? `\n  and ${more} more problems` : ''}`);
    this.name = 'CatalogueError';
    this.entries = entries;
  }

  /** Every problem as one line of text. */
  get problems(): string[] {
    return this.entries.map(describeProblem);
  }

  /** The same problems with lines found for those that have a path but no line yet. */
  withLines(lineOf: (path: readonly Segment[]) => number | undefined): CatalogueError {
    return new CatalogueError(
      this.file,
      this.entries.map((entry) => (entry.line === null && entry.path.length ? { ...entry, line: lineOf(entry.path) ?? null } : entry)),
      this.more,
    );
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
  onsales: number;
  images: number;
}

/** Formats a path the way organisers read it: products[3].transport.travel_time */
function formatPath(segments: readonly Segment[]): string {
  return segments.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    return text ? `${text}.${String(segment)}` : String(segment);
  }, '');
}

/**
 * Parses YAML or JSON (JSON is read by the YAML parser too, so both get line numbers) and
 * validates it; every problem names its field path and line.
 */
export function parseCatalogue(text: string, file: string, languages?: readonly Locale[]): CatalogueFile {
  return parseCatalogueText(text, file, { languages }).catalogue;
}

/**
 * How the YAML reader reads a catalogue: the core schema whatever a %YAML 1.1 directive says, so no
 * merge keys (`<<`, a way to multiply one alias's values) and none of 1.1's binary, timestamp or set
 * values; an alias may be used at most MAX_ALIAS_USES times (more is how an alias bomb expands).
 */
const YAML_OPTIONS = { prettyErrors: true, schema: 'core', merge: false } as const;
const MAX_ALIAS_USES = 100;
/** A problem's text at most this long: it may quote the file (a key as long as a line), and an answer lists many. */
export const PROBLEM_TEXT_MAX = 300;
/** An unknown-keys problem names at most this many of them. */
const UNKNOWN_KEYS_NAMED = 5;

const clipped = (text: string, max = PROBLEM_TEXT_MAX) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export interface ParseOptions {
  /**
   * Only this many problems get their line and text; the rest are counted (CatalogueError.more).
   * The back office shows the first problems of a file with tens of thousands.
   */
  locateAtMost?: number;
  /**
   * The shop's languages (its configuration's, the first its default): a translation in another
   * language, or in the default, is a problem at its line. Without them, any language the shop
   * software knows is accepted.
   */
  languages?: readonly Locale[];
}

/** The catalogue, and where in the text each field is (for problems found later, at import). */
export function parseCatalogueText(text: string, file: string, options: ParseOptions = {}): { catalogue: CatalogueFile; lineOf: (path: readonly Segment[]) => number | undefined } {
  const locateAtMost = options.locateAtMost ?? Infinity;
  const lineCounter = new LineCounter();
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lineCounter.linePos(offset).line);
  let document: YAML.Document.Parsed;
  try {
    document = YAML.parseDocument(text, { lineCounter, ...YAML_OPTIONS });
  } catch (error) {
    // The reader reports what it finds as errors; anything it throws is still a problem of the file.
    throw new CatalogueError(file, [{ path: [], line: 1, message: clipped(`cannot be read as YAML or JSON: ${(error as Error).message}`) }]);
  }
  if (document.errors.length) {
    throw new CatalogueError(
      file,
      document.errors.slice(0, locateAtMost).map((error) => ({ path: [], line: error.linePos?.[0]?.line ?? lineAt(error.pos[0]), message: clipped(error.message.split('\n')[0] ?? error.message) })),
      Math.max(0, document.errors.length - locateAtMost),
    );
  }
  // The line of the deepest part of the path that exists: a key's own line, or a list item's; the file's start for the whole file.
  const lineOf = (segments: readonly PropertyKey[]): number | undefined => {
    for (let length = segments.length; length >= 1; length -= 1) {
      const parent = length === 1 ? document.contents : document.getIn(segments.slice(0, length - 1) as unknown[], true);
      const segment = segments[length - 1];
      let node: { range?: [number, number, number] | null } | null | undefined;
      if (isMap(parent)) node = parent.items.find((pair) => isScalar(pair.key) && pair.key.value === segment)?.key as typeof node;
      else if (isSeq(parent) && typeof segment === 'number') node = parent.items[segment] as typeof node;
      if (node?.range) return lineCounter.linePos(node.range[0]).line;
    }
    return lineAt(document.contents?.range?.[0]);
  };
  let data: unknown;
  try {
    data = document.toJS({ maxAliasCount: MAX_ALIAS_USES });
  } catch (error) {
    throw new CatalogueError(file, [aliasProblem(document, error as Error, lineAt)]);
  }
  if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) {
    throw new CatalogueError(file, [{ path: [], line: lineOf([]) ?? 1, message: `must be a mapping of sections (events, tax_rates, products, merchandise...), not ${Array.isArray(data) ? 'a list' : 'a single value'}` }]);
  }
  const parsed = catalogueFile.safeParse(data ?? {});
  // Every problem in one pass (issue 34): the rules across entries run on the entries that are
  // valid on their own, so fixing a file's schema problems never reveals a second list.
  const schemaProblems: CatalogueProblemEntry[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
        line: null,
        message: english(textOfIssue(issue)),
        issue,
      }));
  const entries = parsed.success ? readable(parsed.data) : readableEntries(data ?? {});
  const problems = [...schemaProblems, ...crossCheck(entries), ...languageProblems(entries, options.languages), ...questionLanguageProblems(entries, options.languages)];
  if (problems.length) {
    const listed = problems.slice(0, locateAtMost).map(({ path, message, ...rest }) => ({
      path,
      line: lineOf(path) ?? null,
      message: clipped('issue' in rest && rest.issue ? issueText(rest.issue as z.core.$ZodIssue) : message),
    }));
    throw new CatalogueError(file, listed, Math.max(0, problems.length - locateAtMost));
  }
  if (!parsed.success) throw new Error('a catalogue with schema issues passed the check');
  return { catalogue: parsed.data, lineOf };
}

/**
 * The catalogue as the rules across entries read it: each section's entries, null where an entry is
 * not valid on its own (its own problems are listed already), and the codes of such entries, so a
 * reference to a misspelt entry is not reported twice. A section that is not a list at all is null:
 * references into it are not checked.
 */
type Entries<T> = readonly (T | null)[];
interface ReadableCatalogue {
  events: Entries<CatalogueFile['events'][number]>;
  tax_rates: Entries<CatalogueFile['tax_rates'][number]>;
  products: Entries<CatalogueFile['products'][number]>;
  merchandise: Entries<CatalogueFile['merchandise'][number]>;
  vouchers: Entries<CatalogueFile['vouchers'][number]>;
  shipping_rates: Entries<CatalogueFile['shipping_rates'][number]>;
  checkin_lists: Entries<CatalogueFile['checkin_lists'][number]>;
  onsales: Entries<CatalogueFile['onsales'][number]>;
  /** Codes of a section's entries, valid or not; null: the section could not be read. */
  codes: { events: Set<string> | null; tax_rates: Set<string> | null; products: Set<string> | null; merchandise: Set<string> | null };
}

const codesOf = (entries: readonly unknown[]) =>
  new Set(entries.map((entry) => (entry && typeof entry === 'object' && 'code' in entry ? String((entry as { code: unknown }).code) : '')).filter(Boolean));

function readable(catalogue: CatalogueFile): ReadableCatalogue {
  return {
    ...catalogue,
    codes: { events: codesOf(catalogue.events), tax_rates: codesOf(catalogue.tax_rates), products: codesOf(catalogue.products), merchandise: codesOf(catalogue.merchandise) },
  };
}

function readableEntries(data: object): ReadableCatalogue {
  const raw = data as Record<string, unknown>;
  const section = <T,>(name: keyof CatalogueFile, schema: z.ZodType<T>): { entries: (T | null)[]; codes: Set<string> | null } => {
    const value = raw[name];
    if (value === undefined || value === null) return { entries: [], codes: new Set() };
    if (!Array.isArray(value)) return { entries: [], codes: null };
    return { entries: value.map((entry) => schema.safeParse(entry).data ?? null), codes: codesOf(value) };
  };
  const shape = catalogueFile.shape;
  const events = section('events', shape.events.unwrap().element);
  const taxRates = section('tax_rates', shape.tax_rates.unwrap().element);
  const products = section('products', shape.products.unwrap().element);
  const merchandise = section('merchandise', shape.merchandise.unwrap().element);
  return {
    events: events.entries,
    tax_rates: taxRates.entries,
    products: products.entries,
    merchandise: merchandise.entries,
    vouchers: section('vouchers', shape.vouchers.unwrap().element).entries,
    shipping_rates: section('shipping_rates', shape.shipping_rates.unwrap().element).entries,
    checkin_lists: section('checkin_lists', shape.checkin_lists.unwrap().element).entries,
    onsales: section('onsales', shape.onsales.unwrap().element).entries,
    codes: { events: events.codes, tax_rates: taxRates.codes, products: products.codes, merchandise: merchandise.codes },
  };
}

/** A schema issue in the organiser's words. */
function issueText(issue: z.core.$ZodIssue): string {
  // The shop's general text ("This field is not valid.") would not say which key is misspelt.
  if (issue.code !== 'unrecognized_keys') return english(textOfIssue(issue));
  if (issue.keys.includes('<<')) return 'merge keys (<<) are not read: write the fields out';
  const named = issue.keys.slice(0, UNKNOWN_KEYS_NAMED).map((key) => `"${clipped(key, 40)}"`);
  const more = issue.keys.length - named.length;
  return `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** An alias the reader would not expand (too many uses, or no anchor before it), at the line of the alias. */
function aliasProblem(document: YAML.Document.Parsed, error: Error, lineAt: (offset: number | undefined) => number): CatalogueProblemEntry {
  const unresolved = /^Unresolved alias.*: (.+)$/.exec(error.message)?.[1];
  let offset: number | undefined;
  YAML.visit(document, {
    Alias(_, node) {
      if (unresolved !== undefined && node.source !== unresolved) return undefined;
      offset = node.range?.[0];
      return YAML.visit.BREAK;
    },
  });
  const message = /alias count/i.test(error.message)
    ? `aliases (*name) are used more than ${MAX_ALIAS_USES} times, which could expand the file without end: write the values out`
    : unresolved !== undefined
      ? clipped(`the alias *${unresolved} has no anchor (&${unresolved}) before it`)
      : clipped(`cannot be read: ${error.message}`);
  return { path: [], line: lineAt(offset), message };
}

/**
 * An item's columns as the file or the back office defines it (decision 0103): what an import of
 * the entry writes, and what the back office's create writes, are the same row. `images`: the
 * shop's urls of the entry's images.
 */
export function itemCommonColumns(item: CatalogueFile['products'][number] | CatalogueFile['merchandise'][number], refs: { taxRateId: number; images: string[] }) {
  return {
    externalCode: item.code,
    name: item.name,
    type: item.type,
    price: item.price,
    priceTiers: storedPriceTiers(item.tiers),
    fee: item.fee,
    taxRateId: refs.taxRateId,
    images: refs.images,
    description: sanitizeRichText(item.description),
    // Rich texts of every language are sanitised as the default language's (decision 0094).
    translations: keptTranslations(item.translations, (translation) => (translation.description === undefined ? translation : { ...translation, description: sanitizeRichText(translation.description) })),
    stock: item.stock ?? null,
    isFeatured: item.featured,
    forceView: item.force_view,
    onSale: item.on_sale,
    saleStartsAt: toDate(item.on_sale_from),
    saleEndsAt: toDate(item.on_sale_until),
    limitPerOrder: item.limit_per_order,
    isRefundable: item.refund.refundable,
    refundFee: item.refund.fee,
    allowRefundRequestsFrom: toDate(item.refund.from),
    allowRefundRequestsUntil: toDate(item.refund.until),
    sortOrder: item.sort,
    archived: item.archived,
  };
}

/** A product's own columns beside the common ones (its event's id given). */
export function productColumns(product: Omit<CatalogueFile['products'][number], 'questions'>, eventId: number) {
  return {
    shopItemType: 'tickets' as const,
    eventId,
    paymentPlan: product.payment_plan ?? null,
    allowNameChanges: product.name_changes.allowed,
    allowNameChangesUntil: toDate(product.name_changes.until),
    nameChangeLimit: product.name_changes.limit,
    allowEmailChanges: product.email_changes,
    travelTimeType: product.transport?.travel_time_type ?? null,
    travelTime: toDate(product.transport?.travel_time),
    allowTravelTimeChangesUntil: toDate(product.transport?.changes_until),
    requires: product.requires?.length ? product.requires : null,
  };
}

/** A voucher's columns as the file or the back office defines it (decision 0096): codes upper-case, a kind's own field only. */
export function voucherColumns(voucher: VoucherDefinition) {
  return {
    code: voucher.code.toUpperCase(),
    name: voucher.name,
    kind: voucher.kind,
    discountAmount: voucher.kind === 'fixed' ? (voucher.discount_amount ?? null) : null,
    percent: voucher.kind === 'percentage' ? (voucher.percent ?? null) : null,
    freeProduct: voucher.kind === 'free_product' ? (voucher.product ?? null) : null,
    products: voucher.kind === 'free_product' ? null : (voucher.products ?? null),
    maxUses: voucher.max_uses ?? null,
    maxUsesPerCustomer: voucher.max_uses_per_customer ?? null,
    validFrom: toDate(voucher.valid_from),
    validUntil: toDate(voucher.valid_until),
    active: voucher.active,
  };
}

/** Rules that span entries: references resolve, codes are unique, plans add up. */
function crossCheck(catalogue: ReadableCatalogue): CatalogueProblemEntry[] {
  const problems: CatalogueProblemEntry[] = [];
  const problem = (path: Segment[], message: string) => problems.push({ path, line: null, message });
  const eventCodes = catalogue.codes.events;
  const taxCodes = catalogue.codes.tax_rates;
  // A code names one event: the back office's event editor asks the same (event-fields.ts).
  for (const found of eventsProblems(catalogue.events)) problem(['events', found.index, ...found.path], english(found.text));
  // The rules across rates are the back office's editors' too (rate-fields.ts, decision 0101).
  for (const found of taxRatesProblems(catalogue.tax_rates)) problem(['tax_rates', found.index, ...found.path], english(found.text));
  // The rules across items are the back office's item editor's too (product-fields.ts, decision 0103).
  const items = [...catalogue.products.map((item, index) => ({ item, at: ['products', index] as Segment[] })), ...catalogue.merchandise.map((item, index) => ({ item, at: ['merchandise', index] as Segment[] }))];
  // A variant's code is an item's code like any other (decision 0104).
  const variants = catalogue.merchandise.flatMap((item, index) => (item?.variants ?? []).map((variant, position) => ({ item: { code: variant.code }, at: ['merchandise', index, 'variants', position] as Segment[] })));
  const codeProblems = new Map(
    itemsProblems(
      [...items, ...variants].map(({ item }) => item),
      (index) => formatPath([...items, ...variants][index]!.at),
    ).map((found) => [found.index, found] as const),
  );
  for (const [offset, { at }] of variants.entries()) {
    const taken = codeProblems.get(items.length + offset);
    if (taken) problem([...at, ...taken.path], english(taken.text));
  }
  const references: ItemReferences = {
    eventExists: eventCodes && ((code) => eventCodes.has(code)),
    taxExists: taxCodes && ((code) => taxCodes.has(code)),
    archivedTax: new Set(catalogue.tax_rates.flatMap((rate) => (rate?.archived ? [rate.code] : []))),
  };
  for (const [index, { item, at }] of items.entries()) {
    if (!item) continue;
    const taken = codeProblems.get(index);
    if (taken) problem([...at, ...taken.path], english(taken.text));
    const kinded = at[0] === 'products' ? { kind: 'product' as const, ...(item as CatalogueFile['products'][number]) } : { kind: 'merchandise' as const, tax: item.tax, archived: item.archived };
    for (const found of itemReferenceProblems(kinded, references)) problem([...at, ...found.path], english(found.text));
  }
  // A product's required products are products of its event, never itself (decision 0104): the back office's rule too.
  const productEvents = new Map(catalogue.products.flatMap((product) => (product ? [[product.code, { event: product.event }] as const] : [])));
  catalogue.products.forEach((product, index) => {
    if (!product?.requires || !catalogue.codes.products) return;
    for (const found of requiresProblems(product.requires, { code: product.code, event: product.event }, productEvents)) problem(['products', index, 'requires', found.index], english(found.text));
  });
  const voucherCodes = new Set<string>();
  // The products a voucher names are the file's products and merchandise (as an on-sale's are).
  const { products: productCodes, merchandise: merchandiseCodes } = catalogue.codes;
  const itemCodes = productCodes && merchandiseCodes ? new Set([...productCodes, ...merchandiseCodes]) : null;
  catalogue.vouchers.forEach((voucher, index) => {
    if (!voucher) return;
    const upper = voucher.code.toUpperCase();
    if (voucherCodes.has(upper)) problem(['vouchers', index, 'code'], `"${voucher.code}" appears twice (codes ignore case)`);
    voucherCodes.add(upper);
    for (const found of voucherStateProblems(voucher, null, itemCodes)) problem(['vouchers', index, ...found.path], english(found.text));
  });
  for (const found of shippingRatesProblems(catalogue.shipping_rates)) problem(['shipping_rates', found.index, ...found.path], english(found.text));
  problems.push(...crossCheckCheckinLists(catalogue, eventCodes));
  problems.push(...crossCheckOnsales(catalogue, eventCodes));
  return problems;
}

/** Translations in languages the shop offers, other than its default (decision 0094). */
function languageProblems(catalogue: ReadableCatalogue, languages: readonly Locale[] | undefined): CatalogueProblemEntry[] {
  const problems: CatalogueProblemEntry[] = [];
  for (const section of ['events', 'products', 'merchandise'] as const) {
    catalogue[section].forEach((entry, index) => {
      const translations = entry?.translations;
      if (!translations) return;
      const found = languages
        ? translationLanguageProblems(translations, languages)
        : Object.keys(translations)
            .filter((code) => !isLocale(code))
            .map((code) => ({ code, message: `${clipped(code, 40)} is not a language the shop knows` }));
      for (const problem of found) problems.push({ path: [section, index, 'translations', problem.code], line: null, message: problem.message });
    });
  }
  catalogue.merchandise.forEach((entry, index) =>
    entry?.variants?.forEach((variant, position) => {
      if (!variant?.translations) return;
      const found = languages ? translationLanguageProblems(variant.translations, languages) : Object.keys(variant.translations).filter((code) => !isLocale(code)).map((code) => ({ code, message: `${clipped(code, 40)} is not a language the shop knows` }));
      for (const problem of found) problems.push({ path: ['merchandise', index, 'variants', position, 'translations', problem.code], line: null, message: problem.message });
    }),
  );
  return problems;
}

/** A product question's and its options' translations in languages the shop offers (decision 0106). */
function questionLanguageProblems(catalogue: ReadableCatalogue, languages: readonly Locale[] | undefined): CatalogueProblemEntry[] {
  const problems: CatalogueProblemEntry[] = [];
  const check = (translations: unknown, path: Segment[]) => {
    if (!translations || typeof translations !== 'object') return;
    const found = languages
      ? translationLanguageProblems(translations as Record<string, unknown>, languages)
      : Object.keys(translations)
          .filter((code) => !isLocale(code))
          .map((code) => ({ code, message: `${clipped(code, 40)} is not a language the shop knows` }));
    for (const problem of found) problems.push({ path: [...path, 'translations', problem.code], line: null, message: problem.message });
  };
  catalogue.products.forEach((product, index) => {
    const questions = (product as { questions?: unknown } | null)?.questions;
    if (!Array.isArray(questions)) return;
    questions.forEach((question: { translations?: unknown; options?: unknown } | null, at) => {
      if (Array.isArray(question?.options)) question.options.forEach((option: { translations?: unknown } | null, o) => check(option?.translations, ['products', index, 'questions', at, 'options', o]));
      check(question?.translations, ['products', index, 'questions', at]);
    });
  });
  return problems;
}

/**
 * The on-sales' rules across the file (the back office's `onsale-create` checks the same, against
 * the shop: onsaleRuleProblems): unique codes, events and products the file has, one room at a
 * time over a product.
 */
function crossCheckOnsales(catalogue: ReadableCatalogue, eventCodes: Set<string> | null): CatalogueProblemEntry[] {
  const problems: CatalogueProblemEntry[] = [];
  const { products, merchandise } = catalogue.codes;
  const itemCodes = products && merchandise ? new Set([...products, ...merchandise]) : null;
  const codes = new Map<string, string>();
  const roomsOf = new Map<string, OnsaleRoomSpan[]>();
  catalogue.onsales.forEach((onsale, index) => {
    if (!onsale) return;
    const at: Segment[] = ['onsales', index];
    const found = onsaleRuleProblems(onsale, {
      eventExists: eventCodes && ((code) => eventCodes.has(code)),
      itemExists: itemCodes && ((code) => itemCodes.has(code)),
      codeUsedBy: (code) => codes.get(code) ?? null,
      roomsOf: (code) => roomsOf.get(code) ?? [],
    });
    for (const problem of found) problems.push({ path: [...at, ...problem.path], line: null, message: english(problem.text) });
    if (!codes.has(onsale.code)) codes.set(onsale.code, formatPath(at));
    const span = { name: formatPath(at), ...onsaleSpan(onsale) };
    for (const code of new Set(onsale.products)) {
      const rooms = roomsOf.get(code);
      if (rooms) rooms.push(span);
      else roomsOf.set(code, [span]);
    }
  });
  return problems;
}

/**
 * A payment plan's amounts add up to what the item costs; the problem's text in English, or null.
 * The rule is the contract's (paymentPlanProblem, decision 0103); this says what the total is.
 */
export function planProblem(plan: { amount: number }[] | null | undefined, total: number, totalIs: string): string | null {
  if (!paymentPlanProblem(plan, total)) return null;
  const sum = (plan ?? []).reduce((added, entry) => added + entry.amount, 0);
  return `the amounts add up to ${sum}, but ${totalIs} ${total}`;
}

/**
 * A list's code is unique in the file; the rest of a list's rules are the back office's too
 * (`checkinListProblems`): a list admits products of its own event only, each once, on days it is open.
 */
function crossCheckCheckinLists(catalogue: ReadableCatalogue, eventCodes: Set<string> | null): CatalogueProblemEntry[] {
  const problems: CatalogueProblemEntry[] = [];
  const problem = (path: Segment[], message: string) => problems.push({ path, line: null, message });
  const eventZones = new Map(catalogue.events.flatMap((event) => (event ? [[event.code, event.timezone] as const] : [])));
  const events = eventCodes && new Map([...eventCodes].map((code) => [code, eventZones.get(code) ?? null] as const));
  const { products: productCodes, merchandise: merchandiseCodes } = catalogue.codes;
  let items: Map<string, ListableItem> | null = null;
  if (productCodes && merchandiseCodes) {
    // A product that is itself not valid (no event read) is known by its code: its own problems are listed.
    const valid = new Map(catalogue.products.flatMap((product) => (product ? [[product.code, product] as const] : [])));
    items = new Map<string, ListableItem>([...merchandiseCodes].map((code) => [code, { kind: 'merchandise' }] as const));
    for (const code of productCodes) {
      const product = valid.get(code);
      if (product) items.set(code, { kind: 'product', event: product.event, days: product.days ?? null });
      else if (!items.has(code)) items.set(code, { kind: 'product', event: null, days: null });
    }
  }
  const listCodes = new Map<string, string>();
  catalogue.checkin_lists.forEach((list, index) => {
    if (!list) return;
    const at: Segment[] = ['checkin_lists', index];
    const first = listCodes.get(list.code);
    if (first) problem([...at, 'code'], `"${list.code}" is already used by ${first}; check-in list codes must be unique`);
    else listCodes.set(list.code, formatPath(at));
    for (const found of checkinListProblems(list, { events, items })) problem([...at, ...found.path], english(found.text));
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

export function readCatalogueFile(file: string, languages?: readonly Locale[]): CatalogueFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CatalogueError(file, [`cannot be read: ${(error as Error).message}`]);
  }
  return parseCatalogueText(text, file, { languages }).catalogue;
}

/** Where an import finds the images the file names. */
export type ImageSource =
  /** The catalogue's folder (`npm run catalog -- import FILE`): read, stored and remembered by path. */
  | { folder: string }
  /** Images an earlier import read, by the path the file names them with (an upload through the back office). */
  | { known: true };

export interface ImportOptions {
  file?: string;
  images: ImageSource;
  /** The file's values replace those set in the back office, and the marks go (decision 0047). */
  fileWins?: boolean;
  /** The whole import runs and is rolled back: its problems and kept changes, nothing written. */
  checkOnly?: boolean;
  /** Runs inside the import's transaction once everything is written (the back office's audit entry). */
  inTransaction?: (tx: Db, result: ImportResult) => Promise<void>;
  /**
   * Tell what the import changes (`diff` of the result): the live catalogue is read before and after
   * it, in its transaction (decision 0095); `timezone` is the shop's, for times of no event.
   */
  diff?: DiffOptions & { timezone?: string };
}

export interface ImportResult {
  summary: ImportSummary;
  /** Back-office changes where the file says otherwise: kept (or replaced when the file wins). */
  kept: KeptChange[];
  /** What the import changed (or, checking only, would change), when asked for. */
  diff?: CatalogueDiff;
}

class CheckOnly extends Error {
  constructor(readonly result: ImportResult) {
    super('check only: rolled back');
  }
}

/**
 * Loads a catalogue in one transaction, matching every entry by its code: importing the
 * same file twice changes nothing, and a failed import leaves the shop as it was.
 */
export async function importCatalogue(db: Db, catalogue: CatalogueFile, baseDir: string, file = 'catalogue'): Promise<ImportSummary> {
  return (await importCatalogueWith(db, catalogue, { file, images: { folder: baseDir } })).summary;
}

export async function importCatalogueWith(db: Db, catalogue: CatalogueFile, options: ImportOptions): Promise<ImportResult> {
  const file = options.file ?? 'catalogue';
  const fileWins = options.fileWins ?? false;
  // What only the shop knows (codes of the other kind, images it has) is gathered into one list too.
  const early: CatalogueProblemEntry[] = [];
  const clashes = await queries.findItemCodesOfOtherType(db, {
    tickets: catalogue.products.map((product) => product.code),
    merchandise: catalogue.merchandise.flatMap((item) => [item.code, ...(item.variants ?? []).map((variant) => variant.code)]),
  });
  for (const code of clashes) early.push({ path: [], line: null, message: `code "${code}" already belongs to an item of the other kind (product versus merchandise)` });
  let images = new Map<string, LoadedImage>();
  try {
    images = 'folder' in options.images ? loadImages(catalogue, options.images.folder, file) : await knownImages(db, catalogue, file);
  } catch (error) {
    if (!(error instanceof CatalogueError)) throw error;
    early.push(...error.entries);
  }
  if (early.length) throw new CatalogueError(file, early);
  // Resized outside the transaction: it is CPU work, and a bad image fails before anything is written.
  const media: MediaRow[] = [];
  for (const [name, image] of images) {
    if (!image.row) continue;
    try {
      media.push(image.row, ...(await makeImageVariants(image.row)));
    } catch (error) {
      throw new CatalogueError(file, [`image ${name} cannot be read as an image: ${(error as Error).message}`]);
    }
  }
  const summary: ImportSummary = { events: 0, taxRates: 0, products: 0, merchandise: 0, travelTimes: 0, vouchers: 0, shippingRates: 0, checkinLists: 0, onsales: 0, images: [...images.values()].filter((image) => image.row).length };
  const kept: KeptChange[] = [];
  /** Back-office marks the file caught up with: the fields are the file's again. */
  const handedBack: { code: string; field: string }[] = [];
  const problems: CatalogueProblemEntry[] = [];
  let diff: CatalogueDiff | undefined;
  try {
    await db.transaction(async (tx) => {
      // What names what (lists, on-sales, required products, events) is written against one state:
      // the back office's structure changes and on-sales wait for the import, first of all (decisions 0098, 0116).
      await lockCatalogueStructure(tx);
      await lockOnsaleRooms(tx);
      const liveOptions = { timezone: options.diff?.timezone, imageNames: 'url' as const };
      const before = options.diff ? await readLiveCatalogue(tx, liveOptions) : null;
      for (const row of media) await queries.insertMedia(tx, row);
      for (const [imagePath, image] of images) if (image.row) await queries.rememberCatalogueImage(tx, imagePath, image.url);
      const eventIds = new Map<string, number>();
      // An event's texts set in the back office: kept where the file says otherwise, unless the file wins (decision 0094).
      const markedEvents = new Map((await queries.listEventsChangedHere(tx, catalogue.events.map((event) => event.code))).map((row) => [row.externalCode, row]));
      for (const event of catalogue.events) {
        const reconciled = reconcileEventWithBackOffice(
          {
            externalCode: event.code,
            name: event.name,
            timezone: event.timezone,
            startsAt: toDate(event.starts_at),
            endsAt: toDate(event.ends_at),
            venue: event.venue ?? null,
            ageRangeActive: event.age_range_active,
            creditCardActive: event.credit_card_active,
            bankTransferActive: event.bank_transfer_active,
            bankTransferCountries: event.bank_transfer_countries,
            translations: keptTranslations(event.translations),
            archived: event.archived,
          },
          markedEvents.get(event.code),
          fileWins,
        );
        kept.push(...reconciled.kept);
        handedBack.push(...reconciled.handedBack);
        // The end after the start, as the shop would have them: one may be the back office's, kept.
        const dates = eventDatesProblem({ starts_at: reconciled.values.startsAt?.toISOString() ?? null, ends_at: reconciled.values.endsAt?.toISOString() ?? null });
        if (dates) problems.push({ path: ['events', catalogue.events.indexOf(event), 'ends_at'], line: null, message: `${english(dates)} (a date set in the back office is kept): let the file win, or give dates that agree` });
        eventIds.set(event.code, await queries.upsertEvent(tx, reconciled.values));
        summary.events += 1;
      }
      const taxIds = new Map<string, number>();
      // A rate's fields set in the back office: kept where the file says otherwise, unless the file wins (decision 0101).
      const [markedTax, markedShipping] = await readTogether(tx, [() => queries.listTaxRatesChangedHere(tx), () => queries.listShippingRatesChangedHere(tx)] as const);
      const markedTaxByCode = new Map(markedTax.map((row) => [row.externalCode, row]));
      const archivedTax = new Set<string>();
      for (const rate of catalogue.tax_rates) {
        const fileValues: TaxRateValues = { externalCode: rate.code, name: rate.name, basisPoints: basisPointsOf(rate.rate), archived: rate.archived };
        const result = keepMarkedFields<TaxRateField, TaxRateRow, TaxRateValues>(
          rate.code,
          fileValues,
          markedTaxByCode.get(rate.code),
          fileWins,
          TAX_RATE_FIELD_COLUMNS,
          taxRateFieldValueText,
        );
        // Named by section, as a check-in list's are: a rate's `name` is not an item's.
        kept.push(...result.kept.map((change) => ({ ...change, field: `tax_rate.${change.field}` })));
        handedBack.push(...result.handedBack.map((back) => ({ ...back, field: `tax_rate.${back.field}` })));
        if (result.values.archived) archivedTax.add(rate.code);
        taxIds.set(rate.code, await queries.upsertTaxRate(tx, result.values));
        summary.taxRates += 1;
      }
      // An archived rate kept from the back office still refuses the items that would take it.
      [...catalogue.products.map((item, index) => ['products', index, item] as const), ...catalogue.merchandise.map((item, index) => ['merchandise', index, item] as const)].forEach(([section, index, item]) => {
        const archived = itemTaxProblem(item.tax, archivedTax, item.archived);
        if (archived) problems.push({ path: [section, index, 'tax'], line: null, message: `${english(archived)} (archived in the back office): let the file win, or give the item another rate` });
      });
      // What the back office set: kept where the file says otherwise, unless the file wins (decision 0047).
      const allCodes = [...catalogue.products, ...catalogue.merchandise].map((item) => item.code).concat(catalogue.merchandise.flatMap((item) => (item.variants ?? []).map((variant) => variant.code)));
      const [markedItems, markedSeats, markedDepartures] = await readTogether(
        tx,
        [() => queries.listItemsChangedHere(tx, allCodes), () => queries.listSeatsChangedHere(tx, allCodes), () => queries.listDeparturesSetHere(tx, allCodes)] as const,
      );
      const markedByCode = new Map(markedItems.map((row) => [row.externalCode, row]));
      // A kept event or tax rate is listed by its code, as the file names it.
      const referenceCodes = markedItems.some((row) => row.backOfficeFields.includes('event') || row.backOfficeFields.includes('tax')) ? await queries.listReferenceCodes(tx) : undefined;
      const markedQuestions = new Map((await listQuestionsSetHere(tx)).map((row) => [`${row.shopItemId}/${row.code}`, row]));
      const common = (item: CatalogueFile['products'][number] | CatalogueFile['merchandise'][number]) =>
        itemCommonColumns(item, { taxRateId: taxIds.get(item.tax)!, images: item.images.map((image) => images.get(image)!.url) });
      const reconciled = <T extends ShopItemValues>(values: T, at: Segment[]): T => {
        const result = reconcileWithBackOffice(values, markedByCode.get(values.externalCode), fileWins, referenceCodes);
        kept.push(...result.kept);
        handedBack.push(...result.handedBack);
        for (const problem of result.problems) problems.push({ path: [...at, ...problem.path], line: null, message: problem.message });
        return result.values as T;
      };
      const productIds = new Map<string, number>();
      for (const [index, product] of catalogue.products.entries()) {
        const values = reconciled(
          {
            ...common(product),
            ...productColumns(product, eventIds.get(product.event)!),
          },
          ['products', index],
        );
        if (values.price !== product.price || values.fee !== product.fee || values.paymentPlan !== (product.payment_plan ?? null)) {
          // The plan as kept: the file's, or the one set in the back office.
          const plan = planProblem(values.paymentPlan, values.price + values.fee, values.price !== product.price || values.fee !== product.fee ? 'the price and fee changed in the back office make' : 'price plus fee is');
          if (plan) problems.push({ path: ['products', index, 'payment_plan'], line: null, message: `${plan}: let the file win, or hand the item back in the back office` });
        }
        // Moved to another event in the back office: the file's lists of its event must not admit it there.
        if (values.eventId !== eventIds.get(product.event)) {
          const lists = catalogue.checkin_lists.filter((list) => list.event === product.event && list.products.some((entry) => listedProductCode(entry) === product.code));
          if (lists.length) {
            problems.push({ path: ['products', index, 'event'], line: null, message: `moved to another event in the back office, but the check-in lists ${lists.map((list) => list.code).join(', ')} of ${product.event} name it: let the file win, or take it off them` });
          }
        }
        const id = await queries.upsertShopItem(tx, values);
        productIds.set(product.code, id);
        summary.products += 1;
        const keep: number[] = [];
        if (product.transport?.travel_time_type === 'selectable') {
          for (const time of product.transport.travel_times) {
            const departsAt = new Date(time.time);
            const seats = time.seats ?? null;
            const marked = markedSeats.find((row) => row.code === product.code && row.departsAt.getTime() === departsAt.getTime());
            const keepSeats = marked !== undefined && !fileWins && marked.seats !== seats;
            if (marked && marked.seats !== seats) {
              kept.push({ code: product.code, field: `seats@${departsAt.toISOString()}`, shop_value: shownValue(marked.seats), file_value: shownValue(seats) });
            } else if (marked) handedBack.push({ code: product.code, field: `seats@${departsAt.toISOString()}` });
            // Switched off in the back office: kept off until the file wins (decision 0103).
            const switched = markedDepartures.find((row) => row.code === product.code && row.departsAt.getTime() === departsAt.getTime());
            const keepActive = switched !== undefined && !switched.active && !fileWins;
            if (switched && !switched.active) kept.push({ code: product.code, field: `active@${departsAt.toISOString()}`, shop_value: 'false', file_value: 'true' });
            else if (switched) handedBack.push({ code: product.code, field: `active@${departsAt.toISOString()}` });
            keep.push(await queries.upsertTravelTime(tx, { shopItemId: id, departsAt, seats, keepSeats, keepActive }));
            summary.travelTimes += 1;
          }
        }
        // Added in the back office and not in the file: kept on until the file wins (decision 0103).
        const listed = new Set((product.transport?.travel_time_type === 'selectable' ? product.transport.travel_times : []).map((time) => new Date(time.time).getTime()));
        for (const row of markedDepartures) {
          if (row.code === product.code && row.active && !listed.has(row.departsAt.getTime())) kept.push({ code: product.code, field: `active@${row.departsAt.toISOString()}`, shop_value: 'true', file_value: 'false' });
        }
        await queries.deactivateOtherTravelTimes(tx, id, keep, { keepBackOffice: !fileWins && product.transport?.travel_time_type === 'selectable' });
        // The file's questions by code, in its order; questions it leaves out stay as they are (the file never deletes, decision 0106).
        // One saved in the back office is kept whole where the file says otherwise, until the file says the same or wins (decision 0047's rule).
        for (const [sort, question] of product.questions.entries()) {
          const columns = questionColumns(question, id, sort);
          const marked = markedQuestions.get(`${id}/${question.code}`);
          if (marked) {
            const field = `question.${question.code}`;
            const shopValue = JSON.stringify(questionOfRow(marked));
            const fileValue = JSON.stringify(questionOfRow({ ...marked, ...columns }));
            if (shopValue === fileValue) handedBack.push({ code: product.code, field });
            else {
              kept.push({ code: product.code, field, shop_value: shopValue, file_value: fileValue });
              if (!fileWins) continue;
            }
          }
          await upsertQuestion(tx, { ...columns, setHere: false });
        }
      }
      // Groups given a stock of their own: refused when they have variants in the shop (ones the back office added, say), whose stocks are what sells.
      const stockedGroups = new Map<number, number>();
      for (const [index, item] of catalogue.merchandise.entries()) {
        const values = reconciled({ ...common(item), shopItemType: 'merchandise' as const, eventId: null, variantOf: null, variantLabel: null, variantLabels: null }, ['merchandise', index]);
        const groupId = await queries.upsertShopItem(tx, values);
        if (values.stock !== null && values.stock !== undefined) stockedGroups.set(groupId, index);
        summary.merchandise += 1;
        // Each variant is an item of its own with the group's fields (as the shop has them) and its
        // own code, label, stock and on/off sale; its name is the group's with its label (decision 0104).
        for (const [position, variant] of (item.variants ?? []).entries()) {
          const labels = keptTranslations(variant.translations) as Record<string, { label: string }> | null;
          const variantLabels = labels ? Object.fromEntries(Object.entries(labels).map(([language, text]) => [language, text.label])) : null;
          await queries.upsertShopItem(
            tx,
            reconciled(
              {
                ...values,
                externalCode: variant.code,
                name: variantName(values.name, variant.label),
                translations: variantNameTranslations({ name: values.name, translations: values.translations }, { label: variant.label, labels: variantLabels }),
                stock: variant.stock ?? null,
                onSale: variant.on_sale,
                variantOf: groupId,
                variantLabel: variant.label,
                variantLabels,
                backOfficeFields: undefined,
              },
              ['merchandise', index, 'variants', position],
            ),
          );
        }
      }
      for (const groupId of await queries.groupsWithVariants(tx, [...stockedGroups.keys()])) {
        const index = stockedGroups.get(groupId)!;
        problems.push({ path: ['merchandise', index, 'stock'], line: null, message: `${english(variantMessages.stockPerVariant)} (it has variants in the shop): leave it out, or list the variants with their stock` });
      }
      if (problems.length) throw new CatalogueError(file, problems);
      // A voucher the shop has used keeps its kind and never allows fewer uses than it had: the
      // back office's rules (voucherStateProblems), by field, before anything of it is written.
      const storedVouchers = new Map((await queries.listVouchersByCodes(tx, catalogue.vouchers.map((voucher) => voucher.code.toUpperCase()))).map((row) => [row.code, row]));
      catalogue.vouchers.forEach((voucher, index) => {
        const stored = storedVouchers.get(voucher.code.toUpperCase());
        for (const found of voucherStateProblems(voucher, stored ?? null, null)) problems.push({ path: ['vouchers', index, ...found.path], line: null, message: english(found.text) });
      });
      if (problems.length) throw new CatalogueError(file, problems);
      for (const voucher of catalogue.vouchers) {
        await queries.upsertVoucher(tx, voucherColumns(voucher));
        summary.vouchers += 1;
      }
      const markedShippingByCountry = new Map(markedShipping.map((row) => [row.country, row]));
      for (const rate of catalogue.shipping_rates) {
        const fileValues: ShippingRateValues = { country: rate.country, name: rate.name, type: rate.type, price: rate.price, archived: rate.archived };
        const result = keepMarkedFields<ShippingRateField, ShippingRateRow, ShippingRateValues>(
          rate.country,
          fileValues,
          markedShippingByCountry.get(rate.country),
          fileWins,
          SHIPPING_RATE_FIELD_COLUMNS,
          (field, values) => shownValue(values[SHIPPING_RATE_FIELD_COLUMNS[field][0]]),
        );
        kept.push(...result.kept.map((change) => ({ ...change, field: `shipping_rate.${change.field}` })));
        handedBack.push(...result.handedBack.map((back) => ({ ...back, field: `shipping_rate.${back.field}` })));
        await queries.upsertShippingRate(tx, result.values);
        summary.shippingRates += 1;
      }
      const listIds: number[] = [];
      // A product admits on the days the list gives it, else on its own days, else every day (decision 0064).
      const productDays = new Map(catalogue.products.map((product) => [product.code, product.days ?? null]));
      // What the back office set on a list: kept where the file says otherwise, unless the file wins (decision 0097).
      const markedLists = new Map(
        (await checkinListQueries.listCheckinLists(tx, { codes: catalogue.checkin_lists.map((list) => list.code) })).filter((row) => row.backOfficeFields.length).map((row) => [row.code, row]),
      );
      const listCatalogue: CheckinListCatalogue = {
        events: new Map(catalogue.events.map((event) => [event.code, event.timezone])),
        items: new Map<string, ListableItem>([
          ...catalogue.merchandise.map((item) => [item.code, { kind: 'merchandise' }] as const),
          ...catalogue.products.map((product) => [product.code, { kind: 'product', event: product.event, days: product.days ?? null }] as const),
        ]),
      };
      const lists: { shape: CheckinListShape; active: boolean; backOfficeFields: string[] }[] = [];
      for (const [index, list] of catalogue.checkin_lists.entries()) {
        const marked = markedLists.get(list.code);
        const result = reconcileListWithBackOffice(
          shapeOfDefinition(list, (code) => productDays.get(code)),
          marked && { shape: shapeOfRow(marked), active: marked.active, backOfficeFields: marked.backOfficeFields },
          fileWins,
        );
        kept.push(...result.kept);
        handedBack.push(...result.handedBack);
        if (result.backOfficeFields.some((field) => field !== 'active')) {
          // The kept fields and the file's together must still be a list the rules allow.
          const { shape } = result;
          const minutes = listColumns(shape, 0).dayCutoverMinutes;
          const found = [...checkinListProblems({ ...shape, day_cutover: minutes }, listCatalogue)];
          const window = windowProblem(shape.opens_at, shape.closes_at, 'opens_at');
          if (window) found.push({ path: ['closes_at'], text: window });
          for (const problem of found) {
            problems.push({ path: ['checkin_lists', index, ...problem.path], line: null, message: `${english(problem.text)} (with the list’s fields changed in the back office): let the file win, or change the list in the back office` });
          }
        }
        lists.push(result);
      }
      if (problems.length) throw new CatalogueError(file, problems);
      for (const { shape, active, backOfficeFields } of lists) {
        const id = await checkinListQueries.upsertCheckinList(tx, { ...listColumns(shape, eventIds.get(shape.event)!), active, backOfficeFields });
        await checkinListQueries.replaceCheckinListProducts(
          tx,
          id,
          shape.products.map((entry) => ({ shopItemId: productIds.get(entry.product)!, days: entry.days === 'every' ? null : entry.days })),
        );
        listIds.push(id);
        summary.checkinLists += 1;
      }
      // Check-ins refer to a list, so a list the file no longer has is switched off, never deleted;
      // one made or changed in the back office stays as it is unless the file wins (decision 0097).
      await checkinListQueries.deactivateOtherCheckinLists(tx, listIds, { keepBackOffice: !fileWins });
      const itemIds = new Map([...productIds, ...(await queries.findItemIdsByCodes(tx, catalogue.merchandise.map((item) => item.code)))]);
      const onsaleIds: number[] = [];
      // The rooms settle one change at a time with the back office's new on-sales (decision 0098).
      if (catalogue.onsales.length) {
        // The on-sales made in the back office that the file does not name stay: the file's rooms
        // may not stand over their products at the same time (the rule the file checks within itself).
        const madeHere = await onsaleQueries.listMadeHereRooms(tx, catalogue.onsales.map((onsale) => onsale.code));
        catalogue.onsales.forEach((onsale, index) => {
          const found = onsaleRuleProblems(onsale, { eventExists: null, itemExists: null, codeUsedBy: () => null, roomsOf: (code) => madeHere.get(code) ?? [] });
          for (const problem of found) problems.push({ path: ['onsales', index, ...problem.path], line: null, message: `${english(problem.text)} (made in the back office)` });
        });
        if (problems.length) throw new CatalogueError(file, problems);
      }
      for (const onsale of catalogue.onsales) {
        const opensAt = new Date(onsale.opens_at);
        const admission = admissionColumns(onsale.admission);
        const id = await onsaleQueries.upsertOnsale(tx, {
          code: onsale.code,
          eventId: eventIds.get(onsale.event)!,
          opensAt,
          roomOpensAt: new Date(opensAt.getTime() - onsale.room_opens_minutes_before * 60_000),
          closesAt: toDate(onsale.closes_at),
          admissionMode: admission.mode,
          admissionLimit: admission.limit,
          admissionRateLimit: admission.rateLimit,
          steerMin: admission.steerMin,
          steerTargetMs: admission.steerTargetMs,
          sessionMinutes: onsale.session_minutes,
          proofOfWorkBits: onsale.proof_of_work?.bits ?? 0,
        });
        await onsaleQueries.replaceOnsaleProducts(tx, id, onsale.products.map((productCode) => itemIds.get(productCode)!));
        onsaleIds.push(id);
        summary.onsales += 1;
      }
      await onsaleQueries.deactivateOtherOnsales(tx, onsaleIds);
      if (before) {
        const after = await readLiveCatalogue(tx, liveOptions);
        const most = options.diff?.listAtMost ?? Infinity;
        diff = { sections: diffCatalogues(before.catalogue, after.catalogue, options.diff), handed_back: handedBack.slice(0, most), handed_back_count: handedBack.length };
      }
      const result = { summary, kept, ...(diff ? { diff } : {}) };
      await options.inTransaction?.(tx, result);
      if (options.checkOnly) throw new CheckOnly(result);
    });
  } catch (error) {
    if (error instanceof CheckOnly) return error.result;
    throw explainConstraint(error, file);
  }
  return { summary, kept, ...(diff ? { diff } : {}) };
}

type ShopItemValues = typeof shopItems.$inferInsert & { externalCode: string; price: number; fee: number };

/** The columns behind each field an admin may change in the back office, named as the file names them. */
export const FIELD_COLUMNS: Record<CatalogueEditableField, readonly (keyof ShopItemRow & keyof ShopItemValues)[]> = {
  price: ['price'],
  tiers: ['priceTiers'],
  fee: ['fee'],
  stock: ['stock'],
  on_sale: ['onSale'],
  on_sale_from: ['saleStartsAt'],
  on_sale_until: ['saleEndsAt'],
  limit_per_order: ['limitPerOrder'],
  refund: ['isRefundable', 'refundFee', 'allowRefundRequestsFrom', 'allowRefundRequestsUntil'],
  name_changes: ['allowNameChanges', 'allowNameChangesUntil', 'nameChangeLimit'],
  email_changes: ['allowEmailChanges'],
  name: ['name'],
  description: ['description'],
  translations: ['translations'],
  archived: ['archived'],
  images: ['images'],
  requires: ['requires'],
  featured: ['isFeatured'],
  tax: ['taxRateId'],
  // A product's structure after creation: its event, payment plan and transport settings.
  event: ['eventId'],
  payment_plan: ['paymentPlan'],
  transport: ['travelTime', 'allowTravelTimeChangesUntil'],
};

/** The columns behind each of an event's fields an admin may change: its texts (decision 0094), its settings (decision 0105). */
const EVENT_FIELD_COLUMNS: Record<CatalogueEventEditableField, readonly (keyof EventRow & keyof EventValues)[]> = {
  name: ['name'],
  translations: ['translations'],
  archived: ['archived'],
  timezone: ['timezone'],
  starts_at: ['startsAt'],
  ends_at: ['endsAt'],
  venue: ['venue'],
  age_range_active: ['ageRangeActive'],
  credit_card_active: ['creditCardActive'],
  bank_transfer_active: ['bankTransferActive'],
  bank_transfer_countries: ['bankTransferCountries'],
};

/** The columns behind each of a tax rate's fields an admin may change (decision 0101); its code is its key. */
export const TAX_RATE_FIELD_COLUMNS = { name: ['name'], rate: ['basisPoints'], archived: ['archived'] } as const satisfies Record<string, readonly (keyof TaxRateRow)[]>;
export type TaxRateField = keyof typeof TAX_RATE_FIELD_COLUMNS;
/** Events' and tax rates' codes by their ids (listReferenceCodes). */
type ReferenceCodes = { events: Map<number, string>; taxes: Map<number, string> };
type TaxRateValues = Pick<TaxRateRow, 'externalCode' | 'name' | 'basisPoints' | 'archived'> & { backOfficeFields?: string[] };
type ShippingRateValues = Pick<ShippingRateRow, 'country' | 'name' | 'type' | 'price' | 'archived'> & { backOfficeFields?: string[] };
/** The columns behind each of a shipping rate's fields an admin may change (decision 0101); its country is its key. */
export const SHIPPING_RATE_FIELD_COLUMNS = { name: ['name'], type: ['type'], price: ['price'], archived: ['archived'] } as const satisfies Record<string, readonly (keyof ShippingRateRow)[]>;
export type ShippingRateField = keyof typeof SHIPPING_RATE_FIELD_COLUMNS;

/** A tax rate's field's value as the file writes it (the rate as a percentage). */
export function taxRateFieldValueText(field: TaxRateField, values: Partial<Pick<TaxRateRow, 'name' | 'basisPoints' | 'archived'>>): string {
  return field === 'rate' ? shownValue(values.basisPoints === undefined ? undefined : rateOfBasisPoints(values.basisPoints)) : shownValue(values[field]);
}

/** An event's field's value in the file's own terms, as text: compared and shown to the organiser. */
export function eventFieldValueText(field: CatalogueEventEditableField, values: Partial<Record<keyof EventRow, unknown>>): string {
  return shownValue(values[EVENT_FIELD_COLUMNS[field][0]!]);
}

/** A field's value in the file's own terms, as text: compared and shown to the organiser. */
export function fieldValueText(field: CatalogueEditableField, values: Partial<Record<keyof ShopItemRow, unknown>>, codes?: ReferenceCodes): string {
  // An event and a tax rate by their codes, as the file names them, where they are known.
  if (codes && field === 'event') return values.eventId === null || values.eventId === undefined ? 'none' : (codes.events.get(values.eventId as number) ?? shownValue(values.eventId));
  if (codes && field === 'tax') return values.taxRateId === null || values.taxRateId === undefined ? 'none' : (codes.taxes.get(values.taxRateId as number) ?? shownValue(values.taxRateId));
  const columns = FIELD_COLUMNS[field];
  if (columns.length === 1) return shownValue(values[columns[0]!]);
  if (field === 'transport') return `travel_time ${shownValue(values.travelTime)}, changes_until ${shownValue(values.allowTravelTimeChangesUntil)}`;
  if (field === 'refund') {
    return `refundable ${shownValue(values.isRefundable)}, fee ${shownValue(values.refundFee)}, from ${shownValue(values.allowRefundRequestsFrom)}, until ${shownValue(values.allowRefundRequestsUntil)}`;
  }
  return `allowed ${shownValue(values.allowNameChanges)}, until ${shownValue(values.allowNameChangesUntil)}, limit ${shownValue(values.nameChangeLimit)}`;
}

/** An object with its keys in order at every depth: the database keeps a jsonb value's keys in an order of its own. */
function sortedKeys(value: unknown): unknown {
  // A list keeps its order, its entries their keys in order (price tiers, decision 0099).
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, inner]) => [key, sortedKeys(inner)]));
}

function shownValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (value instanceof Date) return value.toISOString();
  // Translations (decision 0094): by language in order, each text as kept.
  if (typeof value === 'object') return JSON.stringify(sortedKeys(value));
  return String(value);
}

/**
 * The file's values for an item, with the fields the back office set kept where the file says
 * otherwise (unless the file wins). A field the file now agrees on is the file's again.
 */
export function reconcileWithBackOffice<T extends ShopItemValues>(
  values: T,
  current: ShopItemRow | undefined,
  fileWins: boolean,
  codes?: ReferenceCodes,
): { values: T; kept: KeptChange[]; handedBack: HandedBack[]; problems: { path: Segment[]; message: string }[] } {
  const { values: result, kept, handedBack } = keepMarkedFields(values.externalCode, values, current, fileWins, FIELD_COLUMNS, (field, row) => fieldValueText(field, row, codes));
  if (!current) return { values: result, kept, handedBack, problems: [] };
  const problems: { path: Segment[]; message: string }[] = [];
  const sale = windowProblem(result.saleStartsAt?.toISOString(), result.saleEndsAt?.toISOString(), 'on_sale_from');
  // In English until the catalogue file's problems speak the reader's language (issue 36).
  if (sale) problems.push({ path: ['on_sale_until'], message: `${english(sale)} (one of them was changed in the back office): let the file win, or hand the item back` });
  const refund = windowProblem(result.allowRefundRequestsFrom?.toISOString(), result.allowRefundRequestsUntil?.toISOString(), 'refund.from');
  if (refund) problems.push({ path: ['refund', 'until'], message: `${english(refund)} (one of them was changed in the back office): let the file win, or hand the item back` });
  // Price tiers kept from the back office beside a payment plan the file now gives (decision 0099).
  if (result.priceTiers?.length && result.paymentPlan?.length) problems.push({ path: ['tiers'], message: `${english(priceTierMessages.noPlan)} (the tiers were set in the back office): let the file win, or hand the item back` });
  return { values: result, kept, handedBack, problems };
}

type EventValues = typeof events.$inferInsert & { externalCode: string };
/** A field the back office had set and the file now says too: the file's again. */
export type HandedBack = { code: string; field: string };

/** The file's values for an event, with its texts set in the back office kept where the file says otherwise (unless the file wins). */
export function reconcileEventWithBackOffice<T extends EventValues>(values: T, current: EventRow | undefined, fileWins: boolean): { values: T; kept: KeptChange[]; handedBack: HandedBack[] } {
  return keepMarkedFields(values.externalCode, values, current, fileWins, EVENT_FIELD_COLUMNS, eventFieldValueText);
}

/**
 * An entry's (item's or event's) file values with each field the back office marked kept where the
 * file says otherwise, and listed; the field is the file's again where the file says the same, or
 * when the file wins (decision 0047). The marks that stay are the values' `backOfficeFields`.
 */
function keepMarkedFields<F extends string, Row extends { backOfficeFields: string[] }, T extends { backOfficeFields?: string[] | undefined }>(
  code: string,
  values: T,
  current: Row | undefined,
  fileWins: boolean,
  columns: Record<F, readonly (keyof Row & keyof T)[]>,
  valueText: (field: F, values: Row | T) => string,
): { values: T; kept: KeptChange[]; handedBack: HandedBack[] } {
  const result: T = { ...values, backOfficeFields: [] };
  const kept: KeptChange[] = [];
  const handedBack: HandedBack[] = [];
  if (!current) return { values: result, kept, handedBack };
  const marks = current.backOfficeFields.filter((field): field is F => Object.hasOwn(columns, field));
  const stillMarked: string[] = [];
  for (const field of marks) {
    const shopValue = valueText(field, current);
    const fileValue = valueText(field, values);
    if (shopValue === fileValue) {
      handedBack.push({ code, field });
      continue;
    }
    kept.push({ code, field, shop_value: shopValue, file_value: fileValue });
    if (fileWins) continue;
    stillMarked.push(field);
    for (const column of columns[field]) (result as Record<keyof T, unknown>)[column] = current[column];
  }
  result.backOfficeFields = stillMarked;
  return { values: result, kept, handedBack };
}

/** An entry's translations as stored: null when it has none (a language without a text is left out). */
export function keptTranslations<T extends Record<string, string | undefined>>(translations: Record<string, T> | undefined, clean: (translation: T) => T = (translation) => translation): Record<string, T> | null {
  const kept = Object.entries(translations ?? {})
    .map(([code, translation]) => [code, clean(translation)] as const)
    .filter(([, translation]) => Object.keys(translation).length > 0);
  return kept.length ? Object.fromEntries(kept.sort(([a], [b]) => a.localeCompare(b))) : null;
}

function toDate(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

type LoadedImage = { url: string; row?: { hash: string; contentType: string; bytes: Buffer; size: number } };

/** Every image the catalogue names, with where it is named (the first time). */
function namedImages(catalogue: CatalogueFile): { image: string; path: Segment[] }[] {
  const named = new Map<string, Segment[]>();
  const all = [
    ...catalogue.products.map((item, index) => ({ item, at: ['products', index] as Segment[] })),
    ...catalogue.merchandise.map((item, index) => ({ item, at: ['merchandise', index] as Segment[] })),
  ];
  for (const { item, at } of all) {
    item.images.forEach((image, index) => {
      if (!named.has(image)) named.set(image, [...at, 'images', index]);
    });
  }
  return [...named].map(([image, path]) => ({ image, path }));
}

/** Reads every image the catalogue names; a missing or escaping path is a catalogue problem. */
export function loadImages(catalogue: CatalogueFile, baseDir: string, file: string): Map<string, LoadedImage> {
  const images = new Map<string, LoadedImage>();
  const problems: CatalogueProblemEntry[] = [];
  for (const { image, path: at } of namedImages(catalogue)) {
    const resolved = path.resolve(baseDir, image);
    if (!resolved.startsWith(path.resolve(baseDir) + path.sep)) {
      problems.push({ path: at, line: null, message: "must stay inside the catalogue's folder" });
      continue;
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
      problems.push({ path: at, line: null, message: `cannot read ${image} (looked in ${baseDir})` });
    }
  }
  if (problems.length) throw new CatalogueError(file, problems);
  return images;
}

/** The images an earlier import read, by the path the file names them with (an upload has no folder to read from). */
async function knownImages(db: Db, catalogue: CatalogueFile, file: string): Promise<Map<string, LoadedImage>> {
  const named = namedImages(catalogue);
  const known = await queries.findCatalogueImages(
    db,
    named.map((entry) => entry.image),
  );
  const problems: CatalogueProblemEntry[] = [];
  const images = new Map<string, LoadedImage>();
  for (const { image, path: at } of named) {
    const url = known.get(image);
    if (url) images.set(image, { url });
    else problems.push({ path: at, line: null, message: `${image} is not in the shop yet: a new image comes in with npm run catalog -- import FILE, which reads the file's folder` });
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
  if (constraint === 'shop_items_sale_window') {
    return new CatalogueError(file, ['a sale window ends before it starts']);
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
