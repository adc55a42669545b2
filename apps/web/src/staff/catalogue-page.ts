import {
  CATALOGUE_UPLOAD_BODY_LIMIT,
  CATALOGUE_UPLOAD_MAX_LINES,
  catalogueEventChanges,
  catalogueFieldMessages,
  catalogueItemChanges,
  EVENT_TEXT_FIELDS,
  ITEM_TEXT_FIELDS,
  PAYLOAD_TEXT_MAX,
  staffCatalogueMessages,
  windowProblem,
  withinSaleWindow,
  type CatalogueDiff,
  type CatalogueDiffSection,
  type CatalogueEventChanges,
  type CatalogueEventView,
  type CatalogueSection,
  type CatalogueItemChanges,
  type CatalogueItemView,
  type ItemTextTranslation,
  type Locale,
  type Shown,
  type Text,
  issueText,
} from '@festival/contract';
import { amountInput, parseAmount, type AmountProblem } from './money';
import { formatStaffTime } from './times';
import { staffTexts } from './texts';
import { say } from '../lib/say';

/**
 * The catalogue page's reckoning (issue 22 point 6), pure so the page and its tests agree: money
 * typed as 125.00 in minor units, a date-time field read in the event's time zone, the fields an
 * admin changed (checked with the contract's own schema, as the catalogue file is), the words of
 * an item's sale, and a chosen file as the lines the upload sends.
 */

const texts = staffTexts.catalogue;

// ---------------------------------------------------------------------------------------------
// Money and counts

export type MoneyInput = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

/**
 * A typed amount in minor units, without floating point: "125.00" → 12500, "0,1" → 10. A leading
 * minus is kept (−125.00 → −12500), so that the contract's schema refuses it with the catalogue
 * file's own words rather than the form guessing.
 */
export function minorUnitsOf(text: string, currency: string): MoneyInput {
  const trimmed = text.trim();
  const negative = /^[-−]/.test(trimmed);
  const parsed = parseAmount(negative ? trimmed.slice(1) : trimmed, currency);
  if (!parsed.ok) return parsed;
  return { ok: true, minor: negative && parsed.minor !== 0 ? -parsed.minor : parsed.minor };
}

/** A typed count as a number for the schema to judge: "12" → 12; "1.5", "-3" stay what they are; anything else is NaN. */
export function countOf(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// Times in a time zone

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The wall clock of an instant in a time zone, as the fields of a datetime-local value. */
function wallClockOf(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** How far a time zone's clock is ahead of UTC at an instant, in minutes (Amsterdam in summer: 120). */
export function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** An ISO time as a datetime-local field's value on the clocks of a time zone: "2027-06-18T14:00". Empty for none. */
export function zonedInputOf(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const wall = wallClockOf(instant, timeZone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}

export type ZonedTime = { ok: true; iso: string } | { ok: false; problem: 'invalid' | 'gap' };

/**
 * A datetime-local field's value read on the clocks of a time zone, as ISO with that zone's offset
 * then: "2027-06-18T14:00" in Europe/Amsterdam → "2027-06-18T14:00:00+02:00". A time the clocks
 * skip (the spring change) is no time; one they pass twice (autumn) is the first.
 */
export function isoOfZonedInput(value: string, timeZone: string): ZonedTime {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return { ok: false, problem: 'invalid' };
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  // A day that does not exist (31 June) rolls over in Date; a value that rolled is not a date.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59 || second > 59) return { ok: false, problem: 'invalid' };
  // The zone's offsets a day either side: the instant is the wall time less one of them.
  const offsets = [...new Set([zoneOffsetMinutes(wall - 86_400_000, timeZone), zoneOffsetMinutes(wall + 86_400_000, timeZone), zoneOffsetMinutes(wall, timeZone)])];
  const fits = offsets
    .map((offset) => ({ offset, instant: wall - offset * 60_000 }))
    .filter(({ instant }) => zoneOffsetMinutes(instant, timeZone) * 60_000 + instant === wall)
    .sort((a, b) => a.instant - b.instant);
  const first = fits[0];
  if (!first) return { ok: false, problem: 'gap' };
  const sign = first.offset < 0 ? '-' : '+';
  const abs = Math.abs(first.offset);
  return { ok: true, iso: `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}` };
}

/** A moment as staff read it, on the clocks of a time zone, the zone named: "18 Jun 2027, 14:00 CEST" (times.ts). */
export const formatInZone = (iso: string, timeZone: string, locale = 'en-GB'): string => formatStaffTime(iso, timeZone, 'date-time', locale);

// ---------------------------------------------------------------------------------------------
// The edit form

/** A price tier as the tiers editor holds it (decision 0099): its price, and its end, a moment or a number of units. */
export interface TierRow {
  price: string;
  end: 'until' | 'units';
  until: string;
  units: string;
}

/** An empty tier to add: ending at a moment, to be filled in. */
export const newTierRow = (): TierRow => ({ price: '', end: 'until', until: '', units: '' });

/** The tiers with one moved up (-1) or down (+1); unchanged past either end. */
export function movedTier(rows: readonly TierRow[], index: number, by: -1 | 1): TierRow[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const moved = [...rows];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

/** What the edit form holds: typed text and ticks, as the fields show them. */
export interface ItemForm {
  price: string;
  tiers: TierRow[];
  fee: string;
  stockUnlimited: boolean;
  stock: string;
  onSale: boolean;
  onSaleFrom: string;
  onSaleUntil: string;
  limitPerOrder: string;
  refundable: boolean;
  refundFee: string;
  refundFrom: string;
  refundUntil: string;
  namesAllowed: boolean;
  namesUntil: string;
  namesLimit: string;
  emailChanges: boolean;
  /** The images' addresses in order (decision 0105). */
  images: string[];
  /** An add-on's required products, by code, in the order ticked (decision 0104). */
  requires: string[];
  featured: boolean;
  /** The tax rate's code. */
  tax: string;
  /** A product's event, by code. */
  event: string;
  /** A product's own festival days as typed: dates separated by commas; empty: every day. */
  days: string;
  /** A fixed transport's departure and until when buyers may change theirs, on the item's clocks. */
  travelTime: string;
  changesUntil: string;
  /** A product's payment plan, a row a payment. */
  plan: PlanRow[];
}

/** A payment of a plan as typed: its amount, and after how many days, weeks or months it is due. */
export interface PlanRow {
  amount: string;
  count: string;
  units: 'days' | 'weeks' | 'months';
}

/** The form for an item as it is now: amounts as 125.00, times on the clocks of the item's zone. */
export function itemFormOf(item: CatalogueItemView, currency: string, timeZone: string): ItemForm {
  return {
    price: amountInput(item.price, currency),
    tiers: (item.tiers ?? []).map((tier) => ({
      price: amountInput(tier.price, currency),
      end: tier.units !== undefined ? 'units' : 'until',
      until: zonedInputOf(tier.until ?? null, timeZone),
      units: tier.units !== undefined ? String(tier.units) : '',
    })),
    fee: amountInput(item.fee, currency),
    stockUnlimited: item.stock === null,
    stock: item.stock === null ? '' : String(item.stock),
    onSale: item.on_sale,
    onSaleFrom: zonedInputOf(item.on_sale_from, timeZone),
    onSaleUntil: zonedInputOf(item.on_sale_until, timeZone),
    limitPerOrder: String(item.limit_per_order),
    refundable: item.refund.refundable,
    refundFee: amountInput(item.refund.fee, currency),
    refundFrom: zonedInputOf(item.refund.from, timeZone),
    refundUntil: zonedInputOf(item.refund.until, timeZone),
    namesAllowed: item.name_changes.allowed,
    namesUntil: zonedInputOf(item.name_changes.until, timeZone),
    namesLimit: String(item.name_changes.limit),
    emailChanges: item.email_changes,
    images: [...item.images],
    requires: [...(item.requires ?? [])],
    featured: item.featured ?? false,
    tax: item.tax ?? '',
    event: item.event ?? '',
    days: (item.days ?? []).join(', '),
    travelTime: zonedInputOf(item.travel_time, timeZone),
    changesUntil: zonedInputOf(item.travel_changes_until ?? null, timeZone),
    plan: (item.payment_plan ?? []).map((entry) => ({ amount: amountInput(entry.amount, currency), count: String(entry.count), units: entry.units })),
  };
}

/** A text of an entry the back office edits per language: an event has a name, an item a name and a description. */
export type TextKey = (typeof ITEM_TEXT_FIELDS)[number];

/** An event's or item's texts as the text fields read them. */
export interface TextEntry {
  name: string;
  /** An item's; an event has none. */
  description?: string;
  translations: Readonly<Record<string, Partial<Record<TextKey, string>>>>;
}

/** An entry's texts as the form holds them, by language: the default's (the first) are the entry's own; another's empty where it has none. */
export type TextsForm = Record<string, Record<TextKey, string>>;

export function textsFormOf(entry: TextEntry, languages: readonly Locale[]): TextsForm {
  const [main = 'en', ...others] = languages;
  return Object.fromEntries([
    [main, { name: entry.name, description: entry.description ?? '' }],
    ...others.map((code) => [code, { name: entry.translations[code]?.name ?? '', description: entry.translations[code]?.description ?? '' }]),
  ]);
}

/** An entry's translations of `fields` with their empty texts and languages left out, in order: compared as the shop keeps them. */
function cleanTranslations(translations: TextEntry['translations'], languages: readonly Locale[], fields: readonly TextKey[]): Record<string, ItemTextTranslation> {
  const clean: Record<string, ItemTextTranslation> = {};
  for (const code of languages.slice(1)) {
    const texts = translations[code];
    const kept: ItemTextTranslation = {};
    if (fields.includes('name') && texts?.name?.trim()) kept.name = texts.name.trim();
    if (fields.includes('description') && texts?.description?.trim()) kept.description = texts.description;
    if (Object.keys(kept).length) clean[code] = kept;
  }
  return clean;
}

/** The text changes a form makes: the default language's own texts, and every other language's together. */
export type TextChanges = Pick<CatalogueItemChanges, 'name' | 'description' | 'translations'>;

/**
 * The text changes the form makes (decision 0094): the default language's texts where changed, and
 * every other language's texts together (`translations`) where any changed. `fields`: the entry's
 * texts (an item's name and description, an event's name).
 */
export function textChanges(entry: TextEntry, form: TextsForm, languages: readonly Locale[], fields: readonly TextKey[] = ITEM_TEXT_FIELDS): TextChanges {
  const [main = 'en'] = languages;
  const changes: TextChanges = {};
  const own = form[main];
  if (own && own.name.trim() !== entry.name) changes.name = own.name.trim();
  if (own && fields.includes('description') && own.description !== (entry.description ?? '')) changes.description = own.description;
  const typed = cleanTranslations(Object.fromEntries(languages.slice(1).map((code) => [code, form[code] ?? { name: '', description: '' }])), languages, fields);
  const current = cleanTranslations(entry.translations, languages, fields);
  if (JSON.stringify(typed) !== JSON.stringify(current)) changes.translations = typed;
  return changes;
}

/**
 * The language whose fields show a problem of these fields (by the payload's names): a refused
 * text of another language (`translations.de.name`) shows that language, the default's own texts
 * (`name`, `description`) the default language; undefined when no problem is a text's.
 */
export function languageOfProblems(fields: readonly string[], languages: readonly Locale[]): Locale | undefined {
  const code = fields.map((field) => /^translations\.([a-z]{2,3})\b/.exec(field)?.[1]).find((found) => found && (languages as readonly string[]).includes(found));
  if (code) return code as Locale;
  if (fields.some((field) => field === 'name' || field === 'description')) return languages[0] ?? 'en';
  return undefined;
}

/** The field of the payload each form field fills (as the schema's issues and the shop's errors name it, without `changes.`). */
export const FORM_FIELDS: Record<keyof ItemForm, string> = {
  price: 'price',
  tiers: 'tiers',
  fee: 'fee',
  stockUnlimited: 'stock',
  stock: 'stock',
  onSale: 'on_sale',
  onSaleFrom: 'on_sale_from',
  onSaleUntil: 'on_sale_until',
  limitPerOrder: 'limit_per_order',
  refundable: 'refund.refundable',
  refundFee: 'refund.fee',
  refundFrom: 'refund.from',
  refundUntil: 'refund.until',
  namesAllowed: 'name_changes.allowed',
  namesUntil: 'name_changes.until',
  namesLimit: 'name_changes.limit',
  emailChanges: 'email_changes',
  images: 'images',
  requires: 'requires',
  featured: 'featured',
  tax: 'tax',
  event: 'event',
  days: 'days',
  travelTime: 'transport.travel_time',
  changesUntil: 'transport.changes_until',
  plan: 'payment_plan',
};

/** Problems by field (price, refund.until, …); `_` for the form as a whole: a text of the page, or the contract's or the shop's words. */
export type FieldProblems = Record<string, Shown>;
export type Prepared<T> = { ok: true; changes: T } | { ok: false; problems: FieldProblems };
export type PreparedChanges = Prepared<CatalogueItemChanges>;

/** A schema's verdict on changes, as `safeParse` gives it. */
type Checked<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** Each field's first problem the contract's schema found, in the contract's words (a problem found before stays). */
function schemaProblems(checked: Checked<unknown>, problems: FieldProblems): void {
  if (checked.success) return;
  for (const issue of checked.error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    problems[field] ??= issueText(issue);
  }
}

/** The changes to send, or the problems found; a form that changes nothing says so. */
function preparedOf<T>(checked: Checked<T>, changes: Record<string, unknown>, problems: FieldProblems): Prepared<T> {
  if (Object.keys(problems).length > 0 || !checked.success) return { ok: false, problems };
  if (Object.keys(changes).length === 0) return { ok: false, problems: { _: staffCatalogueMessages.nothingToChange } };
  return { ok: true, changes: checked.data };
}

/** The changes an event's texts form makes (decision 0094), checked with the contract's schema: a blank default name is refused by field. */
export function prepareEventChanges(event: CatalogueEventView, form: TextsForm, languages: readonly Locale[]): Prepared<CatalogueEventChanges> {
  const changes: Record<string, unknown> = textChanges(event, form, languages, EVENT_TEXT_FIELDS);
  const problems: FieldProblems = {};
  const checked = catalogueEventChanges.safeParse(changes);
  schemaProblems(checked, problems);
  return preparedOf(checked, changes, problems);
}

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/**
 * The changes the form makes to the item, ready to send as `changes`: only the fields whose value
 * differs from the item's (a refund or name-change rule goes whole, as the schema takes it), checked
 * with the contract's schema, so the browser refuses what the catalogue file and the shop would, in
 * their words. A time left as it was keeps the item's own value (to the second).
 */
export function prepareItemChanges(item: CatalogueItemView, form: ItemForm, currency: string, timeZone: string, textsOf?: { form: TextsForm; languages: readonly Locale[] }): PreparedChanges {
  const initial = itemFormOf(item, currency, timeZone);
  const problems: FieldProblems = {};
  const changes: Record<string, unknown> = textsOf ? textChanges(item, textsOf.form, textsOf.languages) : {};

  const money = (field: string, typed: string, before: string, current: number): number => {
    if (typed === before) return current;
    const parsed = minorUnitsOf(typed, currency);
    if (!parsed.ok) {
      problems[field] = texts.amountProblems[parsed.problem];
      return current;
    }
    return parsed.minor;
  };
  const time = (field: string, typed: string, before: string, current: string | null): string | null => {
    if (typed === before) return current;
    if (typed.trim() === '') return null;
    const parsed = isoOfZonedInput(typed, timeZone);
    if (!parsed.ok) {
      problems[field] = parsed.problem === 'gap' ? texts.timeProblems.gap(timeZone) : texts.timeProblems.invalid;
      return current;
    }
    return parsed.iso;
  };
  const count = (typed: string, before: string, current: number): number => (typed === before ? current : countOf(typed));

  const price = money('price', form.price, initial.price, item.price);
  if (price !== item.price) changes.price = price;
  // The tiers go whole when any changed (decision 0099): the contract's schema checks them as the catalogue file's.
  if (JSON.stringify(form.tiers) !== JSON.stringify(initial.tiers)) {
    changes.tiers = form.tiers.length
      ? form.tiers.map((row, index) => {
          const tierPrice = money(`tiers.${index}.price`, row.price, '\u0000', 0);
          if (row.end === 'units') return { price: tierPrice, units: countOf(row.units) };
          return { price: tierPrice, until: time(`tiers.${index}.until`, row.until, '\u0000', null) ?? undefined };
        })
      : null;
  }
  const fee = money('fee', form.fee, initial.fee, item.fee);
  if (fee !== item.fee) changes.fee = fee;
  const stock = form.stockUnlimited ? null : form.stockUnlimited === initial.stockUnlimited ? count(form.stock, initial.stock, item.stock ?? 0) : countOf(form.stock);
  if (stock !== item.stock) changes.stock = stock;
  if (form.onSale !== item.on_sale) changes.on_sale = form.onSale;
  const from = time('on_sale_from', form.onSaleFrom, initial.onSaleFrom, item.on_sale_from);
  if (!sameInstant(from, item.on_sale_from)) changes.on_sale_from = from;
  const until = time('on_sale_until', form.onSaleUntil, initial.onSaleUntil, item.on_sale_until);
  if (!sameInstant(until, item.on_sale_until)) changes.on_sale_until = until;
  const limit = count(form.limitPerOrder, initial.limitPerOrder, item.limit_per_order);
  if (limit !== item.limit_per_order) changes.limit_per_order = limit;

  const refund = {
    refundable: form.refundable,
    fee: money('refund.fee', form.refundFee, initial.refundFee, item.refund.fee),
    from: time('refund.from', form.refundFrom, initial.refundFrom, item.refund.from),
    until: time('refund.until', form.refundUntil, initial.refundUntil, item.refund.until),
  };
  if (refund.refundable !== item.refund.refundable || refund.fee !== item.refund.fee || !sameInstant(refund.from, item.refund.from) || !sameInstant(refund.until, item.refund.until))
    changes.refund = refund;

  const names = {
    allowed: form.namesAllowed,
    until: time('name_changes.until', form.namesUntil, initial.namesUntil, item.name_changes.until),
    limit: count(form.namesLimit, initial.namesLimit, item.name_changes.limit),
  };
  if (names.allowed !== item.name_changes.allowed || !sameInstant(names.until, item.name_changes.until) || names.limit !== item.name_changes.limit) changes.name_changes = names;
  if (form.emailChanges !== item.email_changes) changes.email_changes = form.emailChanges;
  if (form.images.join('\n') !== item.images.join('\n')) changes.images = form.images;
  // The required products go whole, none as null (as the file leaves them out).
  if (form.requires.join('\n') !== initial.requires.join('\n')) changes.requires = form.requires.length ? form.requires : null;
  if (form.featured !== initial.featured) changes.featured = form.featured;
  if (form.tax !== initial.tax) changes.tax = form.tax;
  if (item.kind === 'product' && form.event !== initial.event) changes.event = form.event;
  // The days go whole, none as null (every day); checked with the file's rule of festival days.
  if (form.days !== initial.days) {
    const days = form.days.split(/[\s,]+/).filter(Boolean);
    changes.days = days.length ? days : null;
  }
  if (item.travel_time_type) {
    const travelTime = time('transport.travel_time', form.travelTime, initial.travelTime, item.travel_time);
    const changesUntil = time('transport.changes_until', form.changesUntil, initial.changesUntil, item.travel_changes_until ?? null);
    if (!sameInstant(travelTime, item.travel_time) || !sameInstant(changesUntil, item.travel_changes_until ?? null)) changes.transport = { travel_time: travelTime, changes_until: changesUntil };
  }
  // The plan goes whole, none as null (paid at once).
  if (JSON.stringify(form.plan) !== JSON.stringify(initial.plan)) {
    changes.payment_plan = form.plan.length
      ? form.plan.map((row, index) => ({ amount: money(`payment_plan.${index}.amount`, row.amount, '\u0000', 0), units: row.units, count: countOf(row.count) }))
      : null;
  }

  const checked = catalogueItemChanges.safeParse(changes);
  schemaProblems(checked, problems);
  // The sale window as it would be: one end changed against the other as it is (the schema sees only what is sent);
  // the problem goes with the end that was changed, as the shop's does.
  if (!problems.on_sale_until && !problems.on_sale_from && ('on_sale_from' in changes || 'on_sale_until' in changes)) {
    const window = windowProblem(from, until, 'on_sale_from');
    if (window) problems['on_sale_until' in changes ? 'on_sale_until' : 'on_sale_from'] = window;
  }
  return preparedOf(checked, changes, problems);
}

/** The shop's field errors (keyed `changes.price`, `changes.refund.until`) by the form's fields, each field's texts joined. */
export function serverFieldProblems(errors: Record<string, string[]>): FieldProblems {
  const problems: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = key.startsWith('changes.') ? key.slice('changes.'.length) : key === 'changes' ? '_' : key;
    problems[field] = [problems[field], ...list].filter(Boolean).join(' ');
  }
  return problems;
}

/** The other end of a window, by the file's name of its start. */
const WINDOW_ENDS: Record<string, string> = { on_sale_from: 'on_sale_until', 'refund.from': 'refund.until' };

const sameText = (a: Text, b: Text) => a.id === b.id && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});

/**
 * Which of `rules` a problem is: a text of the page's own checks by the text itself, the shop's
 * answer (its words, in the page's language, since the page asks in it) by the rule's words in
 * that language. Undefined for any other problem.
 */
export function ruleOf(problem: Shown, rules: readonly Text[]): Text | undefined {
  return typeof problem === 'string' ? rules.find((rule) => say(rule) === problem) : rules.find((rule) => sameText(rule, problem));
}

/** The catalogue file's field rules ("must …"), which a problem's sentence says after the field's label. */
const CATALOGUE_RULES: readonly Text[] = [
  catalogueFieldMessages.code,
  catalogueFieldMessages.money,
  catalogueFieldMessages.moneyRange,
  catalogueFieldMessages.count,
  catalogueFieldMessages.instant,
  catalogueFieldMessages.boolean,
  ...Object.keys(WINDOW_ENDS).map((start) => catalogueFieldMessages.laterThan(start)),
];

/**
 * A field's problem as a sentence under it: the catalogue file's rule ("must be …") after the
 * field's label, the minor units of a money range as the amounts staff type, the file's field
 * names in a window rule as the form's labels (under the window's start, the rule is said of its
 * end). Other texts (the shop's own sentences) stay as they are. The rule is known by its text,
 * never by its English words, so the sentence is made in every language.
 */
export function problemSentence(field: string, problem: Shown, currency: string, labels: Record<string, Shown> = {}): Shown {
  const rule = ruleOf(problem, CATALOGUE_RULES);
  if (!rule) return problem;
  const label = say(labels[field] ?? field);
  if (rule.id === catalogueFieldMessages.moneyRange.id) return texts.fieldProblem(label, texts.moneyRange(amountInput(2_147_483_647, currency)));
  const start = Object.keys(WINDOW_ENDS).find((candidate) => sameText(rule, catalogueFieldMessages.laterThan(candidate)));
  if (start) return texts.fieldProblem(field === start ? say(labels[WINDOW_ENDS[start]!] ?? WINDOW_ENDS[start]!) : label, texts.laterThan(say(labels[start] ?? start)));
  return texts.fieldProblem(label, say(rule));
}

// ---------------------------------------------------------------------------------------------
// What the page shows of an item

/** A field of the catalogue file in words ("price", "sale end"), or its own name where it has none. */
const fieldName = (field: string): string => {
  const known = texts.fieldNames[field];
  return known ? say(known) : field;
};

export type SaleState = { state: 'selling' } | { state: 'off' } | { state: 'opens'; at: string } | { state: 'closed'; at: string };

/** Whether an item sells now: off sale, before its window opens, after it closed, or selling. */
export function saleStateOf(item: Pick<CatalogueItemView, 'on_sale' | 'on_sale_from' | 'on_sale_until'>, now: number): SaleState {
  if (!item.on_sale) return { state: 'off' };
  if (withinSaleWindow(now, item.on_sale_from, item.on_sale_until)) return { state: 'selling' };
  if (item.on_sale_until && Date.parse(item.on_sale_until) <= now) return { state: 'closed', at: item.on_sale_until };
  return { state: 'opens', at: item.on_sale_from ?? '' };
}

/** The sale's words: "Selling", "Not on sale", "Opens 1 Oct 2026, 00:00", "Closed 31 May 2027, 23:59" (times on the item's clocks). */
export function saleLabel(state: SaleState, timeZone: string, locale?: string): string {
  switch (state.state) {
    case 'selling':
      return say(texts.sale.selling);
    case 'off':
      return say(texts.sale.off);
    case 'opens':
      return texts.sale.opens(formatInZone(state.at, timeZone, locale));
    case 'closed':
      return texts.sale.closed(formatInZone(state.at, timeZone, locale));
  }
}

/** The fields changed here, in words, with an item's departures' seats: "price, stock, seats of a departure"; an event's "name, texts in other languages". */
export function changedHereWords(entry: Pick<CatalogueItemView, 'changed_here' | 'departures'> | Pick<CatalogueEventView, 'changed_here'>): string | null {
  const words = entry.changed_here.map(fieldName);
  if ('departures' in entry && entry.departures.some((departure) => departure.changed_here)) words.push(say(texts.departureSeatsChanged));
  return words.length ? words.join(', ') : null;
}

// ---------------------------------------------------------------------------------------------
// The upload

/** A kept change's field in words: "price", or a departure's seats with its time on the item's clocks ("seats@2027-06-18T14:00:00.000Z"). */
export function keptFieldWords(field: string, timeZone: string, locale?: string): string {
  const seats = /^seats@(.+)$/.exec(field);
  if (seats) return Number.isNaN(Date.parse(seats[1]!)) ? texts.seatsOf(seats[1]!) : texts.seatsOf(formatInZone(seats[1]!, timeZone, locale));
  return fieldName(field);
}

/** A kept change's value as the page shows it: a price or fee (minor units in the answer) as money, uncounted seats as such, anything else as the shop wrote it. */
export function keptValueWords(field: string, value: string, money: (minor: number) => string): Shown {
  if ((field === 'price' || field === 'fee' || field === 'shipping_rate.price') && /^\d+$/.test(value)) return money(Number(value));
  if (field.startsWith('seats@') && value === 'none') return texts.notCounted;
  return value;
}

export type FileLines = { ok: true; lines: string[] } | { ok: false; problem: Shown };

/**
 * A chosen file's text as the lines the upload sends (split at \n or \r\n; the newline that ends
 * the last line makes no line of its own), or why it cannot be sent: empty, more lines than the
 * shop takes, or a line longer than any text of a payload (named by its number).
 */
export function linesOfFile(text: string): FileLines {
  if (text.trim() === '') return { ok: false, problem: texts.upload.empty };
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > CATALOGUE_UPLOAD_MAX_LINES) return { ok: false, problem: texts.upload.tooManyLines(lines.length, CATALOGUE_UPLOAD_MAX_LINES) };
  const long = lines.findIndex((line) => line.length > PAYLOAD_TEXT_MAX);
  if (long >= 0) return { ok: false, problem: texts.upload.lineTooLong(long + 1, lines[long]!.length, PAYLOAD_TEXT_MAX) };
  return { ok: true, lines };
}

/** Whether a payload is more than the shop takes in one upload (its JSON, in bytes). */
export const uploadTooLarge = (payload: unknown): boolean => new TextEncoder().encode(JSON.stringify(payload)).length > CATALOGUE_UPLOAD_BODY_LIMIT;

/** The upload's limit as staff read it: "4 MB". */
export const uploadLimitWords = (): string => `${Math.floor(CATALOGUE_UPLOAD_BODY_LIMIT / (1024 * 1024))} MB`;

// ---------------------------------------------------------------------------------------------
// What an import changes (issue 37 point 7)

/** One line of a diff's table: a new entry, a changed field, or a list or on-sale switched off. */
export interface DiffRow {
  key: string;
  section: CatalogueSection;
  code: string;
  /** The field as the file names it (refund.fee); null for a whole entry. */
  field: string | null;
  what: 'added' | 'changed' | 'switched_off';
  live: string | null;
  file: string | null;
}

/** A diff's entries as table rows, section by section: the new entries, each changed field, those switched off. */
export function diffRows(diff: CatalogueDiff): DiffRow[] {
  return diff.sections.flatMap((section) => [
    ...section.added.map((code): DiffRow => ({ key: `${section.section} ${code} +`, section: section.section, code, field: null, what: 'added', live: null, file: null })),
    ...section.changed.flatMap((entry) =>
      entry.fields.map((field): DiffRow => ({ key: `${section.section} ${entry.code} ${field.field}`, section: section.section, code: entry.code, field: field.field, what: 'changed', live: field.live, file: field.file })),
    ),
    ...section.switched_off.map((code): DiffRow => ({ key: `${section.section} ${code} -`, section: section.section, code, field: null, what: 'switched_off', live: null, file: null })),
  ]);
}

/** The entries of a section the import adds, changes or switches off. */
export const changesIn = (section: CatalogueDiffSection): number => section.added_count + section.changed_count + section.switched_off_count;

/** How many changed entries the diff counts but does not list (the shop lists the first of each kind). */
export const diffNotListed = (diff: CatalogueDiff): number =>
  diff.sections.reduce((sum, section) => sum + changesIn(section) - section.added.length - section.changed.length - section.switched_off.length, 0);

/** Fields whose values are money in minor units: a price, a fee (the refund's too), a voucher's discount. */
const MONEY_FIELD = /(^|\.)(price|fee|discount_amount)$/;

/** A diff's value as the page shows it: money as money, anything else as the shop wrote it. */
export function diffValueWords(field: string, value: string, money: (minor: number) => string): string {
  return MONEY_FIELD.test(field) && /^\d+$/.test(value) ? money(Number(value)) : value;
}
