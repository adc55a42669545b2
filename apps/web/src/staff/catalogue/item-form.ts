import { catalogueFieldMessages, issueText, itemDefinition, message, messageWith, type CatalogueItemView, type ItemDefinitionInput, type Locale, type Shown } from '@festival/contract';
import type { z } from 'zod';
import { countOf, isoOfZonedInput, minorUnitsOf, zonedInputOf, type FieldProblems, type TextEntry, type TextsForm, type TierRow } from '../catalogue-page';
import { amountInput } from '../money';
import { staffTexts } from '../texts';
import { say } from '../../lib/say';
import { newEntryTexts } from './texts-fieldset';
import { tierRowsOf, tiersOfRows } from './tiers-fieldset';

const named = (name: string) => ({ name });
const words =
  <A extends unknown[], V extends Record<string, string | number>>(text: (values: V) => Parameters<typeof say>[0], values: (...args: A) => V) =>
  (...args: A): string =>
    say(text(values(...args)));

/** The texts of the back office's new-item form and the items' actions (issue 37 point 1, decision 0103). */
export const itemFormTexts = {
  newProduct: message({ id: 'staff.ItemForm.newProduct', defaultMessage: 'New product' }),
  newMerchandise: message({ id: 'staff.ItemForm.newMerchandise', defaultMessage: 'New merchandise' }),
  newProductTitle: message({ id: 'staff.ItemForm.newProductTitle', defaultMessage: 'New product' }),
  newMerchandiseTitle: message({ id: 'staff.ItemForm.newMerchandiseTitle', defaultMessage: 'New merchandise' }),
  duplicate: message({ id: 'staff.ItemForm.duplicate', defaultMessage: 'Duplicate' }),
  duplicateLabel: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.duplicateLabel', defaultMessage: 'Duplicate {name}' }), named),
  duplicateTitle: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.duplicateTitle', defaultMessage: 'Duplicate {name}' }), named),
  duplicateNote: message({ id: 'staff.ItemForm.duplicateNote', defaultMessage: 'The new item takes these fields and departures; nothing of it is sold yet.' }),
  copyName: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.copyName', defaultMessage: '{name} (copy)' }), named),
  archive: message({ id: 'staff.ItemForm.archive', defaultMessage: 'Archive' }),
  archiveLabel: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.archiveLabel', defaultMessage: 'Archive {name}' }), named),
  restore: message({ id: 'staff.ItemForm.restore', defaultMessage: 'Restore' }),
  restoreLabel: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.restoreLabel', defaultMessage: 'Restore {name}' }), named),
  archived: message({ id: 'staff.ItemForm.archived', defaultMessage: 'Archived: not in the shop' }),
  putOnSale: message({ id: 'staff.ItemForm.putOnSale', defaultMessage: 'Put on sale' }),
  putOnSaleLabel: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.putOnSaleLabel', defaultMessage: 'Put {name} on sale' }), named),
  takeOffSale: message({ id: 'staff.ItemForm.takeOffSale', defaultMessage: 'Take off sale' }),
  takeOffSaleLabel: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.takeOffSaleLabel', defaultMessage: 'Take {name} off sale' }), named),
  departures: message({ id: 'staff.ItemForm.departures', defaultMessage: 'Departures' }),
  departuresLabel: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.departuresLabel', defaultMessage: 'Departures of {name}' }), named),
  departuresTitle: words(messageWith<{ name: string }>({ id: 'staff.ItemForm.departuresTitle', defaultMessage: 'Departures of {name}' }), named),
  departuresNote: message({ id: 'staff.ItemForm.departuresNote', defaultMessage: 'A departure with seats sold or held in carts stays on: those buyers travel then.' }),
  switchOff: message({ id: 'staff.ItemForm.switchOff', defaultMessage: 'Switch off' }),
  switchOn: message({ id: 'staff.ItemForm.switchOn', defaultMessage: 'Switch on' }),
  switchedOff: message({ id: 'staff.ItemForm.switchedOff', defaultMessage: 'Off' }),
  addDeparture: message({ id: 'staff.ItemForm.addDeparture', defaultMessage: 'Add departure' }),
  removeRow: message({ id: 'staff.ItemForm.removeRow', defaultMessage: 'Remove' }),
  removeDepartureLabel: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.removeDepartureLabel', defaultMessage: 'Remove departure {number}' }), (number: number) => ({ number })),
  removeInstalmentLabel: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.removeInstalmentLabel', defaultMessage: 'Remove payment {number}' }), (number: number) => ({ number })),
  codeField: message({ id: 'staff.ItemForm.codeField', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.ItemForm.codeHint', defaultMessage: 'Unique across products and merchandise, such as NWF28-WEEKEND; it cannot change later.' }),
  nameField: message({ id: 'staff.ItemForm.nameField', defaultMessage: 'Name' }),
  descriptionField: message({ id: 'staff.ItemForm.descriptionField', defaultMessage: 'Description' }),
  eventField: message({ id: 'staff.ItemForm.eventField', defaultMessage: 'Event' }),
  kindField: message({ id: 'staff.ItemForm.kindField', defaultMessage: 'Kind of product' }),
  kinds: {
    ticket: message({ id: 'staff.ItemForm.kinds.ticket', defaultMessage: 'Entry ticket' }),
    addon: message({ id: 'staff.ItemForm.kinds.addon', defaultMessage: 'Add-on (camping, parking, locker…)' }),
    transport: message({ id: 'staff.ItemForm.kinds.transport', defaultMessage: 'Transport' }),
  },
  typeField: message({ id: 'staff.ItemForm.typeField', defaultMessage: 'Type' }),
  addonTypeHint: message({ id: 'staff.ItemForm.addonTypeHint', defaultMessage: 'One lower-case word, such as camping or parking.' }),
  merchandiseTypeHint: message({ id: 'staff.ItemForm.merchandiseTypeHint', defaultMessage: 'One lower-case word, such as shirt or poster: the shop filters by it.' }),
  priceField: message({ id: 'staff.ItemForm.priceField', defaultMessage: 'Price' }),
  feeField: message({ id: 'staff.ItemForm.feeField', defaultMessage: 'Fee' }),
  taxField: message({ id: 'staff.ItemForm.taxField', defaultMessage: 'Tax rate' }),
  chooseTax: message({ id: 'staff.ItemForm.chooseTax', defaultMessage: 'Choose a tax rate' }),
  stockField: message({ id: 'staff.ItemForm.stockField', defaultMessage: 'Stock' }),
  stockHint: message({ id: 'staff.ItemForm.stockHint', defaultMessage: 'Empty: unlimited.' }),
  limitField: message({ id: 'staff.ItemForm.limitField', defaultMessage: 'Limit per order' }),
  limitHint: message({ id: 'staff.ItemForm.limitHint', defaultMessage: '0: no limit.' }),
  onSaleField: message({ id: 'staff.ItemForm.onSaleField', defaultMessage: 'On sale: the shop sells it as soon as it is created' }),
  refundLegend: message({ id: 'staff.ItemForm.refundLegend', defaultMessage: 'Refunds and changes' }),
  refundableField: message({ id: 'staff.ItemForm.refundableField', defaultMessage: 'Refundable' }),
  refundFeeField: message({ id: 'staff.ItemForm.refundFeeField', defaultMessage: 'Refund fee' }),
  nameChangesField: message({ id: 'staff.ItemForm.nameChangesField', defaultMessage: 'Holders may change the name on a ticket' }),
  nameChangeLimitField: message({ id: 'staff.ItemForm.nameChangeLimitField', defaultMessage: 'Name changes per ticket' }),
  emailChangesField: message({ id: 'staff.ItemForm.emailChangesField', defaultMessage: 'Holders may change the e-mail address on a ticket' }),
  transportLegend: message({ id: 'staff.ItemForm.transportLegend', defaultMessage: 'Departure' }),
  fixedField: message({ id: 'staff.ItemForm.fixedField', defaultMessage: 'One fixed departure' }),
  selectableField: message({ id: 'staff.ItemForm.selectableField', defaultMessage: 'Departures the buyer chooses from' }),
  travelTimeField: message({ id: 'staff.ItemForm.travelTimeField', defaultMessage: 'Departs' }),
  departureTimeField: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.departureTimeField', defaultMessage: 'Departure {number}' }), (number: number) => ({ number })),
  seatsField: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.seatsField', defaultMessage: 'Seats of departure {number}' }), (number: number) => ({ number })),
  seatsHint: message({ id: 'staff.ItemForm.seatsHint', defaultMessage: 'Empty: seats not counted.' }),
  newDepartureTime: message({ id: 'staff.ItemForm.newDepartureTime', defaultMessage: 'New departure' }),
  newDepartureSeats: message({ id: 'staff.ItemForm.newDepartureSeats', defaultMessage: 'Seats' }),
  timeHint: message({ id: 'staff.ItemForm.timeHint', defaultMessage: 'On the event’s clocks.' }),
  planLegend: message({ id: 'staff.ItemForm.planLegend', defaultMessage: 'Payment plan' }),
  planNote: message({ id: 'staff.ItemForm.planNote', defaultMessage: 'None: paid at once. A plan is a first payment and at least one instalment; together they are the price plus the fee.' }),
  addPayment: message({ id: 'staff.ItemForm.addPayment', defaultMessage: 'Add a payment' }),
  amountField: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.amountField', defaultMessage: 'Payment {number}' }), (number: number) => ({ number })),
  afterField: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.afterField', defaultMessage: 'Due after (payment {number})' }), (number: number) => ({ number })),
  units: {
    days: message({ id: 'staff.ItemForm.units.days', defaultMessage: 'days' }),
    weeks: message({ id: 'staff.ItemForm.units.weeks', defaultMessage: 'weeks' }),
    months: message({ id: 'staff.ItemForm.units.months', defaultMessage: 'months' }),
  },
  unitsField: words(messageWith<{ number: number }>({ id: 'staff.ItemForm.unitsField', defaultMessage: 'Unit (payment {number})' }), (number: number) => ({ number })),
  save: message({ id: 'staff.ItemForm.save', defaultMessage: 'Create' }),
  close: message({ id: 'staff.ItemForm.close', defaultMessage: 'Cancel' }),
  done: message({ id: 'staff.ItemForm.done', defaultMessage: 'Close' }),
  fieldProblem: words(messageWith<{ label: string; problem: string }>({ id: 'staff.ItemForm.fieldProblem', defaultMessage: '{label} {problem}.' }), (label: string, problem: string) => ({ label, problem })),
};

export type ProductKind = 'ticket' | 'addon' | 'transport';
export type PlanUnit = 'days' | 'weeks' | 'months';
export interface DepartureRow {
  /** On the event's clocks, as a datetime-local field holds it. */
  time: string;
  /** Empty: not counted. */
  seats: string;
}
export interface PaymentRow {
  amount: string;
  count: string;
  units: PlanUnit;
}

/** A new product's or merchandise item's form, as staff type it. */
export interface NewItemForm {
  kind: 'product' | 'merchandise';
  code: string;
  name: string;
  description: string;
  event: string;
  productKind: ProductKind;
  /** An add-on's or merchandise's type word (camping, shirt). */
  type: string;
  price: string;
  /** The price tiers before the price, in order (decision 0099); empty: one price. */
  tiers: TierRow[];
  fee: string;
  tax: string;
  stock: string;
  limitPerOrder: string;
  onSale: boolean;
  refundable: boolean;
  refundFee: string;
  nameChanges: boolean;
  nameChangeLimit: string;
  emailChanges: boolean;
  transport: 'fixed' | 'selectable';
  travelTime: string;
  departures: DepartureRow[];
  /** Empty: no plan. */
  plan: PaymentRow[];
  /** A product's required products, by code (decision 0104); empty: none. */
  requires: string[];
  featured: boolean;
  /** The sale window on the item's clocks (datetime-local); empty: open. */
  onSaleFrom: string;
  onSaleUntil: string;
}

export const newDepartureRow = (): DepartureRow => ({ time: '', seats: '' });
export const newPaymentRow = (first: boolean): PaymentRow => ({ amount: '', count: first ? '0' : '1', units: first ? 'days' : 'months' });
/** The rows without the one at `index`. */
export const withoutRow = <T>(rows: readonly T[], index: number): T[] => rows.filter((_, at) => at !== index);

export function emptyItemForm(kind: 'product' | 'merchandise', defaults: { event?: string; tax?: string } = {}): NewItemForm {
  return {
    kind,
    code: '',
    name: '',
    description: '',
    event: defaults.event ?? '',
    productKind: 'ticket',
    type: '',
    price: '',
    tiers: [],
    fee: '',
    tax: defaults.tax ?? '',
    stock: '',
    limitPerOrder: '0',
    onSale: true,
    refundable: false,
    refundFee: '',
    nameChanges: false,
    nameChangeLimit: '0',
    emailChanges: false,
    transport: 'fixed',
    travelTime: '',
    departures: [newDepartureRow()],
    plan: [],
    requires: [],
    featured: false,
    onSaleFrom: '',
    onSaleUntil: '',
  };
}

const productKindOf = (type: string): ProductKind => (type === 'ticket' ? 'ticket' : type === 'transport' ? 'transport' : 'addon');

/**
 * A duplicate's form: the item's fields, its departures with their seats and its payment plan,
 * with a new code ("NWF27-BOAT" becomes "NWF27-BOAT-COPY") and name ("… (copy)"); nothing of it
 * is sold. Its price tiers come with it; its texts in every language are `duplicateTextsOf`'s.
 * Its images are not copied (they come with the image editor, on an item that exists).
 */
export function duplicateItemFormOf(item: CatalogueItemView, currency: string, timeZone: string): NewItemForm {
  const money = (minor: number) => (minor === 0 ? '' : amountInput(minor, currency));
  const departures = item.departures.filter((departure) => departure.active).map((departure) => ({ time: zonedInputOf(departure.departs_at, timeZone), seats: departure.seats === null ? '' : String(departure.seats) }));
  return {
    kind: item.kind,
    code: `${item.code}-COPY`.slice(0, 64),
    name: itemFormTexts.copyName(item.name),
    description: item.description,
    event: item.event ?? '',
    productKind: productKindOf(item.type),
    type: item.kind === 'merchandise' || productKindOf(item.type) === 'addon' ? item.type : '',
    price: amountInput(item.price, currency),
    tiers: tierRowsOf(item.tiers, currency, timeZone),
    fee: money(item.fee),
    tax: item.tax ?? '',
    stock: item.stock === null ? '' : String(item.stock),
    limitPerOrder: String(item.limit_per_order),
    onSale: item.on_sale,
    refundable: item.refund.refundable,
    refundFee: money(item.refund.fee),
    nameChanges: item.name_changes.allowed,
    nameChangeLimit: String(item.name_changes.limit),
    emailChanges: item.email_changes,
    transport: item.travel_time_type ?? 'fixed',
    travelTime: zonedInputOf(item.travel_time, timeZone),
    departures: departures.length ? departures : [newDepartureRow()],
    plan: (item.payment_plan ?? []).map((entry) => ({ amount: amountInput(entry.amount, currency), count: String(entry.count), units: entry.units })),
    requires: [...(item.requires ?? [])],
    featured: item.featured ?? false,
    onSaleFrom: zonedInputOf(item.on_sale_from, timeZone),
    onSaleUntil: zonedInputOf(item.on_sale_until, timeZone),
  };
}

/** A duplicate's texts (decision 0094): the name marked as a copy in the default language, the description and every other language's texts as they are. */
export function duplicateTextsOf(item: Pick<CatalogueItemView, 'name' | 'description' | 'translations'>): TextEntry {
  return { name: itemFormTexts.copyName(item.name), description: item.description, translations: item.translations };
}

/**
 * The form's field of a problem's path (the contract's, or the shop's `item.…`): a departure's
 * row and a payment's keep their place (`departures.1.seats`, `plan.0.amount`); the rest is the
 * entry's field as the file names it (`price`, `refund.fee`, `name_changes.limit`).
 */
export function itemFormFieldOf(path: string): string {
  const parts = path.replace(/^item\.?/, '').split('.');
  const [head, second, third, fourth] = parts;
  if (head === 'transport') {
    if (second === 'travel_times') return third === undefined ? 'departures' : `departures.${third}.${fourth ?? 'time'}`;
    return second === 'travel_time' ? 'travel_time' : 'transport';
  }
  if (head === 'payment_plan') return second === undefined ? 'plan' : `plan.${second}.${third ?? 'amount'}`;
  if ((head === 'refund' || head === 'name_changes') && second) return `${head}.${second}`;
  // A tier's field and a language's text keep their place (tiers.1.price, translations.de.name), as the fieldsets show them.
  if (head === 'tiers' && second !== undefined) return third === undefined ? `tiers.${second}` : `tiers.${second}.${third}`;
  if (head === 'translations' && second !== undefined) return third === undefined ? `translations.${second}` : `translations.${second}.${third}`;
  return head || '_';
}

type Prepared = { ok: true; item: ItemDefinitionInput } | { ok: false; problems: FieldProblems };

/**
 * The item the form describes, as catalogue-create-item takes it (the file's entry with its kind),
 * checked with the catalogue file's own schema. Times are read on `timeZone`'s clocks (the
 * event's; the shop's for merchandise). `texts`: the name and description in every language of
 * the shop (the texts fieldset's), the default language's the item's own; without them the
 * form's `name` and `description`.
 */
export function prepareNewItem(form: NewItemForm, currency: string, timeZone: string, texts?: { form: TextsForm; languages: readonly Locale[] }): Prepared {
  const problems: FieldProblems = {};
  const amountProblems = staffTexts.catalogue.amountProblems;
  const money = (text: string, field: string, optional = false): number => {
    if (optional && text.trim() === '') return 0;
    const read = minorUnitsOf(text, currency);
    if (read.ok) return read.minor;
    problems[field] ??= amountProblems[read.problem];
    return 0;
  };
  const time = (text: string, field: string): string | null => {
    if (!text.trim()) return null;
    const read = isoOfZonedInput(text, timeZone);
    if (read.ok) return read.iso;
    problems[field] ??= read.problem === 'gap' ? staffTexts.onsales.clockGap : catalogueFieldMessages.instant;
    return null;
  };
  const count = (text: string) => countOf(text);
  const own = texts ? newEntryTexts(texts.form, texts.languages) : { name: form.name.trim(), description: form.description, translations: {} };
  const common = {
    code: form.code.trim(),
    name: own.name,
    description: own.description,
    ...(Object.keys(own.translations).length ? { translations: own.translations } : {}),
    price: money(form.price, 'price'),
    tiers: tiersOfRows(form.tiers, currency, timeZone, problems),
    fee: money(form.fee, 'fee', true),
    tax: form.tax,
    images: [],
    stock: form.stock.trim() === '' ? null : count(form.stock),
    featured: form.featured,
    on_sale: form.onSale,
    on_sale_from: time(form.onSaleFrom, 'on_sale_from'),
    on_sale_until: time(form.onSaleUntil, 'on_sale_until'),
    limit_per_order: form.limitPerOrder.trim() === '' ? 0 : count(form.limitPerOrder),
    refund: { refundable: form.refundable, fee: form.refundable ? money(form.refundFee, 'refund.fee', true) : 0 },
  };
  let item: ItemDefinitionInput;
  if (form.kind === 'merchandise') {
    item = { kind: 'merchandise', ...common, type: form.type.trim() };
  } else {
    const type = form.productKind === 'addon' ? form.type.trim() : form.productKind;
    const transport =
      form.productKind !== 'transport'
        ? null
        : form.transport === 'fixed'
          ? { travel_time_type: 'fixed' as const, travel_time: time(form.travelTime, 'travel_time'), travel_times: [] }
          : {
              travel_time_type: 'selectable' as const,
              travel_times: form.departures.map((row, index) => ({ time: time(row.time, `departures.${index}.time`) ?? '', seats: row.seats.trim() === '' ? null : count(row.seats) })),
            };
    item = {
      kind: 'product',
      ...common,
      event: form.event,
      type,
      payment_plan: form.plan.length ? form.plan.map((row, index) => ({ amount: money(row.amount, `plan.${index}.amount`), units: row.units, count: count(row.count) })) : null,
      name_changes: { allowed: form.nameChanges, limit: form.nameChanges ? count(form.nameChangeLimit) : 0 },
      email_changes: form.emailChanges,
      transport,
      requires: form.requires.length ? form.requires : null,
    };
  }
  const checked = itemDefinition.safeParse(item);
  if (!checked.success) for (const issue of checked.error.issues as z.core.$ZodIssue[]) problems[itemFormFieldOf(issue.path.join('.'))] ??= issueText(issue);
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, item };
}

/** A field's problem as a sentence under it: a rule of the file after the field's label; a sentence of its own as it is. */
export function itemProblemSentence(field: string, problem: Shown, labels: Record<string, string>): string {
  const label = labels[field] ?? labels[field.split('.')[0]!] ?? field;
  // The shop's words: a rule starts in lower case, or with the value it quotes ("X" is the code of…).
  if (typeof problem === 'string') return /^[\p{Ll}"“„«‘]/u.test(problem) ? itemFormTexts.fieldProblem(label, problem) : problem;
  const isRule = /^(productFieldMessages|catalogueFieldMessages|rateFieldMessages|priceTierMessages)\./.test(problem.id);
  return isRule ? itemFormTexts.fieldProblem(label, say(problem)) : say(problem);
}

/** The server's refusals by the form's field (`item.transport.travel_times.1.seats` is departure 2's seats). */
export function serverItemProblems(errors: Record<string, string[]>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = itemFormFieldOf(key);
    found[field] = found[field] ? `${found[field]} ${list.join(' ')}` : list.join(' ');
  }
  return found;
}
