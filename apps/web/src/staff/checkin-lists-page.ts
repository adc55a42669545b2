import {
  catalogueFieldMessages,
  checkinListDefinition,
  issueText,
  type CheckinConflictView,
  type CheckinListDefinitionInput,
  type CheckinListView,
  type Shown,
  type Text,
} from '@festival/contract';
import { isoOfZonedInput, zonedInputOf, type FieldProblems } from './catalogue-page';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.checkinLists;

/** A product on the form: every day the list is open, or the festival days typed ("2027-06-19, 2027-06-20"). */
export interface ListFormProduct {
  code: string;
  every: boolean;
  days: string;
}

/** The list form: what staff type, as they typed it. */
export interface ListForm {
  code: string;
  event: string;
  name: string;
  products: ListFormProduct[];
  entry: 'single' | 'alternating';
  /** Gate names separated by commas. */
  gates: string;
  /** On the event's clock, as a datetime-local field holds it. */
  opensAt: string;
  closesAt: string;
  dayCutover: string;
  before: string;
  after: string;
}

export const emptyListForm = (event = ''): ListForm => ({
  code: '',
  event,
  name: '',
  products: [],
  entry: 'single',
  gates: '',
  opensAt: '',
  closesAt: '',
  dayCutover: '06:00',
  before: '30',
  after: '15',
});

/** The form of a list as the shop has it (its times on its event's clock). */
export function listFormOf(view: CheckinListView): ListForm {
  const { list } = view;
  return {
    code: list.code,
    event: list.event,
    name: list.name,
    products: list.products.map((entry) => ({ code: entry.product, every: entry.days === 'every', days: entry.days === 'every' ? '' : entry.days.join(', ') })),
    entry: list.entry,
    gates: list.gates.join(', '),
    opensAt: zonedInputOf(list.opens_at, view.timezone),
    closesAt: zonedInputOf(list.closes_at, view.timezone),
    dayCutover: list.day_cutover,
    before: String(list.boarding.before_minutes),
    after: String(list.boarding.after_minutes),
  };
}

/** A copy of a list to save under another code: everything but the code, and the name marked as a copy by the admin. */
export const duplicateFormOf = (view: CheckinListView): ListForm => ({ ...listFormOf(view), code: '' });

/** Gate names typed separated by commas (or one a line), empty names left out. */
export const gatesOf = (text: string): string[] =>
  text
    .split(/[\n,]/)
    .map((gate) => gate.trim())
    .filter(Boolean);

/** Festival days typed separated by commas or spaces. */
export const daysOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((day) => day.trim())
    .filter(Boolean);

/** A whole number as typed, or NaN, which the contract then refuses in the file's words. */
const minutesOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The form's field of a problem's path: a product's problems are its row's (`products.NWF27-DAY`,
 * by the product's code, as the form's rows are), the others the field's (`gates`, `boarding`).
 */
export function formFieldOf(path: readonly (string | number)[], form: Pick<ListForm, 'products'>): string {
  const [field, index] = path[0] === 'list' ? path.slice(1) : path;
  if (field === 'products' && typeof index === 'number' && form.products[index]) return `products.${form.products[index]!.code}`;
  if (field === 'products' && typeof index === 'string' && /^\d+$/.test(index) && form.products[Number(index)]) return `products.${form.products[Number(index)]!.code}`;
  if (field === 'boarding') return `boarding.${String(index ?? 'before_minutes')}`;
  return String(field ?? '_');
}

/**
 * The list the form describes, as checkin-list-save takes it, checked with the catalogue file's
 * own schema (the contract's): problems by the form's fields. The rules that need the catalogue
 * (a product of another event, a day the list is closed on) are the shop's to say.
 */
export function prepareList(form: ListForm, timeZone: string): { ok: true; list: CheckinListDefinitionInput } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const time = (field: 'opens_at' | 'closes_at', value: string): string | null | undefined => {
    if (!value.trim()) return null;
    const read = isoOfZonedInput(value, timeZone);
    if (read.ok) return read.iso;
    problems[field] = read.problem === 'gap' ? staffTexts.onsales.clockGap : catalogueFieldMessages.instant;
    return undefined;
  };
  const list = {
    code: form.code.trim(),
    event: form.event,
    name: form.name.trim(),
    products: form.products.map((product) => ({ product: product.code, days: product.every ? ('every' as const) : daysOf(product.days) })),
    day_cutover: form.dayCutover.trim(),
    entry: form.entry,
    opens_at: time('opens_at', form.opensAt),
    closes_at: time('closes_at', form.closesAt),
    boarding: { before_minutes: minutesOf(form.before), after_minutes: minutesOf(form.after) },
    gates: gatesOf(form.gates),
  };
  const checked = checkinListDefinition.safeParse(list);
  if (!checked.success) {
    for (const issue of checked.error.issues) problems[formFieldOf(issue.path as (string | number)[], form)] ??= issueText(issue);
  }
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, list };
}

/** The shop's field errors (`list.products.2.days.0`, `list.gates.1`) by the form's fields, in the member's words already. */
export function listServerProblems(errors: Record<string, string[]>, form: Pick<ListForm, 'products'>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const path = key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
    const field = formFieldOf(path, form);
    problems[field] = [problems[field], ...list].filter(Boolean).join(' ');
  }
  return problems;
}

/**
 * A field's problem as a sentence under it: a rule ("must …", "needs …", "is …") after the field's
 * label; a problem that is a sentence of its own as it is. The shop's answers come in words
 * already: a rule among them starts in lower case.
 */
export function listProblemSentence(field: string, problem: Shown, labels: Record<string, string>): string {
  const label = labels[field] ?? labels[field.split('.')[0]!] ?? field;
  const words = typeof problem === 'string' ? problem : say(problem);
  return /^\p{Ll}/u.test(words) ? texts.fieldProblem(label, words) : words;
}

/** What a scan the gates could not count says, and what the organiser can do about it. */
export function conflictTexts(conflict: Pick<CheckinConflictView, 'kind' | 'reason'>): { what: Text; advice: Text } {
  const reasons = texts.reasons;
  const reason = conflict.reason ?? '';
  const what = Object.hasOwn(reasons, reason) ? reasons[reason as keyof typeof reasons] : reasons.other;
  if (reason === 'already-in') return { what, advice: texts.advices.copied };
  if (reason === 'not-inside') return { what, advice: texts.advices.exit };
  if (reason === 'unknown-gate') return { what, advice: texts.advices.gate };
  return { what, advice: texts.advices.refused };
}

/** The gates a list's figures name, with each gate the list has and no scan yet shown at zero (a list without gates: those scanned at). */
export function gateRows(view: Pick<CheckinListView, 'gates' | 'list'>): { gate: string; admitted: number; inside: number }[] {
  const scanned = new Map(view.gates.map((gate) => [gate.gate, gate]));
  const named = view.list.gates.map((gate) => scanned.get(gate) ?? { gate, admitted: 0, inside: 0 });
  return [...named, ...view.gates.filter((gate) => !view.list.gates.includes(gate.gate))];
}

/** Switching a product on or off the form: on, it admits every day the list is open until days are given. */
export function toggleProduct(form: ListForm, code: string, on: boolean): ListForm {
  if (!on) return { ...form, products: form.products.filter((product) => product.code !== code) };
  if (form.products.some((product) => product.code === code)) return form;
  return { ...form, products: [...form.products, { code, every: true, days: '' }] };
}
