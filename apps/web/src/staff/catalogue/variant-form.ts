import { catalogueAddVariantPayload, issueText, message, messageWith, type CatalogueAddVariantPayload, type CatalogueItemView, type Shown } from '@festival/contract';

/** The back office's texts of merchandise variants (decision 0104). */
export const variantTexts = {
  add: message({ id: 'staff.catalogue.variants.add', defaultMessage: 'Add variant' }),
  addLabel: messageWith<{ name: string }>({ id: 'staff.catalogue.variants.addLabel', defaultMessage: 'Add a size or variant to {name}' }),
  code: message({ id: 'staff.catalogue.variants.code', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.catalogue.variants.codeHint', defaultMessage: 'The variant’s own code, such as TEE-M: what the cart adds.' }),
  label: message({ id: 'staff.catalogue.variants.label', defaultMessage: 'Label' }),
  labelHint: message({ id: 'staff.catalogue.variants.labelHint', defaultMessage: 'What buyers choose, such as M.' }),
  /** The label in another language of the shop (decision 0104). */
  labelIn: messageWith<{ language: string }>({ id: 'staff.catalogue.variants.labelIn', defaultMessage: 'Label in {language}' }),
  labelInHint: message({ id: 'staff.catalogue.variants.labelInHint', defaultMessage: 'Empty: the label above.' }),
  stock: message({ id: 'staff.catalogue.variants.stock', defaultMessage: 'Stock' }),
  stockHint: message({ id: 'staff.catalogue.variants.stockHint', defaultMessage: 'Empty: unlimited.' }),
  close: message({ id: 'staff.catalogue.variants.close', defaultMessage: 'Close' }),
  save: message({ id: 'staff.catalogue.variants.save', defaultMessage: 'Add' }),
  /** An add-on's card: the products it is sold with (decision 0104). */
  requires: message({ id: 'staff.catalogue.variants.requires', defaultMessage: 'Only with' }),
  /** A variant's card: its group and its label. */
  variantOf: messageWith<{ group: string; label: string }>({ id: 'staff.catalogue.variants.variantOf', defaultMessage: 'Variant {label} of {group}' }),
};

export interface VariantForm {
  code: string;
  label: string;
  stock: string;
  /** The label in the shop's other languages, by language; empty: the label. */
  labels?: Readonly<Record<string, string>>;
}

export const emptyVariantForm: VariantForm = { code: '', label: '', stock: '', labels: {} };

type VariantField = 'code' | 'label' | 'stock';

/** The call's payload from the form, or each field's problem (the contract's words): the server checks the same again. */
export function prepareVariant(groupCode: string, form: VariantForm): { payload: CatalogueAddVariantPayload } | { problems: Partial<Record<string, Shown>> } {
  const stockText = form.stock.trim();
  const stock = stockText === '' ? null : /^-?\d+(\.\d+)?$/.test(stockText) ? Number(stockText) : Number.NaN;
  // The labels typed in other languages, as the file gives them (`translations: { de: { label } }`).
  const typed = Object.entries(form.labels ?? {}).filter(([, label]) => label.trim() !== '');
  const translations = typed.length ? Object.fromEntries(typed.map(([language, label]) => [language, { label }])) : undefined;
  const checked = catalogueAddVariantPayload.safeParse({ code: groupCode, variant: { code: form.code.trim(), label: form.label, stock, on_sale: true, ...(translations ? { translations } : {}) } });
  if (checked.success) {
    const { variant } = checked.data;
    return { payload: { code: groupCode, variant: { code: variant.code, label: variant.label, stock: variant.stock ?? null, on_sale: true, ...(variant.translations ? { translations: variant.translations } : {}) } } };
  }
  const problems: Partial<Record<string, Shown>> = {};
  for (const issue of checked.error.issues) {
    const [, field, language] = issue.path;
    // A label in another language is said at its field (labels.de).
    const key = field === 'translations' && typeof language === 'string' ? `labels.${language}` : (field as VariantField);
    if ((key === 'code' || key === 'label' || key === 'stock' || key.startsWith('labels.')) && !problems[key]) problems[key] = issueText(issue);
  }
  return { problems };
}

/** The merchandise cards in order: each group followed by its variants (a variant whose group is not shown, where it is). */
export function groupedMerchandise<T extends Pick<CatalogueItemView, 'code' | 'variant_of'>>(items: readonly T[]): T[] {
  const codes = new Set(items.map((item) => item.code));
  const variantsOf = new Map<string, T[]>();
  for (const item of items) if (item.variant_of && codes.has(item.variant_of)) variantsOf.set(item.variant_of, [...(variantsOf.get(item.variant_of) ?? []), item]);
  const ordered: T[] = [];
  for (const item of items) {
    if (item.variant_of && codes.has(item.variant_of)) continue;
    ordered.push(item, ...(variantsOf.get(item.code) ?? []));
  }
  return ordered;
}

/** Whether an item may take variants: merchandise that is not itself a variant. */
export const takesVariants = (item: Pick<CatalogueItemView, 'kind' | 'variant_of'>) => item.kind === 'merchandise' && !item.variant_of;
