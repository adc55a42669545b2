import { z } from 'zod';
import { catalogueCode, catalogueInstant, windowProblem } from './catalogue-fields';
import { DAY_CUTOVER_DEFAULT_MINUTES, DAY_CUTOVER_MAX_MINUTES, festivalDay, isFestivalDay } from './checkin-rules';
import { issueMessage, message, messageWith, type Text } from './i18n/text';

/**
 * The rules of a check-in list (issue 21, decision 0064; issue 37 point 5, decision 0097), shared
 * by the catalogue file's `checkin_lists` (the importer) and the back office's list editor
 * (staff-checkin-lists.ts): one schema for a list's own fields and one function for the rules
 * that need the rest of the catalogue, so a rule cannot exist in one place only and the file and
 * the browser refuse the same values with the same words.
 */

// The texts with placeholders, each declared once; `checkinListFieldMessages` keeps the callers' positional arguments.
const entryForms = messageWith<{ object: string }>({ id: 'checkinListFieldMessages.productEntry', defaultMessage: 'must be a product code, or {object}' });
const daysForms = messageWith<{ list: string; every: string }>({ id: 'checkinListFieldMessages.daysForm', defaultMessage: 'must be a list of dates such as {list}, or {every}' });
const dayTwice = messageWith<{ day: string; index: number }>({ id: 'checkinListFieldMessages.dayTwice', defaultMessage: '{day} is already days[{index}]' });
const gateTwice = messageWith<{ gate: string; index: number }>({ id: 'checkinListFieldMessages.gateTwice', defaultMessage: '“{gate}” is already gates[{index}] (gate names ignore case)' });
const noEvent = messageWith<{ code: string }>({ id: 'checkinListFieldMessages.noEvent', defaultMessage: 'no event has the code “{code}”' });
const noProduct = messageWith<{ code: string }>({ id: 'checkinListFieldMessages.noProduct', defaultMessage: 'no product has the code “{code}”' });
const merchandise = messageWith<{ code: string }>({
  id: 'checkinListFieldMessages.merchandise',
  defaultMessage: '“{code}” is merchandise; a check-in list admits products (tickets, add-ons, transport) only',
});
const otherEvent = messageWith<{ code: string; productEvent: string; listEvent: string }>({
  id: 'checkinListFieldMessages.otherEvent',
  defaultMessage: '“{code}” is a product of event “{productEvent}”, not of the list’s event “{listEvent}”',
});
const listedTwice = messageWith<{ code: string; index: number }>({ id: 'checkinListFieldMessages.listedTwice', defaultMessage: '“{code}” is already products[{index}] of this list' });
/** `opens`, `closes`: festival days, or `open` for a side without a bound. */
const dayOutside = messageWith<{ day: string; opens: string; closes: string }>({
  id: 'checkinListFieldMessages.dayOutside',
  defaultMessage: '{day} lies outside the list’s opening hours ({opens, select, open {open} other {{opens}}} to {closes, select, open {open} other {{closes}}} as festival days)',
});
const productDayOutside = messageWith<{ code: string; day: string; opens: string; closes: string }>({
  id: 'checkinListFieldMessages.productDayOutside',
  defaultMessage: '“{code}” is for {day}, which lies outside the list’s opening hours ({opens, select, open {open} other {{opens}}} to {closes, select, open {open} other {{closes}}} as festival days)',
});
const eventKept = messageWith<{ code: string }>({ id: 'checkinListFieldMessages.eventKept', defaultMessage: 'must stay {code}: tickets have been scanned on this list' });

/** Most products and gates one list may name. */
export const CHECKIN_LIST_PRODUCTS_MAX = 500;
export const CHECKIN_LIST_GATES_MAX = 50;
/** The longest gate name (the scanner's calls take the same). */
export const CHECKIN_GATE_NAME_MAX = 60;

/**
 * A list's field rules as the catalogue file names the fields: a value the file refuses, the
 * back office refuses with the same words. Each is said after the field ("gates[2]: …").
 */
export const checkinListFieldMessages = {
  name: message({ id: 'checkinListFieldMessages.name', defaultMessage: 'must be 1-200 characters' }),
  products: message({ id: 'checkinListFieldMessages.products', defaultMessage: 'needs at least one product' }),
  productsAtMost: message({ id: 'checkinListFieldMessages.productsAtMost', defaultMessage: 'must list at most 500 products' }),
  productEntry: entryForms({ object: '{ product: CODE, days: [YYYY-MM-DD, ...] }' }),
  day: message({ id: 'checkinListFieldMessages.day', defaultMessage: 'must be a date written YYYY-MM-DD, such as 2027-06-19' }),
  daysAtLeastOne: message({ id: 'checkinListFieldMessages.daysAtLeastOne', defaultMessage: 'needs at least one day (leave it out to admit on every day)' }),
  daysForm: daysForms({ list: '[2027-06-19]', every: 'every' }),
  dayCutover: message({ id: 'checkinListFieldMessages.dayCutover', defaultMessage: 'must be a local time HH:MM from 00:00 to 12:00, such as 06:00' }),
  entry: message({ id: 'checkinListFieldMessages.entry', defaultMessage: 'must be single or alternating' }),
  minutes: message({ id: 'checkinListFieldMessages.minutes', defaultMessage: 'must be a whole number of minutes from 0 to 1440' }),
  gate: message({ id: 'checkinListFieldMessages.gate', defaultMessage: 'must be 1-60 characters' }),
  gatesAtMost: message({ id: 'checkinListFieldMessages.gatesAtMost', defaultMessage: 'must list at most 50 gates' }),
  dayTwice: (day: string, index: number) => dayTwice({ day, index }),
  gateTwice: (gate: string, index: number) => gateTwice({ gate, index }),
  noEvent: (code: string) => noEvent({ code }),
  noProduct: (code: string) => noProduct({ code }),
  merchandise: (code: string) => merchandise({ code }),
  otherEvent: (code: string, productEvent: string, listEvent: string) => otherEvent({ code, productEvent, listEvent }),
  listedTwice: (code: string, index: number) => listedTwice({ code, index }),
  dayOutside: (day: string, opens: string | null, closes: string | null) => dayOutside({ day, opens: opens ?? 'open', closes: closes ?? 'open' }),
  productDayOutside: (code: string, day: string, opens: string | null, closes: string | null) => productDayOutside({ code, day, opens: opens ?? 'open', closes: closes ?? 'open' }),
  eventKept: (code: string) => eventKept({ code }),
};

const c = Object.fromEntries(Object.entries(checkinListFieldMessages).flatMap(([key, text]) => (typeof text === 'function' ? [] : [[key, issueMessage(text)]]))) as Record<
  { [K in keyof typeof checkinListFieldMessages]: (typeof checkinListFieldMessages)[K] extends Text ? K : never }[keyof typeof checkinListFieldMessages],
  string
>;

/** Festival days (decision 0064): dates in the event's time zone, each once. */
export const festivalDays = z
  .array(z.string({ error: c.day }).refine(isFestivalDay, c.day), { error: c.daysForm })
  .min(1, c.daysAtLeastOne)
  .max(366, c.daysForm)
  .superRefine((days, ctx) => {
    days.forEach((day, index) => {
      const first = days.indexOf(day);
      if (first !== index) ctx.addIssue({ code: 'custom', path: [index], message: issueMessage(checkinListFieldMessages.dayTwice(day, first)) });
    });
  });

/** When one festival day hands over to the next, local time HH:MM from 00:00 to 12:00: minutes after midnight. */
export const dayCutover = z
  .string({ error: c.dayCutover })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, c.dayCutover)
  .transform((time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3)))
  .refine((minutes) => minutes <= DAY_CUTOVER_MAX_MINUTES, c.dayCutover);

/** Minutes after local midnight as the file writes them: HH:MM. */
export const dayCutoverText = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

const boardingMinutes = z.number({ error: c.minutes }).int(c.minutes).min(0, c.minutes).max(1440, c.minutes);

/** A list's product: its code (on the product's own days), or the code with the days it admits on here (`every`: every day the list is open). */
export const checkinListProduct = z.union(
  [
    catalogueCode.describe('code of a product'),
    z
      .object({
        product: catalogueCode.describe('code of a product'),
        /** Its days on this list; `every` admits it on every day the list is open, whatever the product's days. */
        days: z.union([z.literal('every'), festivalDays], { error: c.daysForm }),
      })
      .strict(),
  ],
  { error: c.productEntry },
);
export type CheckinListProduct = z.output<typeof checkinListProduct>;

/** A list entry's product code. */
export const listedProductCode = (entry: CheckinListProduct): string => (typeof entry === 'string' ? entry : entry.product);

/**
 * A check-in list as the catalogue file writes it and the back office sends it: where and when the
 * products of an event admit. Its products are checked against the rest of the catalogue by
 * `checkinListProblems`.
 */
export const checkinListDefinition = z
  .object({
    code: catalogueCode,
    event: catalogueCode.describe('code of an event'),
    name: z.string({ error: c.name }).min(1, c.name).max(200, c.name),
    products: z.array(checkinListProduct, { error: c.products }).min(1, c.products).max(CHECKIN_LIST_PRODUCTS_MAX, c.productsAtMost),
    /** Local time at which one festival day hands over to the next (in minutes after midnight): a night belongs to the day it began on. */
    day_cutover: dayCutover.default(DAY_CUTOVER_DEFAULT_MINUTES),
    /** single: one entry per ticket; alternating: in and out in turn (re-entry allowed). */
    entry: z.enum(['single', 'alternating'], { error: c.entry }).default('single'),
    opens_at: catalogueInstant.nullish(),
    closes_at: catalogueInstant.nullish(),
    /** For transport products on the list: admitted from before_minutes before the ticket's departure until after_minutes after it. */
    boarding: z
      .object({ before_minutes: boardingMinutes.default(30), after_minutes: boardingMinutes.default(15) })
      .strict()
      .default({ before_minutes: 30, after_minutes: 15 }),
    gates: z
      .array(z.string({ error: c.gate }).trim().min(1, c.gate).max(CHECKIN_GATE_NAME_MAX, c.gate), { error: c.gate })
      .max(CHECKIN_LIST_GATES_MAX, c.gatesAtMost)
      .default([]),
  })
  .strict()
  .superRefine((list, ctx) => {
    const closes = windowProblem(list.opens_at, list.closes_at, 'opens_at');
    if (closes) ctx.addIssue({ code: 'custom', path: ['closes_at'], message: issueMessage(closes) });
    // Staff pick a gate by name: two names that differ only in case would be two gates on paper and one at the fence.
    const gates = new Map<string, number>();
    list.gates.forEach((gate, index) => {
      const first = gates.get(gate.toLowerCase());
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['gates', index], message: issueMessage(checkinListFieldMessages.gateTwice(gate, first)) });
      else gates.set(gate.toLowerCase(), index);
    });
  });
export type CheckinListDefinition = z.output<typeof checkinListDefinition>;
export type CheckinListDefinitionInput = z.input<typeof checkinListDefinition>;

/** What the rules across entries know of an item a list names. */
export type ListableItem =
  /** event: its event's code (null: the product is itself not valid, and has its own problems); days: its own festival days (null: every day). */
  | { kind: 'product'; event: string | null; days: readonly string[] | null }
  | { kind: 'merchandise' };

export interface CheckinListCatalogue {
  /** The events by code, with their time zone (null: an event that is itself not valid); null: the events are not known. */
  events: ReadonlyMap<string, string | null> | null;
  /** The products and merchandise by code; null: they are not known. */
  items: ReadonlyMap<string, ListableItem> | null;
}

/**
 * The rules of one list that need the rest of the catalogue (the file's, for the importer; the
 * shop's, for the back office): its event exists; each product is a product (not merchandise) of
 * that event, listed once; a festival day it admits on is one the list is open on at all (a day
 * outside is a typo in a year or a month). Problems by field, as the file names the fields.
 */
export function checkinListProblems(
  list: Pick<CheckinListDefinition, 'event' | 'products' | 'opens_at' | 'closes_at' | 'day_cutover'>,
  catalogue: CheckinListCatalogue,
): { path: (string | number)[]; text: Text }[] {
  const problems: { path: (string | number)[]; text: Text }[] = [];
  const { events, items } = catalogue;
  const eventKnown = events === null || events.has(list.event);
  if (!eventKnown) problems.push({ path: ['event'], text: checkinListFieldMessages.noEvent(list.event) });
  const zone = events?.get(list.event) ?? null;
  const opens = zone && list.opens_at ? festivalDay(new Date(list.opens_at), zone, list.day_cutover) : null;
  const closes = zone && list.closes_at ? festivalDay(new Date(Date.parse(list.closes_at) - 1), zone, list.day_cutover) : null;
  const listed = new Map<string, number>();
  list.products.forEach((entry, index) => {
    const code = listedProductCode(entry);
    const where = typeof entry === 'string' ? ['products', index] : ['products', index, 'product'];
    const twice = listed.get(code);
    if (twice !== undefined) return problems.push({ path: where, text: checkinListFieldMessages.listedTwice(code, twice) });
    listed.set(code, index);
    if (items === null) return;
    const item = items.get(code);
    if (!item) return problems.push({ path: where, text: checkinListFieldMessages.noProduct(code) });
    if (item.kind === 'merchandise') return problems.push({ path: where, text: checkinListFieldMessages.merchandise(code) });
    // A product that is itself not valid has its own problems listed; so has an unknown event, and these follow from it.
    if (item.event === null || !eventKnown) return;
    if (item.event !== list.event) {
      if (events === null || events.has(item.event)) problems.push({ path: where, text: checkinListFieldMessages.otherEvent(code, item.event, list.event) });
      return;
    }
    // An event that is itself not valid has its own problems listed.
    if (!zone) return;
    const own = typeof entry !== 'string' && entry.days !== 'every' ? entry.days : null;
    const days = typeof entry === 'string' ? item.days : own;
    days?.forEach((day, dayIndex) => {
      if ((opens !== null && day < opens) || (closes !== null && day > closes)) {
        problems.push(
          own
            ? { path: ['products', index, 'days', dayIndex], text: checkinListFieldMessages.dayOutside(day, opens, closes) }
            : { path: where, text: checkinListFieldMessages.productDayOutside(code, day, opens, closes) },
        );
      }
    });
  });
  return problems;
}
