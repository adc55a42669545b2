import {
  catalogueFieldMessages,
  issueText,
  staffVoucherMessages,
  VOUCHER_GENERATE_MAX,
  VOUCHER_PREFIX_MAX,
  voucherDefinition,
  voucherFieldMessages,
  voucherTemplate,
  type Shown,
  type VoucherDefinitionInput,
  type VoucherKind,
  type VoucherView,
} from '@festival/contract';
import { isoOfZonedInput, ruleOf, zonedInputOf, type FieldProblems } from './catalogue-page';
import { amountInput, parseAmount, staffLocale } from './money';
import { staffTexts } from './texts';
import { say } from '../lib/say';

const texts = staffTexts.vouchers;

/** The voucher form: what staff type, as they typed it. */
export interface VoucherForm {
  code: string;
  name: string;
  kind: VoucherKind;
  /** fixed: the amount off, typed in the shop's currency ("12.50"). */
  amount: string;
  /** percentage: the percent off. */
  percent: string;
  /** free_product: the product's code. */
  product: string;
  /** The products it is limited to (none: every product). */
  products: string[];
  maxUses: string;
  maxUsesPerCustomer: string;
  /** On the shop's clocks, as a datetime-local field holds it. */
  validFrom: string;
  validUntil: string;
  active: boolean;
}

/** Where the form's times and amounts are read: the shop's currency and time zone. */
export interface VoucherFormContext {
  currency: string;
  timeZone: string;
}

export const emptyVoucherForm = (): VoucherForm => ({
  code: '',
  name: '',
  kind: 'fixed',
  amount: '',
  percent: '',
  product: '',
  products: [],
  maxUses: '',
  maxUsesPerCustomer: '',
  validFrom: '',
  validUntil: '',
  active: true,
});

/** A generated batch's form: how many, the prefix, and the voucher each gets (its code field unused). */
export interface GenerateForm {
  count: string;
  prefix: string;
  voucher: VoucherForm;
}

export const emptyGenerateForm = (): GenerateForm => ({ count: '100', prefix: '', voucher: { ...emptyVoucherForm(), maxUses: '1' } });

export function voucherFormOf(voucher: VoucherView, context: VoucherFormContext): VoucherForm {
  return {
    code: voucher.code,
    name: voucher.name,
    kind: voucher.kind,
    amount: voucher.discount_amount === null ? '' : amountInput(voucher.discount_amount, context.currency),
    percent: voucher.percent === null ? '' : String(voucher.percent),
    product: voucher.product ?? '',
    products: voucher.products ?? [],
    maxUses: voucher.max_uses === null ? '' : String(voucher.max_uses),
    maxUsesPerCustomer: voucher.max_uses_per_customer === null ? '' : String(voucher.max_uses_per_customer),
    validFrom: zonedInputOf(voucher.valid_from, context.timeZone),
    validUntil: zonedInputOf(voucher.valid_until, context.timeZone),
    active: voucher.active,
  };
}

/** A whole number as typed (empty: none), or NaN, which the contract then refuses in the file's words. */
const countOf = (text: string): number | null => (text.trim() === '' ? null : /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The form's field of a problem's path: `voucher.products.2` and `products` are the products'. */
export const formFieldOf = (path: string): string => path.replace(/^(voucher|template)\.?/, '').split('.')[0] || '_';

/**
 * The voucher the form describes, as voucher-save takes it, checked with the contract's (the
 * catalogue file's) rules: problems by field, named as the file names them.
 */
export function prepareVoucher(form: VoucherForm, context: VoucherFormContext): { ok: true; voucher: VoucherDefinitionInput } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const time = (field: 'valid_from' | 'valid_until', value: string): string | null | undefined => {
    if (!value.trim()) return null;
    const read = isoOfZonedInput(value, context.timeZone);
    if (read.ok) return read.iso;
    problems[field] = read.problem === 'gap' ? staffTexts.onsales.clockGap : catalogueFieldMessages.instant;
    return undefined;
  };
  let amount: number | null | undefined = null;
  if (form.kind === 'fixed') {
    const parsed = parseAmount(form.amount, context.currency);
    if (parsed.ok) amount = parsed.minor;
    else if (parsed.problem === 'empty') amount = null;
    else problems.discount_amount = texts.notAnAmount;
  }
  const voucher = {
    code: form.code.trim(),
    name: form.name.trim(),
    kind: form.kind,
    discount_amount: form.kind === 'fixed' ? amount : null,
    percent: form.kind === 'percentage' ? countOf(form.percent) : null,
    product: form.kind === 'free_product' ? form.product || null : null,
    products: form.kind === 'free_product' || form.products.length === 0 ? null : form.products,
    max_uses: countOf(form.maxUses),
    max_uses_per_customer: countOf(form.maxUsesPerCustomer),
    valid_from: time('valid_from', form.validFrom),
    valid_until: time('valid_until', form.validUntil),
    active: form.active,
  };
  const checked = voucherDefinition.safeParse(voucher);
  if (!checked.success) {
    for (const issue of checked.error.issues) problems[formFieldOf(issue.path.join('.'))] ??= issueText(issue);
  }
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, voucher: voucher as VoucherDefinitionInput };
}

/** The batch the generate form describes, as voucher-generate takes it, checked with the contract's rules. */
export function prepareGenerate(form: GenerateForm, context: VoucherFormContext): { ok: true; payload: { count: number; prefix: string; template: Omit<VoucherDefinitionInput, 'code'> } } | { ok: false; problems: FieldProblems } {
  // The template's code is not sent: a placeholder passes the code's rule.
  const prepared = prepareVoucher({ ...form.voucher, code: 'TEMPLATE' }, context);
  const problems: FieldProblems = prepared.ok ? {} : { ...prepared.problems };
  const count = countOf(form.count);
  if (count === null || !Number.isInteger(count) || count < 1 || count > VOUCHER_GENERATE_MAX) problems.count = staffVoucherMessages.count;
  if (!new RegExp(`^[A-Za-z0-9_-]{0,${VOUCHER_PREFIX_MAX}}$`).test(form.prefix.trim())) problems.prefix = staffVoucherMessages.prefix;
  if (!prepared.ok || Object.keys(problems).length) return { ok: false, problems };
  const { code: _code, ...template } = prepared.voucher;
  const checked = voucherTemplate.safeParse(template);
  if (!checked.success) return { ok: false, problems: Object.fromEntries(checked.error.issues.map((issue) => [formFieldOf(issue.path.join('.')), issueText(issue)])) };
  return { ok: true, payload: { count: count!, prefix: form.prefix.trim(), template } };
}

/** The shop's field errors (`voucher.max_uses`, `template.percent`, `count`) by the form's fields. */
export function voucherServerProblems(errors: Record<string, string[]>): FieldProblems {
  const problems: Record<string, string> = {};
  for (const [key, list] of Object.entries(errors)) {
    const field = formFieldOf(key);
    problems[field] = [problems[field], ...list].filter(Boolean).join(' ');
  }
  return problems;
}

/** The voucher rules ("must …", "is …"), which a problem's sentence says after the field's label. */
const VOUCHER_RULES = [
  catalogueFieldMessages.instant,
  catalogueFieldMessages.code,
  voucherFieldMessages.code,
  voucherFieldMessages.name,
  voucherFieldMessages.kind,
  voucherFieldMessages.amount,
  voucherFieldMessages.percent,
  voucherFieldMessages.uses,
  voucherFieldMessages.products,
  voucherFieldMessages.productsWithFree,
  voucherFieldMessages.requiredFor('fixed'),
  voucherFieldMessages.requiredFor('percentage'),
  voucherFieldMessages.requiredFor('free_product'),
  staffVoucherMessages.codeTaken,
  staffVoucherMessages.count,
  staffVoucherMessages.prefix,
  staffTexts.onsales.clockGap,
  texts.notAnAmount,
];

/**
 * A field's problem as a sentence under it: a rule after the field's label ("Percentage off must
 * be a whole number from 1 to 100."), the file's names of other fields as the form's labels. A
 * problem that is a sentence of its own is shown as it is. The shop's answers come in words already
 * (in the staff member's language): a rule among them starts in lower case.
 */
export function voucherProblemSentence(field: string, problem: Shown, labels: Record<string, string>): string {
  const label = labels[field] ?? field;
  if (typeof problem === 'string') return /^\p{Ll}/u.test(problem) ? texts.fieldProblem(label, problem) : problem;
  if (problem.id === catalogueFieldMessages.laterThan('valid_from').id) return texts.fieldProblem(label, texts.laterThanLabel(labels.valid_from ?? 'valid_from'));
  if (problem.id === voucherFieldMessages.perCustomerAtMost.id) return texts.fieldProblem(label, texts.notMoreThanLabel(labels.max_uses ?? 'max_uses'));
  if (ruleOf(problem, VOUCHER_RULES) || problem.id.startsWith('voucherFieldMessages.')) return texts.fieldProblem(label, say(problem));
  return say(problem);
}

/** What a voucher gives, in words: "€10.00 off", "15 % off", "One Weekend ticket free"; with its products when it is limited. */
export function voucherValueText(voucher: Pick<VoucherView, 'kind' | 'discount_amount' | 'percent' | 'product' | 'products'>, money: (minor: number) => string, productName: (code: string) => string): string {
  const given =
    voucher.kind === 'fixed' ? texts.amountOff(money(voucher.discount_amount ?? 0)) : voucher.kind === 'percentage' ? texts.percentOff(voucher.percent ?? 0) : texts.productFree(productName(voucher.product ?? ''));
  if (voucher.kind === 'free_product' || !voucher.products?.length) return given;
  return `${given}, ${texts.onlyFor(new Intl.ListFormat(staffLocale(), { type: 'conjunction' }).format(voucher.products.map(productName)))}`;
}

/** How many times it was used, of how many: "3 of 100", "3, no limit"; with the limit per customer. */
export function voucherUsesText(voucher: Pick<VoucherView, 'used' | 'max_uses' | 'max_uses_per_customer'>): string {
  const uses = voucher.max_uses === null ? texts.usedNoLimit(voucher.used) : texts.usedOf(voucher.used, voucher.max_uses);
  return voucher.max_uses_per_customer === null ? uses : `${uses}; ${texts.perCustomer(voucher.max_uses_per_customer)}`;
}
