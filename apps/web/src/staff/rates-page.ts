import {
  issueText,
  shippingRateDefinition,
  taxRateDefinition,
  type ShippingRateDefinitionInput,
  type ShippingRateView,
  type Shown,
  type TaxRateDefinitionInput,
  type TaxRateView,
} from '@festival/contract';
import type { z } from 'zod';
import type { FieldProblems } from './catalogue-page';
import { amountInput, parseAmount, staffLocale } from './money';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.rates;

/** The tax rate form: what staff type, as they typed it. */
export interface TaxRateForm {
  code: string;
  name: string;
  /** A percentage as typed, with the staff member's decimal sign ("9,5" or "9.5"). */
  rate: string;
  archived: boolean;
}

/** The shipping rate form. */
export interface ShippingRateForm {
  country: string;
  name: string;
  type: string;
  /** In the shop's currency as typed ("4.95"). */
  price: string;
  archived: boolean;
}

export const emptyTaxRateForm = (): TaxRateForm => ({ code: '', name: '', rate: '', archived: false });
export const emptyShippingRateForm = (): ShippingRateForm => ({ country: '', name: '', type: 'standard', price: '', archived: false });

/** A percentage in the staff member's language's digits: 9.5 is "9,5" in German. */
export const percentInput = (rate: number) => new Intl.NumberFormat(staffLocale(), { maximumFractionDigits: 2, useGrouping: false }).format(rate);

export const taxRateFormOf = (rate: TaxRateView): TaxRateForm => ({ code: rate.code, name: rate.name, rate: percentInput(rate.rate), archived: rate.archived });
export const shippingRateFormOf = (rate: ShippingRateView, currency: string): ShippingRateForm => ({
  country: rate.country,
  name: rate.name,
  type: rate.type,
  price: amountInput(rate.price, currency),
  archived: rate.archived,
});

/** A percentage as typed (a comma or a point before the decimals), or NaN, which the contract then refuses in the file's words. */
export function readPercent(text: string): number {
  const cleaned = text.trim().replace(/\s*%$/, '').replace(',', '.');
  return /^\d{1,3}(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The form's field of a problem's path: `tax_rate.rate` is the rate's. */
export const rateFormFieldOf = (path: string): string => path.replace(/^(tax_rate|shipping_rate)\.?/, '').split('.')[0] || '_';

function problemsOf(issues: readonly z.core.$ZodIssue[]): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of issues) problems[rateFormFieldOf(issue.path.join('.'))] ??= issueText(issue);
  return problems;
}

/** The tax rate the form describes, as tax-rate-save takes it, checked with the catalogue file's rules. */
export function prepareTaxRate(form: TaxRateForm): { ok: true; rate: TaxRateDefinitionInput } | { ok: false; problems: FieldProblems } {
  const rate = { code: form.code.trim(), name: form.name.trim(), rate: readPercent(form.rate), archived: form.archived };
  const checked = taxRateDefinition.safeParse(rate);
  if (!checked.success) return { ok: false, problems: problemsOf(checked.error.issues) };
  return { ok: true, rate };
}

/** The shipping rate the form describes, as shipping-rate-save takes it, checked with the catalogue file's rules. */
export function prepareShippingRate(form: ShippingRateForm, currency: string): { ok: true; rate: ShippingRateDefinitionInput } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const price = parseAmount(form.price, currency);
  if (!price.ok) problems.price = texts.notAnAmount;
  const rate = { country: form.country.trim().toUpperCase(), name: form.name.trim(), type: form.type.trim() || 'standard', price: price.ok ? price.minor : 0, archived: form.archived };
  const checked = shippingRateDefinition.safeParse(rate);
  if (!checked.success) for (const [field, problem] of Object.entries(problemsOf(checked.error.issues))) problems[field] ??= problem;
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, rate };
}

/** The shop's field errors (`tax_rate.rate`, `shipping_rate.country`) by the form's fields. */
export function rateServerProblems(errors: Record<string, string[]>): FieldProblems {
  const problems: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = rateFormFieldOf(key);
    problems[field] = [problems[field], ...list].filter(Boolean).join(' ');
  }
  return problems;
}

/**
 * A field's problem as a sentence under it: a rule ("must …") after the field's label ("Rate must
 * be a percentage from 0 to 100 with at most two decimals."); a sentence of its own as it is.
 */
export function rateProblemSentence(field: string, problem: Shown, labels: Record<string, string>): string {
  const label = labels[field] ?? field;
  // The shop's answers come in words already (in the member's language): a rule among them starts in lower case.
  if (typeof problem === 'string') return /^\p{Ll}/u.test(problem) ? texts.fieldProblem(label, problem) : problem;
  const isRule = /^(rateFieldMessages|catalogueFieldMessages)\./.test(problem.id) || /^staffRateMessages\.(codeKept|countryKept)$/.test(problem.id);
  return isRule ? texts.fieldProblem(label, say(problem)) : say(problem);
}

/** A rate in the staff member's language: "21 %", "9,5 %". */
export const rateText = (rate: number) => new Intl.NumberFormat(staffLocale(), { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);

