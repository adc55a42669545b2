import { z } from 'zod';
import type { Locale } from './i18n/locales';

/**
 * The organiser's texts in every language of the shop (issue 36 point 5, decision 0094). The
 * configuration's own texts are in the shop's default language (the first of `languages`); each
 * other language's words are an overlay under `translations.<code>` with the same shape as the
 * texts it replaces, any of them left out:
 *
 * ```yaml
 * languages: [en, de]
 * texts: { headerBanner: Early bird tickets on sale now }
 * translations:
 *   de:
 *     texts: { headerBanner: Frühbuchertickets jetzt erhältlich }
 *     countries: { NL: Niederlande }
 * ```
 *
 * A text left out is shown in the default language; a country left out is named by the
 * browser's and Node's own CLDR names (`Intl.DisplayNames`), never in another language.
 */
const words = z.string();
const labels = z.record(z.string(), words);

/** Every text of `texts` may be given per language. */
const TEXT_KEYS = [
  'underConstructionTitle',
  'underConstructionText',
  'outOfStock',
  'headerBanner',
  'homeIntro',
  'termsAndConditions',
  'privacyPolicy',
  'securityStatement',
  'cookiePolicy',
  'faqs',
  'awaitingPayment',
  'paymentCancelled',
  'paymentAbandoned',
  'refunded',
] as const;
/** The rich-text (HTML) ones among them: the server sanitises them as it does the default language's. */
export const RICH_TEXT_KEYS = ['underConstructionText', 'homeIntro', 'termsAndConditions', 'privacyPolicy', 'securityStatement', 'cookiePolicy', 'faqs'] as const;

export const configTranslation = z
  .object({
    name: words.min(1),
    description: words.max(300),
    texts: z.object(Object.fromEntries(TEXT_KEYS.map((key) => [key, words])) as Record<(typeof TEXT_KEYS)[number], typeof words>).partial().strict(),
    titles: labels,
    typeNames: labels,
    statusLabels: z.object({ payment: labels, ticket: labels, refund: labels, merchandise: labels }).partial().strict(),
    paymentMethods: labels,
    /** By country code: `{ NL: Niederlande }`. */
    countries: labels,
    /** By position, as the default language lists them. */
    addressLines: z.array(z.object({ text: words.min(1) }).strict()),
    usefulLinks: z.array(z.object({ label: words.min(1) }).strict()),
    ambassadors: z.object({ title: words, text: words }).partial().strict(),
    contact: z.object({ address: words }).partial().strict(),
  })
  .partial()
  .strict();
export type ConfigTranslation = z.infer<typeof configTranslation>;

/** By language code; a code the shop does not offer is reported by translationProblems at its own path (and line). */
export const configTranslations = z.record(z.string(), configTranslation).default({});

/** The parts of a configuration its translations touch. */
export interface TranslatableConfig {
  name: string;
  description?: string | null | undefined;
  languages: readonly Locale[];
  texts: Partial<Record<(typeof TEXT_KEYS)[number], string | null | undefined>>;
  titles: Record<string, string>;
  typeNames?: Record<string, string> | undefined;
  statusLabels: { payment: Record<string, string>; ticket: Record<string, string>; refund: Record<string, string>; merchandise?: Record<string, string> | undefined };
  paymentMethods: Record<string, string>;
  countries: readonly { code: string; name: string }[];
  addressLines: readonly { text: string }[];
  usefulLinks: readonly { label: string }[];
  ambassadors: { title?: string | null | undefined; text?: string | null | undefined };
  contact: { address: string };
  translations?: Readonly<Record<string, ConfigTranslation>> | undefined;
}

/** An address line's name in the page's language (configIn sets `label`), else its text. */
export const addressLineLabel = (line: { text: string; label?: string | undefined }): string => line.label ?? line.text;

/** A problem of the translations: where (a path of the configuration) and what. */
export interface TranslationProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a configuration's translations: a language the shop does not offer (or its
 * default, whose texts are the configuration's own), and a label, status, link or line that the
 * default language does not have (a translation of nothing is a typing mistake).
 */
export function translationProblems(config: TranslatableConfig): TranslationProblem[] {
  const problems: TranslationProblem[] = [];
  const [main, ...others] = config.languages;
  for (const [code, translation] of Object.entries(config.translations ?? {})) {
    const at = ['translations', code];
    if (code === main) {
      problems.push({ path: at, message: `${code} is the shop's default language: its texts are the configuration's own, not a translation` });
      continue;
    }
    if (!(others as readonly string[]).includes(code)) {
      problems.push({ path: at, message: `the shop does not offer ${code} (languages: ${config.languages.join(', ')})` });
      continue;
    }
    const unknownKeys = (path: (string | number)[], given: Record<string, unknown> | undefined, known: Record<string, unknown> | undefined) => {
      for (const key of Object.keys(given ?? {})) if (!known || !(key in known)) problems.push({ path: [...at, ...path, key], message: `names no ${path.join('.')} of the default language` });
    };
    unknownKeys(['titles'], translation.titles, config.titles);
    unknownKeys(['typeNames'], translation.typeNames, config.typeNames);
    unknownKeys(['paymentMethods'], translation.paymentMethods, config.paymentMethods);
    for (const kind of ['payment', 'ticket', 'refund', 'merchandise'] as const) unknownKeys(['statusLabels', kind], translation.statusLabels?.[kind], config.statusLabels[kind]);
    unknownKeys(['countries'], translation.countries, Object.fromEntries(config.countries.map((country) => [country.code, true])));
    if ((translation.addressLines?.length ?? 0) > config.addressLines.length) problems.push({ path: [...at, 'addressLines'], message: `lists more lines than the default language (${config.addressLines.length})` });
    if ((translation.usefulLinks?.length ?? 0) > config.usefulLinks.length) problems.push({ path: [...at, 'usefulLinks'], message: `lists more links than the default language (${config.usefulLinks.length})` });
  }
  return problems;
}

const regionNames = new Map<Locale, Intl.DisplayNames | null>();
function regionName(language: Locale, code: string): string | undefined {
  let names = regionNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    regionNames.set(language, names);
  }
  try {
    return names?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

const merge = (base: Record<string, string>, over: Record<string, string> | undefined): Record<string, string> =>
  over ? Object.fromEntries(Object.entries(base).map(([key, value]) => [key, over[key] ?? value])) : base;

const resolved = new WeakMap<object, Map<Locale, unknown>>();

/**
 * The configuration as a reader of `language` sees it: each text in their language where the
 * organiser gave one, else in the default language; countries the organiser did not name in it
 * by their CLDR names. The default language, and a language the shop does not offer, get the
 * configuration as it is. Without `translations` (what a page is sent: its own language only).
 * Made once per configuration and language.
 */
export function configIn<C extends TranslatableConfig>(config: C, language: Locale): Omit<C, 'translations'> {
  let byLanguage = resolved.get(config);
  if (!byLanguage) resolved.set(config, (byLanguage = new Map()));
  const made = byLanguage.get(language) as Omit<C, 'translations'> | undefined;
  if (made) return made;
  const { translations, ...own } = config;
  const translation = language !== config.languages[0] && config.languages.includes(language) ? translations?.[language] : undefined;
  let result: Omit<C, 'translations'> = own;
  if (translation) {
    result = {
      ...own,
      name: translation.name ?? own.name,
      description: translation.description ?? own.description,
      texts: { ...own.texts, ...Object.fromEntries(Object.entries(translation.texts ?? {}).filter(([key]) => own.texts[key as keyof typeof own.texts] != null)) },
      titles: merge(own.titles, translation.titles),
      ...(own.typeNames ? { typeNames: merge(own.typeNames, translation.typeNames) } : {}),
      statusLabels: {
        payment: merge(own.statusLabels.payment, translation.statusLabels?.payment),
        ticket: merge(own.statusLabels.ticket, translation.statusLabels?.ticket),
        refund: merge(own.statusLabels.refund, translation.statusLabels?.refund),
        ...(own.statusLabels.merchandise ? { merchandise: merge(own.statusLabels.merchandise, translation.statusLabels?.merchandise) } : {}),
      },
      paymentMethods: merge(own.paymentMethods, translation.paymentMethods),
      countries: own.countries.map((country) => ({ ...country, name: translation.countries?.[country.code] ?? regionName(language, country.code) ?? country.name })),
      // An address keeps its values under the default language's line texts in every language: a translated line is a label.
      addressLines: own.addressLines.map((line, index) => ({ ...line, label: translation.addressLines?.[index]?.text ?? line.text })),
      usefulLinks: own.usefulLinks.map((link, index) => ({ ...link, label: translation.usefulLinks?.[index]?.label ?? link.label })),
      ambassadors: { ...own.ambassadors, title: own.ambassadors.title != null ? (translation.ambassadors?.title ?? own.ambassadors.title) : own.ambassadors.title, text: own.ambassadors.text != null ? (translation.ambassadors?.text ?? own.ambassadors.text) : own.ambassadors.text },
      contact: { ...own.contact, address: translation.contact?.address ?? own.contact.address },
    } as Omit<C, 'translations'>;
  } else if (language !== config.languages[0] && config.languages.includes(language)) {
    result = { ...own, countries: own.countries.map((country) => ({ ...country, name: regionName(language, country.code) ?? country.name })) } as Omit<C, 'translations'>;
  }
  byLanguage.set(language, result);
  return result;
}

/**
 * The organiser's texts a language of the shop lacks (shown in the default language until
 * given), as configuration paths: `npm run catalog -- validate` lists them. Country names are
 * not listed: CLDR names them in every language.
 */
export function missingConfigTexts(config: TranslatableConfig): { language: Locale; path: string }[] {
  const missing: { language: Locale; path: string }[] = [];
  for (const language of config.languages.slice(1)) {
    const translation = config.translations?.[language] ?? {};
    const need = (path: string, present: boolean, given: unknown) => {
      if (present && (given === undefined || given === null)) missing.push({ language, path: `translations.${language}.${path}` });
    };
    need('description', config.description != null, translation.description);
    for (const key of TEXT_KEYS) need(`texts.${key}`, config.texts[key] != null, translation.texts?.[key]);
    for (const key of Object.keys(config.titles)) need(`titles.${key}`, true, translation.titles?.[key]);
    for (const key of Object.keys(config.typeNames ?? {})) need(`typeNames.${key}`, true, translation.typeNames?.[key]);
    for (const kind of ['payment', 'ticket', 'refund', 'merchandise'] as const) for (const key of Object.keys(config.statusLabels[kind] ?? {})) need(`statusLabels.${kind}.${key}`, true, translation.statusLabels?.[kind]?.[key]);
    for (const key of Object.keys(config.paymentMethods)) need(`paymentMethods.${key}`, true, translation.paymentMethods?.[key]);
    config.addressLines.forEach((_, index) => need(`addressLines.${index}.text`, true, translation.addressLines?.[index]?.text));
    config.usefulLinks.forEach((_, index) => need(`usefulLinks.${index}.label`, true, translation.usefulLinks?.[index]?.label));
    need('contact.address', true, translation.contact?.address);
    need('ambassadors.title', config.ambassadors.title != null, translation.ambassadors?.title);
    need('ambassadors.text', config.ambassadors.text != null, translation.ambassadors?.text);
  }
  return missing;
}
