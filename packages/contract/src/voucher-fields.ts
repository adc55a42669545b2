import { z } from 'zod';
import { INTEGER_COLUMN_MAX } from './bounds';
import { catalogueBoolean, catalogueCode, catalogueInstant, windowProblem } from './catalogue-fields';
import { issueMessage, message, messageWith, type Text } from './i18n/text';
import { VOUCHER_KINDS, type VoucherKind } from './vouchers';

/**
 * The rules of a voucher's fields (issue 37 point 3, decision 0096), shared by the catalogue file's
 * `vouchers` (the importer) and the back office's voucher calls (staff-vouchers.ts): one schema, so
 * the file and the browser refuse the same values with the same words.
 */

/** Most products one voucher may be limited to. */
export const VOUCHER_PRODUCTS_MAX = 200;

// The texts with placeholders, each declared once; `voucherFieldMessages` keeps the callers' positional arguments.
const requiredFor = messageWith<{ kind: string }>({ id: 'voucherFieldMessages.requiredFor', defaultMessage: 'is required for a {kind} voucher' });
const onlyFor = messageWith<{ kind: string }>({ id: 'voucherFieldMessages.onlyFor', defaultMessage: 'is only for a {kind} voucher' });
const listedTwice = messageWith<{ code: string }>({ id: 'voucherFieldMessages.listedTwice', defaultMessage: 'lists {code} twice' });
const noProduct = messageWith<{ code: string }>({ id: 'voucherFieldMessages.noProduct', defaultMessage: 'no product or merchandise has the code {code}' });
const kindKept = messageWith<{ kind: string }>({ id: 'voucherFieldMessages.kindKept', defaultMessage: 'must stay {kind}: the voucher has been used' });
const codeKept = messageWith<{ code: string }>({ id: 'voucherFieldMessages.codeKept', defaultMessage: 'must stay {code}: the voucher has been used' });
const maxBelowUsed = messageWith<{ used: number }>({ id: 'voucherFieldMessages.maxBelowUsed', defaultMessage: 'must be at least {used}, the times the voucher has been used' });

/**
 * A voucher's field rules as the catalogue file names the fields: a value the file refuses, the
 * back office refuses with the same words, and the other way round. Each is said after the field
 * ("percent: must be a whole number from 1 to 100").
 */
export const voucherFieldMessages = {
  code: message({ id: 'voucherFieldMessages.code', defaultMessage: 'must be 3-64 letters, digits, dashes or underscores' }),
  name: message({ id: 'voucherFieldMessages.name', defaultMessage: 'must be 1-200 characters' }),
  kind: message({ id: 'voucherFieldMessages.kind', defaultMessage: 'must be fixed, percentage or free_product' }),
  amount: message({ id: 'voucherFieldMessages.amount', defaultMessage: 'must be a whole number of minor units (cents) from 1 to 2147483647' }),
  percent: message({ id: 'voucherFieldMessages.percent', defaultMessage: 'must be a whole number from 1 to 100' }),
  uses: message({ id: 'voucherFieldMessages.uses', defaultMessage: 'must be a whole number from 1 to 2147483647' }),
  products: message({ id: 'voucherFieldMessages.products', defaultMessage: 'must list 1 to 200 product codes (leave it out for every product)' }),
  productsWithFree: message({ id: 'voucherFieldMessages.productsWithFree', defaultMessage: 'must be left out for a free_product voucher: it applies to its product' }),
  perCustomerAtMost: message({ id: 'voucherFieldMessages.perCustomerAtMost', defaultMessage: 'must not be more than max_uses' }),
  /** `kind`: the kind as the file writes it (fixed, percentage, free_product). */
  requiredFor: (kind: VoucherKind) => requiredFor({ kind }),
  onlyFor: (kind: VoucherKind) => onlyFor({ kind }),
  listedTwice: (code: string) => listedTwice({ code }),
  noProduct: (code: string) => noProduct({ code }),
  kindKept: (kind: VoucherKind) => kindKept({ kind }),
  codeKept: (code: string) => codeKept({ code }),
  maxBelowUsed: (used: number) => maxBelowUsed({ used }),
};

const v = {
  code: issueMessage(voucherFieldMessages.code),
  name: issueMessage(voucherFieldMessages.name),
  kind: issueMessage(voucherFieldMessages.kind),
  amount: issueMessage(voucherFieldMessages.amount),
  percent: issueMessage(voucherFieldMessages.percent),
  uses: issueMessage(voucherFieldMessages.uses),
  products: issueMessage(voucherFieldMessages.products),
};

/** A voucher's code: matched without regard to case, stored upper-case. */
export const voucherCode = z.string({ error: v.code }).regex(/^[A-Za-z0-9_-]{3,64}$/, v.code);
const voucherUses = z.number({ error: v.uses }).int(v.uses).min(1, v.uses).max(INTEGER_COLUMN_MAX, v.uses);

/** The fields of a voucher but its code (a template of generated vouchers has none). */
const termsFields = {
  name: z.string({ error: v.name }).trim().min(1, v.name).max(200, v.name),
  kind: z.enum(VOUCHER_KINDS, { error: v.kind }).default('fixed'),
  /** fixed: the amount off, in minor units. */
  discount_amount: z.number({ error: v.amount }).int(v.amount).min(1, v.amount).max(INTEGER_COLUMN_MAX, v.amount).nullish(),
  /** percentage: the share off the lines it applies to, 1 to 100. */
  percent: z.number({ error: v.percent }).int(v.percent).min(1, v.percent).max(100, v.percent).nullish(),
  /** free_product: the code of the product (or merchandise) one unit of which it gives. */
  product: catalogueCode.nullish(),
  /** Only these products' lines are discounted (their codes); absent: every line. */
  products: z.array(catalogueCode, { error: v.products }).min(1, v.products).max(VOUCHER_PRODUCTS_MAX, v.products).nullish(),
  /** Uses in all; absent: unlimited. */
  max_uses: voucherUses.nullish(),
  /** Uses per customer account; absent: unlimited. */
  max_uses_per_customer: voucherUses.nullish(),
  valid_from: catalogueInstant.nullish(),
  valid_until: catalogueInstant.nullish(),
  active: catalogueBoolean.default(true),
};

type TermsInput = {
  kind: VoucherKind;
  discount_amount?: number | null | undefined;
  percent?: number | null | undefined;
  product?: string | null | undefined;
  products?: readonly string[] | null | undefined;
  max_uses?: number | null | undefined;
  max_uses_per_customer?: number | null | undefined;
  valid_from?: string | null | undefined;
  valid_until?: string | null | undefined;
};

/** The field each kind needs, and no other kind takes. */
const KIND_FIELD = { fixed: 'discount_amount', percentage: 'percent', free_product: 'product' } as const satisfies Record<VoucherKind, keyof TermsInput>;

/** The rules across a voucher's fields, as problems by field. */
export function voucherTermsProblems(voucher: TermsInput): { path: (string | number)[]; text: Text }[] {
  const problems: { path: (string | number)[]; text: Text }[] = [];
  for (const kind of VOUCHER_KINDS) {
    const field = KIND_FIELD[kind];
    const given = voucher[field] !== null && voucher[field] !== undefined;
    if (kind === voucher.kind && !given) problems.push({ path: [field], text: voucherFieldMessages.requiredFor(kind) });
    if (kind !== voucher.kind && given) problems.push({ path: [field], text: voucherFieldMessages.onlyFor(kind) });
  }
  if (voucher.kind === 'free_product' && voucher.products) problems.push({ path: ['products'], text: voucherFieldMessages.productsWithFree });
  voucher.products?.forEach((code, index) => {
    if (voucher.products!.indexOf(code) !== index) problems.push({ path: ['products', index], text: voucherFieldMessages.listedTwice(code) });
  });
  const dates = windowProblem(voucher.valid_from, voucher.valid_until, 'valid_from');
  if (dates) problems.push({ path: ['valid_until'], text: dates });
  if (voucher.max_uses && voucher.max_uses_per_customer && voucher.max_uses_per_customer > voucher.max_uses) {
    problems.push({ path: ['max_uses_per_customer'], text: voucherFieldMessages.perCustomerAtMost });
  }
  return problems;
}

const termsRules = (voucher: TermsInput, ctx: z.RefinementCtx) => {
  for (const problem of voucherTermsProblems(voucher)) ctx.addIssue({ code: 'custom', path: problem.path, message: issueMessage(problem.text) });
};

/**
 * A voucher as the catalogue file writes it and the back office sends it: one schema, so the file
 * and the browser refuse the same values with the same words.
 */
export const voucherDefinition = z
  .object({ code: voucherCode, ...termsFields })
  .strict()
  .superRefine(termsRules);
export type VoucherDefinition = z.output<typeof voucherDefinition>;
export type VoucherDefinitionInput = z.input<typeof voucherDefinition>;

/** The voucher every generated code gets (issue 37 point 3): a definition without its code. */
export const voucherTemplate = z.object(termsFields).strict().superRefine(termsRules);
export type VoucherTemplate = z.output<typeof voucherTemplate>;

/** A voucher as the shop keeps it, for the rules that need what it knows. */
export interface StoredVoucher {
  code: string;
  kind: VoucherKind;
  used: number;
}

/**
 * The rules that need the shop's state (the importer and the back office ask the same): a voucher
 * that has been used keeps its code and kind, and never allows fewer uses than it has had; the
 * products it names exist (`products`: the codes known; null: not checked).
 */
export function voucherStateProblems(
  voucher: Pick<VoucherDefinition, 'code' | 'kind' | 'max_uses' | 'product' | 'products'>,
  stored: StoredVoucher | null,
  products: ReadonlySet<string> | null,
): { path: (string | number)[]; text: Text }[] {
  const problems: { path: (string | number)[]; text: Text }[] = [];
  if (stored && stored.used > 0) {
    if (stored.code !== voucher.code.toUpperCase()) problems.push({ path: ['code'], text: voucherFieldMessages.codeKept(stored.code) });
    if (stored.kind !== voucher.kind) problems.push({ path: ['kind'], text: voucherFieldMessages.kindKept(stored.kind) });
  }
  if (stored && voucher.max_uses != null && voucher.max_uses < stored.used) problems.push({ path: ['max_uses'], text: voucherFieldMessages.maxBelowUsed(stored.used) });
  if (products) {
    if (voucher.product && !products.has(voucher.product)) problems.push({ path: ['product'], text: voucherFieldMessages.noProduct(voucher.product) });
    voucher.products?.forEach((code, index) => {
      if (!products.has(code)) problems.push({ path: ['products', index], text: voucherFieldMessages.noProduct(code) });
    });
  }
  return problems;
}

