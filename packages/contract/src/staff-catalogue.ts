import { z } from 'zod';
import { catalogueBoolean, catalogueCode, catalogueCount, catalogueInstant, catalogueMoney, windowProblem } from './catalogue-fields';
import { paymentPlanEntry } from './catalog';
import { priceTier, priceTiers } from './price-tiers';
import { eventTextTranslations, itemTextTranslations } from './catalogue-languages';
import { CATALOGUE_IMAGES_MAX, itemDefinition, productFieldMessages } from './product-fields';
import { eventBankTransferCountries, eventDefinition, eventTimezone, eventVenue } from './event-fields';
import { festivalDays } from './checkin-list-fields';
import { issueMessage, message, messageWith } from './i18n/text';

// The catalogue page's texts with placeholders, each declared once; `staffCatalogueMessages` below keeps the callers' positional arguments.
const noItem = messageWith<{ code: string }>({ id: 'staffCatalogueMessages.noItem', defaultMessage: 'There is no item {code}.' });
const noEvent = messageWith<{ code: string }>({ id: 'staffCatalogueMessages.noEvent', defaultMessage: 'There is no event {code}.' });
const madeHere = messageWith<{ name: string }>({
  id: 'staffCatalogueMessages.madeHere',
  defaultMessage: '{name} was made in the back office, not by a catalogue file: there is no file to hand it back to. Change it here.',
});
const stockBelowTaken = messageWith<{ taken: number }>({ id: 'staffCatalogueMessages.stockBelowTaken', defaultMessage: 'Stock cannot be lower than the {taken} already sold or held in carts.' });
const seatsBelowTaken = messageWith<{ taken: number }>({ id: 'staffCatalogueMessages.seatsBelowTaken', defaultMessage: 'Seats cannot be fewer than the {taken} already sold or held in carts.' });
const planMismatch = messageWith<{ sum: number; total: number }>({
  id: 'staffCatalogueMessages.planMismatch',
  defaultMessage: 'The payment plan adds up to {sum}, but price plus fee would be {total}: change the plan and the price together in the catalogue file.',
});
const fileTooLong = messageWith<{ max: number }>({ id: 'staffCatalogueMessages.fileTooLong', defaultMessage: 'A catalogue file has at most {max} lines.' });
const checkTooSlow = messageWith<{ seconds: number }>({
  id: 'staffCatalogueMessages.checkTooSlow',
  defaultMessage: 'The file could not be checked within {seconds} seconds: it is too large or too complex. Split it, or check it with npm run catalog -- validate FILE.',
});
const checkTooLarge = messageWith<{ megabytes: number }>({
  id: 'staffCatalogueMessages.checkTooLarge',
  defaultMessage: 'The file could not be checked within {megabytes} MB of memory: it is too large or too complex. Split it, or check it with npm run catalog -- validate FILE.',
});
const departureTaken = messageWith<{ count: number }>({
  id: 'staffCatalogueMessages.departureTaken',
  defaultMessage: '{count, plural, one {1 seat of this departure is} other {# seats of this departure are}} sold or held in carts: it cannot be switched off.',
});
const problems = messageWith<{ count: number }>({
  id: 'staffCatalogueMessages.problems',
  defaultMessage: 'The file has {count, plural, one {1 problem} other {{count} problems}}; nothing was changed.',
});

// An item's event, days, transport and payment plan after creation (issue 37 point 1).
const eventListed = messageWith<{ lists: string }>({ id: 'staffCatalogueMessages.eventListed', defaultMessage: 'The check-in lists {lists} of its event admit this product: take it off them first.' });
const eventOnsale = messageWith<{ onsales: string }>({ id: 'staffCatalogueMessages.eventOnsale', defaultMessage: 'The on-sales {onsales} of its event name this product: take it off them first.' });
const eventRequired = messageWith<{ products: string }>({ id: 'staffCatalogueMessages.eventRequired', defaultMessage: 'The products {products} of its event are sold only with this product: change their required products first.' });
const travelTimeTaken = messageWith<{ count: number }>({
  id: 'staffCatalogueMessages.travelTimeTaken',
  defaultMessage: '{count, plural, one {1 seat is} other {# seats are}} sold or held in carts: their buyers travel at the time their tickets say, so it stays.',
});
const planHeld = messageWith<{ count: number }>({
  id: 'staffCatalogueMessages.planHeld',
  defaultMessage: '{count, plural, one {1 unit is} other {# units are}} held in carts, which may hold another product with a payment plan: give it a plan once they are bought or released.',
});

const imageTooLarge = messageWith<{ megabytes: number }>({ id: 'staffCatalogueMessages.imageTooLarge', defaultMessage: 'An image may be at most {megabytes} MB.' });
const imageTooWide = messageWith<{ max: number }>({ id: 'staffCatalogueMessages.imageTooWide', defaultMessage: 'An image may be at most {max} pixels wide and {max} pixels high.' });
const tooManyImages = messageWith<{ max: number }>({ id: 'staffCatalogueMessages.tooManyImages', defaultMessage: 'An item has at most {max} images.' });

/**
 * The back office's catalogue (issue 22 point 6): the events, products, merchandise, stock and
 * departures; an admin changes stock, prices, the sale window and the per-product rules from the
 * browser, with the catalogue file's own field rules (catalogue-fields.ts), or uploads a whole
 * catalogue file and reads its problems by field and line.
 *
 * The file and the browser never fight (decision 0047): a field changed in the back office is
 * marked as the back office's, and a later import of the file leaves it alone (and says so),
 * until the import is told that the file wins or an admin hands the item back to the file.
 */
export const staffCatalogueMessages = {
  noItem: (code: string) => noItem({ code }),
  noEvent: (code: string) => noEvent({ code }),
  chooseEvent: message({ id: 'staffCatalogueMessages.chooseEvent', defaultMessage: 'Choose an event.' }),
  nameRequired: message({ id: 'staffCatalogueMessages.nameRequired', defaultMessage: 'Give a name in the shop’s default language.' }),
  noDeparture: message({ id: 'staffCatalogueMessages.noDeparture', defaultMessage: 'There is no such departure.' }),
  chooseItem: message({ id: 'staffCatalogueMessages.chooseItem', defaultMessage: 'Choose an item.' }),
  nothingToChange: message({ id: 'staffCatalogueMessages.nothingToChange', defaultMessage: 'Change at least one field.' }),
  stockBelowTaken: (taken: number) => stockBelowTaken({ taken }),
  seatsBelowTaken: (taken: number) => seatsBelowTaken({ taken }),
  planMismatch: (sum: number, total: number) => planMismatch({ sum, total }),
  notTransport: message({ id: 'staffCatalogueMessages.notTransport', defaultMessage: 'Only transport products have departures.' }),
  saved: message({ id: 'staffCatalogueMessages.saved', defaultMessage: 'Saved. Shoppers see the change within a second.' }),
  eventCreated: message({ id: 'staffCatalogueMessages.eventCreated', defaultMessage: 'The event is created. Add its products with New product.' }),
  eventArchived: message({ id: 'staffCatalogueMessages.eventArchived', defaultMessage: 'The event is archived: the shop shows none of its products. Its orders and tickets stay.' }),
  eventRestored: message({ id: 'staffCatalogueMessages.eventRestored', defaultMessage: 'The event is restored: its products on sale are in the shop again.' }),
  handedBack: message({ id: 'staffCatalogueMessages.handedBack', defaultMessage: 'The catalogue file decides this item again from its next import.' }),
  /** A hand-back of an item made in the back office, which no catalogue file made. */
  madeHere: (name: string) => madeHere({ name }),
  chooseFile: message({ id: 'staffCatalogueMessages.chooseFile', defaultMessage: 'Choose a catalogue file (YAML or JSON).' }),
  fileTooLong: (max: number) => fileTooLong({ max }),
  notALanguage: message({ id: 'staffCatalogueMessages.notALanguage', defaultMessage: 'The shop does not offer this language, or it is the shop’s default language.' }),
  fileNameTooLong: message({ id: 'staffCatalogueMessages.fileNameTooLong', defaultMessage: 'A file name is at most 200 characters.' }),
  checkTooSlow: (seconds: number) => checkTooSlow({ seconds }),
  checkTooLarge: (megabytes: number) => checkTooLarge({ megabytes }),
  checkFailed: message({ id: 'staffCatalogueMessages.checkFailed', defaultMessage: 'The file could not be checked. Check it with npm run catalog -- validate FILE.' }),
  checkerBusy: message({ id: 'staffCatalogueMessages.checkerBusy', defaultMessage: 'Other catalogue files are being checked. Try again in a minute.' }),
  checkerStopping: message({ id: 'staffCatalogueMessages.checkerStopping', defaultMessage: 'The shop is stopping. Upload the file again in a minute.' }),
  valid: message({ id: 'staffCatalogueMessages.valid', defaultMessage: 'The file is a valid catalogue.' }),
  problems: (count: number) => problems({ count }),
  imported: message({ id: 'staffCatalogueMessages.imported', defaultMessage: 'The catalogue is imported.' }),
  itemCreated: message({ id: 'staffCatalogueMessages.itemCreated', defaultMessage: 'The item is created. Shoppers see it within a second when it is on sale.' }),
  itemArchived: message({ id: 'staffCatalogueMessages.itemArchived', defaultMessage: 'The item is archived: the shop no longer shows or sells it. Its orders and tickets stay.' }),
  itemRestored: message({ id: 'staffCatalogueMessages.itemRestored', defaultMessage: 'The item is restored: when it is on sale, the shop sells it again.' }),
  departureAdded: message({ id: 'staffCatalogueMessages.departureAdded', defaultMessage: 'The departure is added.' }),
  departureOff: message({ id: 'staffCatalogueMessages.departureOff', defaultMessage: 'The departure is switched off: buyers can no longer choose it.' }),
  departureOn: message({ id: 'staffCatalogueMessages.departureOn', defaultMessage: 'The departure is switched on again.' }),
  departureExists: message({ id: 'staffCatalogueMessages.departureExists', defaultMessage: 'Another departure of this product leaves at this time.' }),
  departureTaken: (count: number) => departureTaken({ count }),
  // Images uploaded in the browser (decision 0105).
  chooseImage: message({ id: 'staffCatalogueMessages.chooseImage', defaultMessage: 'Choose an image file (JPEG, PNG or WebP).' }),
  notAnImage: message({ id: 'staffCatalogueMessages.notAnImage', defaultMessage: 'This file is not an image (JPEG, PNG or WebP).' }),
  imageTooLarge: (megabytes: number) => imageTooLarge({ megabytes }),
  imageTooWide: (max: number) => imageTooWide({ max }),
  tooManyImages: (max: number) => tooManyImages({ max }),
  unknownImage: message({ id: 'staffCatalogueMessages.unknownImage', defaultMessage: 'This image is not stored in the shop: upload it again.' }),
  /** Said at the required products of merchandise: only products (add-ons) have them (decision 0104). */
  requiresProductsOnly: message({ id: 'staffCatalogueMessages.requiresProductsOnly', defaultMessage: 'Only products have required products.' }),
  /** Said at the tax rate of an item with units sold. */
  taxSold: message({
    id: 'staffCatalogueMessages.taxSold',
    defaultMessage: 'Units of this item are sold, and their invoices and credit notes read its tax rate: it stays. Archive the item and make a new one with the new rate instead.',
  }),
  /** Said at a field a variant takes from its group (decision 0104). */
  variantShared: message({ id: 'staffCatalogueMessages.variantShared', defaultMessage: 'A variant takes this from its group: change it on the group.' }),
  /** Said at the event of a product with units sold or held: its tickets, invoices and passes name the event. */
  eventSold: message({
    id: 'staffCatalogueMessages.eventSold',
    defaultMessage: 'Units of this product are sold or held in carts, and their tickets and documents name its event: it stays. Archive it and make a new product in the other event instead.',
  }),
  eventListed: (lists: string) => eventListed({ lists }),
  eventOnsale: (onsales: string) => eventOnsale({ onsales }),
  eventRequired: (products: string) => eventRequired({ products }),
  eventMerchandise: message({ id: 'staffCatalogueMessages.eventMerchandise', defaultMessage: 'Merchandise belongs to no event.' }),
  /** Said at the festival days of merchandise. */
  daysProductsOnly: message({ id: 'staffCatalogueMessages.daysProductsOnly', defaultMessage: 'Only products have festival days.' }),
  /** A product's days live on the check-in lists that name it (decision 0064). */
  daysNoList: message({
    id: 'staffCatalogueMessages.daysNoList',
    defaultMessage: 'No check-in list admits this product on its own days: add it to a list in Check-in lists first, or give it days there.',
  }),
  transportOnly: message({ id: 'staffCatalogueMessages.transportOnly', defaultMessage: 'Only transport products have transport settings.' }),
  travelTimeTaken: (count: number) => travelTimeTaken({ count }),
  travelTimeSelectable: message({ id: 'staffCatalogueMessages.travelTimeSelectable', defaultMessage: 'Buyers of this transport choose among its departures: change them one by one under Departures.' }),
  planProductsOnly: message({ id: 'staffCatalogueMessages.planProductsOnly', defaultMessage: 'Only products have a payment plan.' }),
  planHeld: (count: number) => planHeld({ count }),
  /** Said beside the payment plan in the edit form: an order copies its plan and its instalments at checkout. */
  planNewOrders: message({ id: 'staffCatalogueMessages.planNewOrders', defaultMessage: 'Orders keep the plan they were made with: a change applies to new orders only.' }),
  imageStored: message({ id: 'staffCatalogueMessages.imageStored', defaultMessage: 'The image is stored with the sizes the shop shows. Save the item to show it.' }),
};

const texts = staffCatalogueMessages;

/** The fields an admin may change in the browser, named as the catalogue file names them. */
export const CATALOGUE_EDITABLE_FIELDS = [
  'price',
  // The price tiers before the price (decision 0099).
  'tiers',
  'fee',
  'stock',
  'on_sale',
  'on_sale_from',
  'on_sale_until',
  'limit_per_order',
  'refund',
  'name_changes',
  'email_changes',
  // The texts (decision 0094): the default language's, and the other languages' (`translations`).
  'name',
  'description',
  'translations',
  // Archived or restored in the back office (decision 0103).
  'archived',
  // Its images, in order, by the shop's addresses (decision 0105).
  'images',
  // An add-on's required products (decision 0104), checked with the importer's rule.
  'requires',
  // Shown first in the shop.
  'featured',
  // Its tax rate, by code: until a unit is sold (its invoices and credit notes read the item's rate).
  'tax',
  // A product's event, by code: until a unit is sold or held, and while no list, on-sale or add-on of its event names it.
  'event',
  // A product's payment plan: orders copy theirs at checkout, so a change applies to new orders.
  'payment_plan',
  // A transport's fixed departure time (until a seat is sold or held) and the last moment buyers may change their departure.
  'transport',
] as const;
export type CatalogueEditableField = (typeof CATALOGUE_EDITABLE_FIELDS)[number];
/**
 * The fields a merchandise group's variants take from it (decision 0104): a change of one on the
 * group changes them on its variants too, and a variant's own edit does not offer them. A variant
 * owns its stock and whether it is on sale (and its label, given when it is added).
 */
export const VARIANT_SHARED_FIELDS = ['price', 'tiers', 'fee', 'on_sale_from', 'on_sale_until', 'limit_per_order', 'refund', 'name', 'description', 'translations', 'images', 'tax', 'featured'] as const satisfies readonly CatalogueEditableField[];
export const isVariantShared = (field: string): boolean => (VARIANT_SHARED_FIELDS as readonly string[]).includes(field);
/**
 * An event's fields an admin may change in the browser: its texts (decision 0094), whether it is
 * archived (decision 0101), and its settings, named as the file names them (decision 0105).
 */
export const CATALOGUE_EVENT_EDITABLE_FIELDS = [
  'name',
  'translations',
  'archived',
  'timezone',
  'starts_at',
  'ends_at',
  'venue',
  'age_range_active',
  'credit_card_active',
  'bank_transfer_active',
  'bank_transfer_countries',
] as const;
export type CatalogueEventEditableField = (typeof CATALOGUE_EVENT_EDITABLE_FIELDS)[number];
/** A departure's field an admin may change. */
export const DEPARTURE_EDITABLE_FIELDS = ['seats'] as const;

/** Most entries of a payment plan set in the back office. */
export const PAYMENT_PLAN_MAX = 60;

/** Most required products an add-on names in the back office. */
export const REQUIRES_MAX = 100;

/** An image uploaded in the browser is at most this many bytes (decision 0105). */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** ... and at most this many pixels a side (25 megapixels: decoding it takes some 100 MB at most). */
export const CATALOGUE_IMAGE_MAX_SIDE = 5000;
/** The image's bytes come as base64 in pieces of at most this many characters (the payload text limit, decision 0029). */
export const CATALOGUE_IMAGE_CHUNK = 4000;
const IMAGE_MAX_CHUNKS = Math.ceil(Math.ceil(CATALOGUE_IMAGE_MAX_BYTES / 3) * 4 / CATALOGUE_IMAGE_CHUNK);
/** The body of an image upload: its base64 pieces and their quotes, and room for the rest. */
export const CATALOGUE_IMAGE_BODY_LIMIT = 8 * 1024 * 1024;

/** Most lines an uploaded catalogue file may have (each line at most PAYLOAD_TEXT_MAX characters). */
export const CATALOGUE_UPLOAD_MAX_LINES = 50_000;
/** The body of a catalogue upload may be this large (every other call keeps the shop's 64 KiB). */
export const CATALOGUE_UPLOAD_BODY_LIMIT = 4 * 1024 * 1024;

const chooseItem = issueMessage(texts.chooseItem);
const itemCode = z.string({ error: chooseItem }).trim().min(1, chooseItem).max(64, chooseItem);
const chooseEvent = issueMessage(texts.chooseEvent);
const eventCode = z.string({ error: chooseEvent }).trim().min(1, chooseEvent).max(64, chooseEvent);

/** An event's or item's name in the shop's default language: never blank (a language without its own name shows it). */
const nameRequired = issueMessage(texts.nameRequired);
const catalogueName = z.string({ error: nameRequired }).trim().min(1, nameRequired).max(200);

export const refundRulesValue = z
  .object({
    refundable: catalogueBoolean,
    fee: catalogueMoney,
    from: catalogueInstant.nullable(),
    until: catalogueInstant.nullable(),
  })
  .strict();
export const nameChangeRulesValue = z
  .object({
    allowed: catalogueBoolean,
    until: catalogueInstant.nullable(),
    limit: catalogueCount,
  })
  .strict();

const unknownImage = issueMessage(texts.unknownImage);
/** A stored image's address, as items keep it. */
export const catalogueImageUrl = z.string({ error: unknownImage }).max(200, unknownImage).regex(/^\/media\/[0-9a-f]{32}\.(webp|png|jpe?g|svg)$/, unknownImage);

/** Only what changes is sent; a field sent with its current value is no change. */
export const catalogueItemChanges = z
  .object({
    price: catalogueMoney,
    /** The price tiers before the price, all of them (decision 0099); null: none, one price. */
    tiers: priceTiers.nullable(),
    fee: catalogueMoney,
    /** null: unlimited. */
    stock: catalogueCount.nullable(),
    on_sale: catalogueBoolean,
    on_sale_from: catalogueInstant.nullable(),
    on_sale_until: catalogueInstant.nullable(),
    /** 0: no limit. */
    limit_per_order: catalogueCount,
    refund: refundRulesValue,
    name_changes: nameChangeRulesValue,
    email_changes: catalogueBoolean,
    /** The shop's default language's texts; the description is rich text (HTML), sanitised by the shop. */
    name: catalogueName,
    description: z.string().max(20_000),
    /** The other languages' texts, all of them (a language left out has none): `{ de: { name: … } }`. */
    translations: itemTextTranslations,
    /** Its images in order, each an address the shop stores (`/media/<hash>.<ext>`, an upload's answer); [] for none. */
    images: z.array(catalogueImageUrl, { error: unknownImage }).max(CATALOGUE_IMAGES_MAX, issueMessage(texts.tooManyImages(CATALOGUE_IMAGES_MAX))),
    /** A product's required products, by code: products of its event, never itself (decision 0104); null or []: none. */
    requires: z.array(catalogueCode).max(REQUIRES_MAX).nullable(),
    /** Shown first in the shop. */
    featured: catalogueBoolean,
    /** The tax rate's code: a rate that exists and is not archived; refused once a unit is sold. */
    tax: catalogueCode,
    /** A product's event, by code: refused once a unit is sold or held, and while its event's lists, on-sales or add-ons name it. */
    event: eventCode,
    /**
     * A product's own festival days (decision 0064), written on the check-in lists that name it by
     * its code alone (those giving it days of their own keep theirs); null: every day they are open.
     */
    days: festivalDays.nullable(),
    /** A transport's fixed departure (refused once a seat is sold or held) and until when buyers may change their departure. */
    transport: z.object({ travel_time: catalogueInstant.nullable(), changes_until: catalogueInstant.nullable() }).strict(),
    /** A product's payment plan, its amounts adding up to price plus fee; null: none. Orders keep theirs. */
    payment_plan: z.array(paymentPlanEntry).min(2, issueMessage(productFieldMessages.planTooShort)).max(PAYMENT_PLAN_MAX).nullable(),
  })
  .partial()
  .strict()
  .superRefine((changes, ctx) => {
    const sale = windowProblem(changes.on_sale_from, changes.on_sale_until, 'on_sale_from');
    if (sale) ctx.addIssue({ code: 'custom', path: ['on_sale_until'], message: issueMessage(sale) });
    const refund = windowProblem(changes.refund?.from, changes.refund?.until, 'refund.from');
    if (refund) ctx.addIssue({ code: 'custom', path: ['refund', 'until'], message: issueMessage(refund) });
  });
export type CatalogueItemChanges = z.infer<typeof catalogueItemChanges>;

export const catalogueDeparture = z.object({
  id: z.number().int(),
  departs_at: z.string(),
  /** null: seats not counted. */
  seats: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  /** false: the file no longer lists it; tickets sold for it keep it. */
  active: z.boolean(),
  /** The seats were set in the back office; an import leaves them alone. */
  changed_here: z.boolean(),
  /** Added, switched off or on in the back office; an import keeps it so until the file wins (decision 0103). */
  active_changed_here: z.boolean(),
});

/**
 * What an admin changes of an event (decision 0094): its name in the shop's default language, and
 * its name in every other language (`translations`, all of them: a language left out has none);
 * its settings (decision 0105) with the catalogue file's own rules (event-fields.ts).
 * Only what changes is sent.
 */
export const catalogueEventChanges = z
  .object({
    name: catalogueName,
    translations: eventTextTranslations,
    timezone: eventTimezone,
    /** null: no start. */
    starts_at: catalogueInstant.nullable(),
    /** null: no end; after the start (checked with the event as it would be). */
    ends_at: catalogueInstant.nullable(),
    /** null: none given. */
    venue: eventVenue.nullable(),
    age_range_active: catalogueBoolean,
    credit_card_active: catalogueBoolean,
    bank_transfer_active: catalogueBoolean,
    bank_transfer_countries: eventBankTransferCountries,
  })
  .partial()
  .strict();
export type CatalogueEventChanges = z.infer<typeof catalogueEventChanges>;

export const catalogueEventView = z.object({
  code: z.string(),
  name: z.string(),
  /** The name in the shop's other languages (decision 0094). */
  translations: eventTextTranslations,
  timezone: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  venue: z.string().nullable(),
  age_range_active: z.boolean(),
  credit_card_active: z.boolean(),
  bank_transfer_active: z.boolean(),
  bank_transfer_countries: z.array(z.string()),
  /** The shop shows none of its products. */
  archived: z.boolean(),
  /** Fields set in the back office: a later import of the file leaves them alone (decision 0047). */
  changed_here: z.array(z.enum(CATALOGUE_EVENT_EDITABLE_FIELDS)),
});
export type CatalogueEventView = z.infer<typeof catalogueEventView>;

export const catalogueItemView = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** The name and description in the shop's other languages (decision 0094). */
  translations: itemTextTranslations,
  kind: z.enum(['product', 'merchandise']),
  type: z.string(),
  /** The event's code; null for merchandise. */
  event: z.string().nullable(),
  /** The price once every tier has ended; the shop's current price comes from the tiers (decision 0099). */
  price: z.number().int(),
  /** The price tiers before the price, each moment in UTC; null: one price. */
  tiers: z.array(priceTier).nullable(),
  fee: z.number().int(),
  tax: z.string().nullable(),
  /** null: unlimited. */
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  held: z.number().int(),
  /** Units left; null: unlimited. */
  available: z.number().int().nullable(),
  on_sale: z.boolean(),
  on_sale_from: z.string().nullable(),
  on_sale_until: z.string().nullable(),
  /** On sale and inside its sale window now. */
  selling_now: z.boolean(),
  limit_per_order: z.number().int(),
  refund: refundRulesValue,
  name_changes: nameChangeRulesValue,
  email_changes: z.boolean(),
  payment_plan: z.array(paymentPlanEntry).nullable(),
  travel_time_type: z.enum(['fixed', 'selectable']).nullable(),
  travel_time: z.string().nullable(),
  departures: z.array(catalogueDeparture),
  /** Archived (decision 0103): the shop shows it nowhere; its orders and tickets stay. */
  archived: z.boolean(),
  /** Its images in order, by the shop's addresses (`/media/<hash>.<ext>`; the widths the shop shows beside them). */
  images: z.array(z.string()),
  /** Fields set in the back office: a later import of the file leaves them alone (decision 0047). */
  changed_here: z.array(z.enum(CATALOGUE_EDITABLE_FIELDS)),
  /** A merchandise variant's group (its code) and label (decision 0104); null: not a variant. Optional: views made before them still parse. */
  variant_of: z.string().nullable().optional(),
  variant_label: z.string().nullable().optional(),
  /** A product's required products, by code (decision 0104); null: none. */
  requires: z.array(z.string()).nullable().optional(),
  /** Shown first in the shop. Optional: views made before it still parse. */
  featured: z.boolean().optional(),
  /** A transport's last moment for buyers to change their departure. Optional: views made before it still parse. */
  travel_changes_until: z.string().nullable().optional(),
  /** A product's own festival days: those the check-in lists naming it agree on (decision 0064); null: every day, or they differ. */
  days: z.array(z.string()).nullable().optional(),
  /** The check-in lists that name it, by code. */
  checkin_lists: z.array(z.string()).optional(),
  /**
   * Where it comes from: 'file', an import of the catalogue file; 'browser', made in the back office
   * (an import that names its code makes it the file's). Only a file's item is handed back to the
   * file. Optional: views made before it still parse, as the file's.
   */
  origin: z.enum(['file', 'browser']).optional(),
});
export type CatalogueItemView = z.infer<typeof catalogueItemView>;

export const catalogueOverviewPayload = z.object({}).strict();
export const catalogueOverviewAnswer = z.object({
  currency: z.string(),
  /** The shop's time zone: merchandise (of no event) has its sale window read in it. */
  timezone: z.string(),
  events: z.array(catalogueEventView),
  /** Products by event (in the file's sort order), then merchandise. */
  items: z.array(catalogueItemView),
});
export type CatalogueOverviewAnswer = z.infer<typeof catalogueOverviewAnswer>;

export const catalogueChangeItemPayload = z.object({ code: itemCode, changes: catalogueItemChanges }).strict();
export const catalogueChangeItemAnswer = z.object({ item: catalogueItemView, message: z.string() });

export const catalogueChangeEventPayload = z.object({ code: eventCode, changes: catalogueEventChanges }).strict();
export const catalogueChangeEventAnswer = z.object({ event: catalogueEventView, message: z.string() });

/**
 * A new event, sent whole as the file writes it. `from`: the event it duplicates (its settings
 * copied in the form; its products are not copied), kept in the audit entry.
 */
export const catalogueCreateEventPayload = z.object({ event: eventDefinition, from: eventCode.nullish() }).strict();
/** Archives an event (the shop shows none of its products; its orders and tickets stay) or restores it. */
export const catalogueArchiveEventPayload = z.object({ code: eventCode, archived: z.boolean() }).strict();

const noDeparture = issueMessage(texts.noDeparture);
export const catalogueChangeSeatsPayload = z
  .object({
    code: itemCode,
    departure_id: z.number({ error: noDeparture }).int(noDeparture).min(1, noDeparture).max(2_147_483_647, noDeparture),
    /** null: stop counting seats. */
    seats: catalogueCount.nullable(),
  })
  .strict();
export const catalogueChangeSeatsAnswer = catalogueChangeItemAnswer;

/**
 * A new product or merchandise item (decision 0103), sent whole as the file writes the entry, with
 * its `kind`. `from`: the item it duplicates (the form filled from it), kept in the audit entry.
 */
export const catalogueCreateItemPayload = z.object({ item: itemDefinition, from: itemCode.nullish() }).strict();
/** Archives an item (the shop shows and sells it nowhere; its orders, tickets and check-ins stay) or restores it. */
export const catalogueArchiveItemPayload = z.object({ code: itemCode, archived: catalogueBoolean }).strict();
/** A new departure of a selectable transport product: its time and seats (null: not counted). */
export const catalogueAddDeparturePayload = z.object({ code: itemCode, time: catalogueInstant, seats: catalogueCount.nullable() }).strict();
/** Switches a departure off (buyers no longer choose it; refused while seats are sold or held) or on again. */
export const catalogueDepartureActivePayload = z
  .object({
    code: itemCode,
    departure_id: z.number({ error: noDeparture }).int(noDeparture).min(1, noDeparture).max(2_147_483_647, noDeparture),
    active: catalogueBoolean,
  })
  .strict();

export const catalogueHandBackPayload = z.object({ code: itemCode }).strict();
export const catalogueHandBackAnswer = catalogueChangeItemAnswer;

const chooseFile = issueMessage(texts.chooseFile);
export const catalogueUploadPayload = z
  .object({
    file_name: z.string({ error: chooseFile }).trim().min(1, chooseFile).max(200, issueMessage(texts.fileNameTooLong)),
    /** The file's text, line by line (so that no one text is longer than any other payload's). */
    lines: z.array(z.string({ error: chooseFile }), { error: chooseFile }).min(1, chooseFile).max(CATALOGUE_UPLOAD_MAX_LINES, issueMessage(texts.fileTooLong(CATALOGUE_UPLOAD_MAX_LINES))),
    /** Only check (a dry run): report the problems, what an import would change and keep, and change nothing. */
    check_only: catalogueBoolean,
    /** The file's values replace those changed in the back office, and the marks go. */
    file_wins: catalogueBoolean.default(false),
  })
  .strict();

export const catalogueProblem = z.object({
  /** 1-based line of the file, where the problem has one. */
  line: z.number().int().nullable(),
  /** The field as the file names it: products[3].transport.travel_time; empty for the whole file. */
  field: z.string(),
  message: z.string(),
});
export type CatalogueProblem = z.infer<typeof catalogueProblem>;

/** A back-office change an import keeps (or, with file_wins, replaces). */
export const keptChange = z.object({
  code: z.string(),
  /** A field of CATALOGUE_EDITABLE_FIELDS, or seats of a departure: seats@2027-06-18T14:00:00.000Z. */
  field: z.string(),
  shop_value: z.string(),
  file_value: z.string(),
});
export type KeptChange = z.infer<typeof keptChange>;

/** The catalogue file's sections, in the file's order: what an import changes is told by section. */
export const CATALOGUE_SECTIONS = ['events', 'tax_rates', 'products', 'merchandise', 'vouchers', 'shipping_rates', 'checkin_lists', 'onsales'] as const;
export type CatalogueSection = (typeof CATALOGUE_SECTIONS)[number];
/** A diff lists at most this many entries of a kind per section (its counts are always whole). */
export const CATALOGUE_DIFF_LISTED = 200;

/** A field an import changes: as the file names it (refund.fee, translations.de.name), its live value and the file's (as text; null: none). */
export const catalogueFieldChange = z.object({ field: z.string(), live: z.string().nullable(), file: z.string().nullable() });
export type CatalogueFieldChange = z.infer<typeof catalogueFieldChange>;

/** What an import changes in one section, by the entries' codes (a voucher's, a shipping rate's country). */
export const catalogueDiffSection = z.object({
  section: z.enum(CATALOGUE_SECTIONS),
  /** New entries. */
  added: z.array(z.string()),
  added_count: z.number().int().min(0),
  /** Entries with fields the import changes. */
  changed: z.array(z.object({ code: z.string(), fields: z.array(catalogueFieldChange) })),
  changed_count: z.number().int().min(0),
  /** Check-in lists and on-sales the file no longer has: switched off (never deleted). */
  switched_off: z.array(z.string()),
  switched_off_count: z.number().int().min(0),
  /** Entries the file has as they are. */
  unchanged: z.number().int().min(0),
});
export type CatalogueDiffSection = z.infer<typeof catalogueDiffSection>;

/**
 * What an import changes in the shop (issue 37 point 7, decision 0095), found by running it and
 * rolling it back (a check) or as it ran: by section, and the back-office changes the file now
 * agrees with, which become the file's again. The back-office changes it keeps or replaces are the
 * answer's `kept`.
 */
export const catalogueDiff = z.object({
  sections: z.array(catalogueDiffSection),
  handed_back: z.array(z.object({ code: z.string(), field: z.string() })),
  handed_back_count: z.number().int().min(0),
});
export type CatalogueDiff = z.infer<typeof catalogueDiff>;

export const catalogueUploadAnswer = z.object({
  valid: z.boolean(),
  /** The file's first problems, in its order (at most 100); empty when valid. */
  problems: z.array(catalogueProblem),
  /** How many more problems the file has than are listed (decision 0053). */
  problems_left_out: z.number().int().min(0),
  /** What the file holds (valid files only). */
  counts: z
    .object({
      events: z.number().int(),
      products: z.number().int(),
      merchandise: z.number().int(),
      travel_times: z.number().int(),
      vouchers: z.number().int(),
      checkin_lists: z.number().int(),
    })
    .nullable(),
  /** Back-office changes where the file says otherwise: kept, or replaced when file_wins. */
  kept: z.array(keptChange),
  /** What the import changes (a check) or changed (valid files only). */
  diff: catalogueDiff.nullable(),
  imported: z.boolean(),
  message: z.string(),
});
export type CatalogueUploadAnswer = z.infer<typeof catalogueUploadAnswer>;

const chooseImage = issueMessage(texts.chooseImage);
const imageTooLargeIssue = issueMessage(texts.imageTooLarge(CATALOGUE_IMAGE_MAX_BYTES / 1024 / 1024));
/**
 * An image chosen in the browser (decision 0105): its bytes in base64, in pieces of at most 4,000
 * characters as every payload's texts are. The shop decodes it to know what it is; its name and
 * declared type are not believed.
 */
export const catalogueImageUploadPayload = z
  .object({
    file_name: z.string({ error: chooseImage }).trim().min(1, chooseImage).max(200, issueMessage(texts.fileNameTooLong)),
    data: z
      .array(z.string({ error: issueMessage(texts.notAnImage) }).max(CATALOGUE_IMAGE_CHUNK, issueMessage(texts.notAnImage)).regex(/^[A-Za-z0-9+/]*={0,2}$/, issueMessage(texts.notAnImage)), { error: chooseImage })
      .min(1, chooseImage)
      .max(IMAGE_MAX_CHUNKS, imageTooLargeIssue),
  })
  .strict();
export const catalogueImageUploadAnswer = z.object({
  /** The stored original's address, as an item's images name it. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  message: z.string(),
});
export type CatalogueImageUploadAnswer = z.infer<typeof catalogueImageUploadAnswer>;

export const catalogueDownloadPayload = z.object({}).strict();
/**
 * The live catalogue as a catalogue file (YAML) to download (issue 37 point 7): it names its
 * images (`images`), which the download does not hold; an upload of it finds them in the shop.
 */
export const catalogueDownloadAnswer = z.object({
  filename: z.string(),
  media_type: z.string(),
  content: z.string(),
  /** The image paths the file names, once each. */
  images: z.array(z.string()),
});
export type CatalogueDownloadAnswer = z.infer<typeof catalogueDownloadAnswer>;
