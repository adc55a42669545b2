import { z } from 'zod';
import { LOCALES } from './i18n/locales';
import { configTranslations } from './config-languages';
import { EMAIL_MAX_LENGTH, isValidEmail } from './mailbox';

const text = z.string();
/** Organiser rich text (HTML); the server sanitises it before it reaches a page. */
const richText = z.string();
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter ISO country code such as NL');

export const addressLineConfig = z.object({
  text: text.min(1),
  required: z.boolean(),
  /**
   * What the line holds, so documents print the address in its country's order (postcode and
   * city after the street in most of Europe, the UK postcode on its own line, …). Absent: read
   * from the label ("Postcode", "ZIP", "City", "State", …), a street line otherwise.
   */
  part: z.enum(['street', 'postcode', 'city', 'region']).nullish(),
});

export const eventSettings = z.object({
  ageRangeActive: z.boolean(),
  creditCardActive: z.boolean(),
  bankTransferActive: z.boolean(),
  bankTransferCountries: z.array(countryCode),
});
export type EventSettings = z.infer<typeof eventSettings>;

/** A web address: http(s) only, so no `javascript:` or `data:` link can reach a page's footer. */
const webUrl = z.url({ protocol: /^https?$/, error: 'Give a web address starting with https:// or http://.' });
const optionalUrl = webUrl.nullish();
/** A footer link: a web address, mailto: or tel:, or a path of the shop (one slash, not two). */
const linkUrl = z
  .string()
  .min(1)
  .refine((value) => /^(https?:\/\/|mailto:|tel:)/i.test(value) || (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')), {
    error: 'Give a web address (https://…), a mailto: or tel: link, or a path of the shop such as /faqs.',
  });

/** The e-mails' look when the configuration gives none, or leaves a part out (decision 0032). */
export const DEFAULT_BRAND = { logo: null, logoWidth: 48, primaryColour: '#3b1f6e', onPrimaryColour: '#ffffff', backgroundColour: '#f6f4fa', textColour: '#1d1a24' } as const;

/** A colour as #rrggbb: what every mail client understands. */
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour such as #3b1f6e');

/**
 * The shop configuration file (SHOP_CONFIG). Everything in it is public: it is
 * injected into every page. Secrets live in the environment, never here.
 */
export const shopConfigFile = z
  .object({
    name: text.min(1),
    /** The pages' meta description for search engines; a sentence built from the name when absent. */
    description: text.max(300).nullish(),
    shopActive: z.boolean(),
    merchandiseActive: z.boolean(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code such as EUR'),
    locale: z.string().min(2).default('en-GB'),
    /**
     * The languages the shop speaks to its buyers, the first its default (the language of a
     * buyer whose browser asks for none of them). Each must be one the shop has texts for
     * (docs/translations.md).
     */
    languages: z
      .array(z.enum(LOCALES, { error: `must be one of the shop's languages: ${LOCALES.join(', ')}` }))
      .min(1)
      .refine((codes) => new Set(codes).size === codes.length, 'names a language twice')
      .default(['en']),
    /**
     * The organiser's texts in the shop's other languages (config-languages.ts): an overlay per
     * language of the texts above, each left out shown in the default language.
     */
    translations: configTranslations,
    timezone: z.string().min(1),
    /**
     * The address customers reach the shop at (https://shop.example.org): every link in an e-mail,
     * a document or a command's output starts with it. The loaded configuration always has one
     * (shopConfigSource leaves it out of the file; the server derives or demands it).
     */
    publicBaseUrl: webUrl,
    countries: z.array(z.object({ code: countryCode, name: text.min(1) })).min(1),
    ageRanges: z.array(text.min(1)),
    addressLines: z.array(addressLineConfig),
    paymentMethods: z.record(z.string(), text),
    ibanCountries: z.array(countryCode),
    /** The payment gateway in use; its badges show in the footer. */
    gateway: z.string().nullish(),
    maxCreditCardAttempts: z.number().int().min(1),
    /** Default of the listing filter: true shows out-of-stock items too. */
    includeOutOfStockDefault: z.boolean(),
    statusLabels: z.object({
      payment: z.record(z.string(), text),
      ticket: z.record(z.string(), text),
      refund: z.record(z.string(), text),
      /** Merchandise purchases' own words where a ticket's would mislead ("Active"); the ticket labels otherwise (decision 0071). */
      merchandise: z.record(z.string(), text).optional(),
    }),
    titles: z.record(z.string(), text),
    /**
     * What buyers read for a catalogue item's `type` word (`camping: Camping pitch`, `shirt:
     * T-shirt`): a type without one is its word, capitalised; `ticket` and `transport` have the
     * shop's own words. Translated like every label (translations.<code>.typeNames).
     */
    typeNames: z.record(z.string().regex(/^[a-z0-9_-]{1,50}$/, 'must be a catalogue type word: lower-case letters, digits, - and _'), text.min(1).max(50)).default({}),
    texts: z.object({
      underConstructionTitle: text,
      underConstructionText: richText,
      outOfStock: text.nullish(),
      headerBanner: text.nullish(),
      homeIntro: richText.nullish(),
      termsAndConditions: richText,
      privacyPolicy: richText,
      securityStatement: richText,
      cookiePolicy: richText,
      faqs: richText,
      awaitingPayment: text,
      paymentCancelled: text,
      paymentAbandoned: text,
      refunded: text,
    }),
    ambassadors: z.object({
      path: z
        .string()
        .regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes')
        .default('ambassadors'),
      title: text.nullish(),
      text: richText.nullish(),
    }),
    contact: z.object({
      // The shop's one address rule (mailbox.ts): the footer's mailto: link names one mailbox.
      email: z.string().max(EMAIL_MAX_LENGTH, { abort: true }).refine(isValidEmail, 'must be one e-mail address such as info@example.org'),
      address: text,
      websiteUrl: optionalUrl,
    }),
    social: z
      .object({
        facebook: optionalUrl,
        soundcloud: optionalUrl,
        instagram: optionalUrl,
        youtube: optionalUrl,
      })
      .default({}),
    usefulLinks: z.array(z.object({ label: text.min(1), url: linkUrl })).default([]),
    cardLogos: z.array(z.enum(['visa', 'mastercard', 'maestro', 'amex'])).default(['visa', 'mastercard']),
    /**
     * The business that sells, as invoices and credit notes must name it (EU VAT directive art.
     * 226): legal name, address, VAT number, and the trade-register number a bookkeeper looks
     * for; the number prefixes keep each series recognisable (docs/invoices.md). Absent: the
     * documents fall back to the shop's name and contact address and carry no VAT number, which
     * will do for a demo and not for a business.
     */
    seller: z
      .object({
        legalName: text.min(1),
        /** Printed lines, top to bottom, the country last. */
        address: z.array(text.min(1)).min(1),
        vatNumber: text.min(1),
        /** Trade-register entry as printed, such as "Chamber of Commerce (KvK) 12345678". */
        registration: text.nullish(),
        /** Contact for invoice questions; the shop's contact e-mail when absent. */
        email: z.string().max(EMAIL_MAX_LENGTH, { abort: true }).refine(isValidEmail, 'must be one e-mail address such as invoices@example.org').nullish(),
        phone: text.nullish(),
        invoiceNumberPrefix: z.string().regex(/^[A-Za-z0-9-]{0,16}$/, 'must be at most 16 letters, digits and dashes').default('INV-'),
        creditNoteNumberPrefix: z.string().regex(/^[A-Za-z0-9-]{0,16}$/, 'must be at most 16 letters, digits and dashes').default('CN-'),
      })
      .nullish(),
    bankTransfer: z
      .object({
        accountHolder: text,
        iban: text,
        bic: text,
        referencePrefix: text,
        /**
         * Days an unpaid transfer order is kept before it is abandoned and its items go back on
         * sale; the bank-transfer e-mail and page state the date. Absent: kept until paid.
         */
        payWithinDays: z.number().int().min(1).max(365).nullish(),
      })
      .nullish(),
    /** How e-mails look: the shop's logo and colours (decision 0032). */
    brand: z
      .object({
        /** A PNG or JPEG the shop serves itself, as a path under publicBaseUrl (such as /brand/logo.png); mail clients fetch it from there. */
        logo: z
          .string()
          .regex(/^\/[A-Za-z0-9._~/-]+\.(png|jpe?g|gif)$/i, 'must be a path of the shop to a PNG, JPEG or GIF image, such as /brand/logo.png')
          .refine((value) => !value.startsWith('//') && !value.includes('..'), 'must be a path of the shop such as /brand/logo.png')
          .nullish(),
        /** The logo's width in CSS pixels in e-mails (its height follows). */
        logoWidth: z.number().int().min(16).max(320).default(DEFAULT_BRAND.logoWidth),
        /** Buttons, headings and links. */
        primaryColour: hexColour.default(DEFAULT_BRAND.primaryColour),
        /** Text on buttons: must read on primaryColour. */
        onPrimaryColour: hexColour.default(DEFAULT_BRAND.onPrimaryColour),
        /** Around the message's card. */
        backgroundColour: hexColour.default(DEFAULT_BRAND.backgroundColour),
        textColour: hexColour.default(DEFAULT_BRAND.textColour),
      })
      .default(DEFAULT_BRAND),
  })
  .strict();
export type ShopConfigFile = z.infer<typeof shopConfigFile>;

/**
 * The configuration file as written: publicBaseUrl may be left out. The demo shop then derives it
 * from the port it listens on; a shop of one's own in production must set it (the server refuses
 * to start otherwise).
 */
export const shopConfigSource = shopConfigFile.extend({ publicBaseUrl: webUrl.nullish() });
export type ShopConfigSource = z.infer<typeof shopConfigSource>;

/**
 * The object injected into index.html: the file in the page's language (configIn: its texts in
 * that language, without the other languages' translations), plus per-event settings from the
 * catalogue.
 */
export const clientConfig = shopConfigFile.omit({ translations: true }).extend({
  events: z.record(z.string(), eventSettings),
  /**
   * Each line's `text` is the key its value is kept under in every address (the default
   * language's words, whatever the page's language); `label` is its name in the page's language
   * where that differs (configIn), which the page shows.
   */
  addressLines: z.array(addressLineConfig.extend({ label: text.optional() })),
});
export type ClientConfig = z.infer<typeof clientConfig>;
/** An address line as a page has it: its key `text`, and its `label` in the page's language where that differs. */
export type AddressLine = ClientConfig['addressLines'][number];

/** The page's configuration in another of the shop's languages (decision 0094): what a switch loads with the language's texts. */
export const getPageConfigPayload = z.object({ language: z.enum(LOCALES) });
export const getPageConfigAnswer = z.object({ config: clientConfig });
