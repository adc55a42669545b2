import { CATALOGUE_SECTIONS, CATALOGUE_UPLOAD_MAX_LINES, catalogueFieldMessages, type CatalogueDiff, PAYLOAD_TEXT_MAX, priceTierMessages, staffCatalogueMessages, type CatalogueEventView, type CatalogueItemView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { say } from '../lib/say';
import {
  changedHereWords,
  changesIn,
  countOf,
  diffNotListed,
  diffRows,
  diffValueWords,
  isoOfZonedInput,
  itemFormOf,
  keptFieldWords,
  keptValueWords,
  languageOfProblems,
  linesOfFile,
  minorUnitsOf,
  prepareEventChanges,
  prepareItemChanges,
  movedTier,
  newTierRow,
  problemSentence,
  saleLabel,
  saleStateOf,
  serverFieldProblems,
  textChanges,
  textsFormOf,
  uploadTooLarge,
  zonedInputOf,
  zoneOffsetMinutes,
} from './catalogue-page';
import { staffTexts } from './texts';

const texts = staffTexts.catalogue;
const AMSTERDAM = 'Europe/Amsterdam';

const item = (overrides: Partial<CatalogueItemView> = {}): CatalogueItemView => ({
  code: 'NWF27-CAMPING',
  name: 'Camping weekend pass',
  description: '<p>Pitch your tent.</p>',
  translations: {},
  kind: 'product',
  type: 'camping',
  event: 'NWF27',
  price: 3950,
  tiers: null,
  fee: 150,
  tax: 'low',
  stock: 2500,
  sold: 10,
  held: 2,
  available: 2488,
  on_sale: true,
  on_sale_from: null,
  on_sale_until: null,
  selling_now: true,
  limit_per_order: 6,
  refund: { refundable: true, fee: 250, from: null, until: '2027-05-31T23:59:59+02:00' },
  name_changes: { allowed: true, until: '2027-06-11T23:59:59+02:00', limit: 2 },
  email_changes: true,
  payment_plan: null,
  travel_time_type: null,
  travel_time: null,
  departures: [],
  archived: false,
  images: [],
  changed_here: [],
  ...overrides,
});

const prepare = (edit: (form: ReturnType<typeof itemFormOf>) => void, base = item()) => {
  const form = itemFormOf(base, 'EUR', AMSTERDAM);
  edit(form);
  return prepareItemChanges(base, form, 'EUR', AMSTERDAM);
};

describe('money typed in the form', () => {
  it('is minor units without floating-point error', () => {
    expect(minorUnitsOf('125.00', 'EUR')).toEqual({ ok: true, minor: 12500 });
    expect(minorUnitsOf('0.29', 'EUR')).toEqual({ ok: true, minor: 29 });
    expect(minorUnitsOf('1.005', 'EUR')).toEqual({ ok: false, problem: 'decimals' });
    expect(minorUnitsOf('21474836.47', 'EUR')).toEqual({ ok: true, minor: 2147483647 });
    expect(minorUnitsOf('500', 'JPY')).toEqual({ ok: true, minor: 500 });
  });

  it('keeps a minus for the schema to refuse, and says when nothing or no amount is typed', () => {
    expect(minorUnitsOf('-5.00', 'EUR')).toEqual({ ok: true, minor: -500 });
    expect(minorUnitsOf('', 'EUR')).toEqual({ ok: false, problem: 'empty' });
    expect(minorUnitsOf('ten', 'EUR')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('reads counts as numbers and anything else as not one', () => {
    expect(countOf(' 12 ')).toBe(12);
    expect(countOf('-3')).toBe(-3);
    expect(countOf('1.5')).toBe(1.5);
    expect(countOf('')).toBeNaN();
    expect(countOf('many')).toBeNaN();
  });
});

describe('times on the clocks of the event’s time zone', () => {
  it('knows a zone’s offset in summer and winter', () => {
    expect(zoneOffsetMinutes(Date.parse('2027-06-18T12:00:00Z'), AMSTERDAM)).toBe(120);
    expect(zoneOffsetMinutes(Date.parse('2027-01-18T12:00:00Z'), AMSTERDAM)).toBe(60);
    expect(zoneOffsetMinutes(Date.parse('2027-01-18T12:00:00Z'), 'America/New_York')).toBe(-300);
    expect(zoneOffsetMinutes(Date.parse('2027-01-18T12:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('reads a field’s value as ISO with the zone’s offset, whatever the browser’s zone', () => {
    expect(isoOfZonedInput('2027-06-18T14:00', AMSTERDAM)).toEqual({ ok: true, iso: '2027-06-18T14:00:00+02:00' });
    expect(isoOfZonedInput('2027-01-18T14:00', AMSTERDAM)).toEqual({ ok: true, iso: '2027-01-18T14:00:00+01:00' });
    expect(isoOfZonedInput('2027-01-18T14:00', 'America/New_York')).toEqual({ ok: true, iso: '2027-01-18T14:00:00-05:00' });
    expect(isoOfZonedInput('2027-01-18T14:00', 'Asia/Kolkata')).toEqual({ ok: true, iso: '2027-01-18T14:00:00+05:30' });
    expect(isoOfZonedInput('2027-01-18T14:00', 'UTC')).toEqual({ ok: true, iso: '2027-01-18T14:00:00+00:00' });
  });

  it('refuses what is no time: no value, a day that does not exist, and the hour the clocks skip', () => {
    expect(isoOfZonedInput('', AMSTERDAM)).toEqual({ ok: false, problem: 'invalid' });
    expect(isoOfZonedInput('2027-06-31T10:00', AMSTERDAM)).toEqual({ ok: false, problem: 'invalid' });
    // 28 March 2027: Amsterdam's clocks go from 02:00 to 03:00.
    expect(isoOfZonedInput('2027-03-28T02:30', AMSTERDAM)).toEqual({ ok: false, problem: 'gap' });
    expect(isoOfZonedInput('2027-03-28T03:00', AMSTERDAM)).toEqual({ ok: true, iso: '2027-03-28T03:00:00+02:00' });
  });

  it('takes the first of an hour the clocks pass twice', () => {
    // 31 October 2027: 02:30 happens at +02:00 and again at +01:00.
    expect(isoOfZonedInput('2027-10-31T02:30', AMSTERDAM)).toEqual({ ok: true, iso: '2027-10-31T02:30:00+02:00' });
  });

  it('shows a stored time in the zone, and back to the same instant', () => {
    expect(zonedInputOf('2027-06-18T12:00:00.000Z', AMSTERDAM)).toBe('2027-06-18T14:00');
    expect(zonedInputOf('2027-06-18T12:00:00.000Z', 'America/New_York')).toBe('2027-06-18T08:00');
    expect(zonedInputOf(null, AMSTERDAM)).toBe('');
    const back = isoOfZonedInput(zonedInputOf('2027-06-18T12:00:00.000Z', AMSTERDAM), AMSTERDAM);
    expect(back.ok && Date.parse(back.iso)).toBe(Date.parse('2027-06-18T12:00:00.000Z'));
  });
});

describe('the changes an edit sends', () => {
  it('is nothing to send when nothing changed, with the contract’s text', () => {
    expect(prepare(() => {})).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    // Typing the same amount another way is no change.
    expect(prepare((form) => (form.price = '39.5'))).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
  });

  it('sends only the fields that changed, money in minor units', () => {
    expect(
      prepare((form) => {
        form.price = '125.00';
        form.stock = '2400';
      }),
    ).toEqual({ ok: true, changes: { price: 12500, stock: 2400 } });
    expect(prepare((form) => (form.stockUnlimited = true))).toEqual({ ok: true, changes: { stock: null } });
    expect(prepare((form) => (form.onSale = false))).toEqual({ ok: true, changes: { on_sale: false } });
    expect(prepare((form) => (form.limitPerOrder = '0'))).toEqual({ ok: true, changes: { limit_per_order: 0 } });
  });

  it('sends an add-on’s required products whole, none as null, the featured flag and the tax rate (issue 37 point 1)', () => {
    expect(prepare((form) => (form.requires = ['NWF27-WEEKEND', 'NWF27-DAY-SAT']))).toEqual({ ok: true, changes: { requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'] } });
    expect(prepare((form) => (form.requires = []), item({ requires: ['NWF27-WEEKEND'] }))).toEqual({ ok: true, changes: { requires: null } });
    // The same products in the same order are no change; a view without them reads as none.
    expect(prepare((form) => (form.requires = ['NWF27-WEEKEND']), item({ requires: ['NWF27-WEEKEND'] }))).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    expect(prepare((form) => (form.featured = true))).toEqual({ ok: true, changes: { featured: true } });
    expect(prepare((form) => (form.featured = false), item({ featured: true }))).toEqual({ ok: true, changes: { featured: false } });
    // The tax rate by its code; the one it has is no change.
    expect(prepare((form) => (form.tax = 'high'))).toEqual({ ok: true, changes: { tax: 'high' } });
    expect(prepare((form) => (form.tax = 'low'))).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    // A code the file could not write is refused at the list, in the contract's words.
    expect(prepare((form) => (form.requires = ['not a code']))).toMatchObject({ ok: false, problems: { 'requires.0': catalogueFieldMessages.code } });
  });

  it('sends a sale window in the event’s zone, and an emptied end as none', () => {
    expect(prepare((form) => (form.onSaleFrom = '2026-10-01T10:00'))).toEqual({ ok: true, changes: { on_sale_from: '2026-10-01T10:00:00+02:00' } });
    expect(prepare((form) => (form.onSaleUntil = ''), item({ on_sale_until: '2027-06-01T00:00:00+02:00' }))).toEqual({ ok: true, changes: { on_sale_until: null } });
  });

  it('sends a refund rule whole, keeping an untouched time to the second', () => {
    expect(prepare((form) => (form.refundFee = '5.00'))).toEqual({
      ok: true,
      changes: { refund: { refundable: true, fee: 500, from: null, until: '2027-05-31T23:59:59+02:00' } },
    });
    expect(prepare((form) => (form.namesLimit = '3'))).toEqual({
      ok: true,
      changes: { name_changes: { allowed: true, until: '2027-06-11T23:59:59+02:00', limit: 3 } },
    });
  });

  it('refuses with the catalogue file’s words, by field', () => {
    expect(prepare((form) => (form.price = '-1.00'))).toEqual({ ok: false, problems: { price: catalogueFieldMessages.moneyRange } });
    expect(prepare((form) => (form.stock = '-5'))).toEqual({ ok: false, problems: { stock: catalogueFieldMessages.count } });
    expect(prepare((form) => (form.stock = ''))).toEqual({ ok: false, problems: { stock: catalogueFieldMessages.count } });
    expect(prepare((form) => (form.limitPerOrder = '2.5'))).toEqual({ ok: false, problems: { limit_per_order: catalogueFieldMessages.count } });
    expect(
      prepare((form) => {
        form.refundFrom = '2027-06-01T00:00';
        form.refundUntil = '2027-05-01T00:00';
      }),
    ).toEqual({ ok: false, problems: { 'refund.until': catalogueFieldMessages.laterThan('refund.from') } });
  });

  it('refuses a sale end before the start, sent or as it is', () => {
    expect(
      prepare((form) => {
        form.onSaleFrom = '2027-06-01T00:00';
        form.onSaleUntil = '2027-05-01T00:00';
      }),
    ).toEqual({ ok: false, problems: { on_sale_until: catalogueFieldMessages.laterThan('on_sale_from') } });
    expect(prepare((form) => (form.onSaleUntil = '2027-05-01T00:00'), item({ on_sale_from: '2027-06-01T00:00:00+02:00' }))).toEqual({
      ok: false,
      problems: { on_sale_until: catalogueFieldMessages.laterThan('on_sale_from') },
    });
    expect(prepare((form) => (form.onSaleFrom = '2027-07-01T00:00'), item({ on_sale_until: '2027-06-01T00:00:00+02:00' }))).toEqual({
      ok: false,
      problems: { on_sale_from: catalogueFieldMessages.laterThan('on_sale_from') },
    });
  });

  it('says what is typed wrong before the schema judges', () => {
    expect(prepare((form) => (form.fee = 'free'))).toEqual({ ok: false, problems: { fee: texts.amountProblems.invalid } });
    expect(prepare((form) => (form.onSaleFrom = '2027-03-28T02:30'))).toEqual({ ok: false, problems: { on_sale_from: texts.timeProblems.gap(AMSTERDAM) } });
  });

  it('reads the shop’s field errors by the form’s fields', () => {
    expect(serverFieldProblems({ 'changes.price': ['must be from 0 to 2147483647 minor units'], 'changes.refund.until': ['a', 'b'], code: ['Choose an item.'] })).toEqual({
      price: 'must be from 0 to 2147483647 minor units',
      'refund.until': 'a b',
      code: 'Choose an item.',
    });
  });

  it('turns a rule into a sentence under its field, in the form’s terms', () => {
    const labels = { price: 'Price', stock: 'Stock', on_sale_from: 'Sale starts', on_sale_until: 'Sale ends' };
    expect(problemSentence('price', catalogueFieldMessages.moneyRange, 'EUR', labels)).toBe('Price must be from 0.00 to 21474836.47.');
    expect(problemSentence('stock', catalogueFieldMessages.count, 'EUR', labels)).toBe('Stock must be a whole number from 0 to 2147483647.');
    // The shop's answer comes as words in the page's language: read as the same rule.
    expect(problemSentence('price', 'must be from 0 to 2147483647 minor units', 'EUR', labels)).toBe('Price must be from 0.00 to 21474836.47.');
    expect(problemSentence('on_sale_until', catalogueFieldMessages.laterThan('on_sale_from'), 'EUR', labels)).toBe('Sale ends must be later than “Sale starts”.');
    // Under the start, the rule is still said of the end.
    expect(problemSentence('on_sale_from', catalogueFieldMessages.laterThan('on_sale_from'), 'EUR', labels)).toBe('Sale ends must be later than “Sale starts”.');
    expect(problemSentence('stock', 'Stock cannot be lower than the 12 already sold or held in carts.', 'EUR', labels)).toBe('Stock cannot be lower than the 12 already sold or held in carts.');
  });
});

describe('the name and description per language (decision 0094)', () => {
  const languages = ['en', 'de', 'nl'] as const;
  const translated = item({ translations: { de: { name: 'Campingpass (Wochenende)' } } });

  it('holds each language’s texts: the default’s are the item’s own, another’s empty where it has none', () => {
    expect(textsFormOf(translated, languages)).toEqual({
      en: { name: 'Camping weekend pass', description: '<p>Pitch your tent.</p>' },
      de: { name: 'Campingpass (Wochenende)', description: '' },
      nl: { name: '', description: '' },
    });
  });

  it('sends the default language’s texts as the item’s own, and every other language’s together when one changed', () => {
    const form = textsFormOf(translated, languages);
    expect(textChanges(translated, form, languages)).toEqual({});
    form.nl = { name: ' Kampeerpas (weekend) ', description: '' };
    expect(textChanges(translated, form, languages)).toEqual({ translations: { de: { name: 'Campingpass (Wochenende)' }, nl: { name: 'Kampeerpas (weekend)' } } });
    form.en = { name: 'Camping pass', description: '<p>Pitch your tent.</p>' };
    form.de = { name: '', description: '' };
    expect(textChanges(translated, form, languages)).toEqual({ name: 'Camping pass', translations: { nl: { name: 'Kampeerpas (weekend)' } } });
    // Through the form's changes, checked with the contract's schema: an empty default name is refused by field.
    form.en = { name: ' ', description: '' };
    const prepared = prepareItemChanges(translated, itemFormOf(translated, 'EUR', AMSTERDAM), 'EUR', AMSTERDAM, { form, languages });
    expect(prepared.ok).toBe(false);
    expect(Object.keys(prepared.ok ? {} : prepared.problems)).toEqual(['name']);
  });
});

describe('an event’s name per language (decision 0094)', () => {
  const languages = ['en', 'de', 'nl'] as const;
  const event: CatalogueEventView = {
    code: 'NWF27',
    name: 'Northwind Festival 2027',
    translations: { de: { name: 'Nordwind-Festival 2027' } },
    timezone: AMSTERDAM,
    starts_at: '2027-06-18T12:00:00+02:00',
    ends_at: null,
    venue: null,
    age_range_active: false,
    credit_card_active: true,
    bank_transfer_active: false,
    bank_transfer_countries: [],
    archived: false,
    changed_here: [],
  };

  it('holds each language’s name: the default’s is the event’s own, another’s empty where it has none', () => {
    expect(textsFormOf(event, languages)).toEqual({
      en: { name: 'Northwind Festival 2027', description: '' },
      de: { name: 'Nordwind-Festival 2027', description: '' },
      nl: { name: '', description: '' },
    });
  });

  it('sends the default language’s name as the event’s own and every other language’s together, never a description, checked with the contract’s schema', () => {
    const form = textsFormOf(event, languages);
    expect(prepareEventChanges(event, form, languages)).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    // An event has no description: one left in the form is no change.
    form.de = { name: 'Nordwind-Festival 2027', description: '<p>Drei Tage</p>' };
    expect(prepareEventChanges(event, form, languages)).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    form.nl = { name: ' Noordenwind Festival 2027 ', description: '' };
    expect(prepareEventChanges(event, form, languages)).toEqual({ ok: true, changes: { translations: { de: { name: 'Nordwind-Festival 2027' }, nl: { name: 'Noordenwind Festival 2027' } } } });
    form.en = { name: 'Northwind 2027', description: '' };
    form.de = { name: '  ', description: '' };
    expect(prepareEventChanges(event, form, languages)).toEqual({ ok: true, changes: { name: 'Northwind 2027', translations: { nl: { name: 'Noordenwind Festival 2027' } } } });
    // A blank default name is refused by field, in the shop's words.
    form.en = { name: '   ', description: '' };
    expect(prepareEventChanges(event, form, languages)).toEqual({ ok: false, problems: { name: staffCatalogueMessages.nameRequired } });
  });

  it('shows the language whose text a problem is of', () => {
    expect(languageOfProblems(['translations.nl.name'], languages)).toBe('nl');
    expect(languageOfProblems(['translations.de'], languages)).toBe('de');
    expect(languageOfProblems(['name'], languages)).toBe('en');
    // A language the page does not offer, or another field's problem: the language shown stays.
    expect(languageOfProblems(['translations.pl.name'], languages)).toBeUndefined();
    expect(languageOfProblems(['price', '_'], languages)).toBeUndefined();
  });

  it('says which of its texts were changed here', () => {
    expect(changedHereWords(event)).toBeNull();
    expect(changedHereWords({ ...event, changed_here: ['name', 'translations'] })).toBe('name, texts in other languages');
  });
});

describe('what the page says of an item', () => {
  const now = Date.parse('2027-01-01T12:00:00Z');

  it('says whether it sells now', () => {
    expect(saleLabel(saleStateOf({ on_sale: true, on_sale_from: null, on_sale_until: null }, now), AMSTERDAM)).toBe('Selling');
    expect(saleLabel(saleStateOf({ on_sale: false, on_sale_from: null, on_sale_until: null }, now), AMSTERDAM)).toBe('Not on sale');
    expect(saleLabel(saleStateOf({ on_sale: true, on_sale_from: '2027-02-01T09:00:00+01:00', on_sale_until: null }, now), AMSTERDAM)).toBe('Opens 1 Feb 2027, 09:00 CET');
    expect(saleLabel(saleStateOf({ on_sale: true, on_sale_from: null, on_sale_until: '2026-12-31T23:00:00Z' }, now), AMSTERDAM)).toBe('Closed 1 Jan 2027, 00:00 CET');
    expect(saleStateOf({ on_sale: true, on_sale_from: '2026-12-01T00:00:00Z', on_sale_until: '2027-02-01T00:00:00Z' }, now)).toEqual({ state: 'selling' });
  });

  it('lists the fields changed here, with the departures’ seats', () => {
    expect(changedHereWords({ changed_here: [], departures: [] })).toBeNull();
    expect(changedHereWords({ changed_here: ['price', 'stock', 'on_sale_until'], departures: [] })).toBe('price, stock, sale end');
    expect(changedHereWords({ changed_here: [], departures: [{ id: 1, departs_at: '', seats: 5, sold: 0, held: 0, active: true, changed_here: true, active_changed_here: false }] })).toBe('seats of a departure');
  });
});

describe('the changes made here an import keeps', () => {
  it('names the field, a departure’s seats by its time on the event’s clocks', () => {
    expect(keptFieldWords('on_sale_until', AMSTERDAM)).toBe('sale end');
    expect(keptFieldWords('seats@2027-06-18T14:00:00.000Z', AMSTERDAM)).toBe('seats of the departure of 18 Jun 2027, 16:00 CEST');
    expect(keptFieldWords('checkin_list.gates', AMSTERDAM)).toBe('gates');
    expect(keptFieldWords('checkin_list.day_cutover', AMSTERDAM)).toBe('end of a festival day');
    // A rate's fields by their section (decision 0101): a tax rate's name is not an item's.
    expect(keptFieldWords('tax_rate.rate', AMSTERDAM)).toBe('tax rate’s percentage');
    expect(keptFieldWords('archived', AMSTERDAM)).toBe('archived');
    expect(keptFieldWords('shipping_rate.archived', AMSTERDAM)).toBe('shipping rate archived');
  });

  it('shows a price as money and uncounted seats as such', () => {
    const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
    expect(keptValueWords('price', '4200', money)).toBe('€42.00');
    expect(keptValueWords('stock', '2400', money)).toBe('2400');
    expect(keptValueWords('shipping_rate.price', '995', money)).toBe('€9.95');
    expect(keptValueWords('seats@2027-06-18T14:00:00.000Z', 'none', money)).toBe(texts.notCounted);
    expect(keptValueWords('on_sale_until', 'none', money)).toBe('none');
  });
});

describe('a catalogue file as the lines the upload sends', () => {
  it('splits at either newline, without a line for the last newline', () => {
    expect(linesOfFile('events:\r\n  - code: A\n')).toEqual({ ok: true, lines: ['events:', '  - code: A'] });
    expect(linesOfFile('a\n\nb')).toEqual({ ok: true, lines: ['a', '', 'b'] });
  });

  it('refuses an empty file, too many lines, and names a line that is too long', () => {
    expect(linesOfFile(' \n')).toEqual({ ok: false, problem: texts.upload.empty });
    expect(linesOfFile('x\n'.repeat(CATALOGUE_UPLOAD_MAX_LINES))).toMatchObject({ ok: true });
    expect(linesOfFile('x\n'.repeat(CATALOGUE_UPLOAD_MAX_LINES + 1))).toEqual({ ok: false, problem: texts.upload.tooManyLines(CATALOGUE_UPLOAD_MAX_LINES + 1, CATALOGUE_UPLOAD_MAX_LINES) });
    expect(linesOfFile(`a\nb\n${'y'.repeat(PAYLOAD_TEXT_MAX)}`)).toMatchObject({ ok: true });
    const refused = linesOfFile(`a\nb\n${'y'.repeat(PAYLOAD_TEXT_MAX + 1)}\nc`);
    expect(refused).toEqual({ ok: false, problem: texts.upload.lineTooLong(3, PAYLOAD_TEXT_MAX + 1, PAYLOAD_TEXT_MAX) });
    expect(refused.ok ? '' : refused.problem).toMatch(/^Line 3 /);
  });

  it('knows when a payload is more than one upload takes', () => {
    expect(uploadTooLarge({ lines: ['a'] })).toBe(false);
    expect(uploadTooLarge({ lines: Array.from({ length: 1100 }, () => 'z'.repeat(4000)) })).toBe(true);
  });
});

describe('what an import changes, as the page lists it', () => {
  const empty = (section: (typeof CATALOGUE_SECTIONS)[number]) => ({ section, added: [], added_count: 0, changed: [], changed_count: 0, switched_off: [], switched_off_count: 0, unchanged: 0 });
  const diff: CatalogueDiff = {
    sections: CATALOGUE_SECTIONS.map(empty).map((section) =>
      section.section === 'products'
        ? { ...section, added: ['NEW'], added_count: 3, changed: [{ code: 'OLD', fields: [{ field: 'price', live: '1800', file: '1950' }, { field: 'translations.de.name', live: null, file: 'Schließfach' }] }], changed_count: 1, unchanged: 7 }
        : section.section === 'checkin_lists'
          ? { ...section, switched_off: ['GATE'], switched_off_count: 1, unchanged: 2 }
          : section,
    ),
    handed_back: [],
    handed_back_count: 0,
  };

  it('is a row per new entry, per changed field and per entry switched off, section by section', () => {
    expect(diffRows(diff)).toEqual([
      { key: 'products NEW +', section: 'products', code: 'NEW', field: null, what: 'added', live: null, file: null },
      { key: 'products OLD price', section: 'products', code: 'OLD', field: 'price', what: 'changed', live: '1800', file: '1950' },
      { key: 'products OLD translations.de.name', section: 'products', code: 'OLD', field: 'translations.de.name', what: 'changed', live: null, file: 'Schließfach' },
      { key: 'checkin_lists GATE -', section: 'checkin_lists', code: 'GATE', field: null, what: 'switched_off', live: null, file: null },
    ]);
    expect(new Set(diffRows(diff).map((row) => row.key)).size).toBe(4);
  });

  it('shows prices, fees and discounts as money, anything else as the shop wrote it', () => {
    const money = (minor: number) => `€${(minor / 100).toFixed(2)}`;
    expect(['price', 'fee', 'refund.fee', 'discount_amount'].map((field) => diffValueWords(field, '1950', money))).toEqual(['€19.50', '€19.50', '€19.50', '€19.50']);
    expect(diffValueWords('stock', '1950', money)).toBe('1950');
    expect(diffValueWords('name_changes.limit', '2', money)).toBe('2');
    expect(diffValueWords('payment_plan', '[{"amount":4900}]', money)).toBe('[{"amount":4900}]');
  });

  it('counts the entries a section changes, and those the shop counted without listing them', () => {
    expect(diff.sections.map(changesIn)).toEqual([0, 0, 4, 0, 0, 0, 1, 0]);
    expect(diffNotListed(diff)).toBe(2);
  });
});

describe('the tiers editor (decision 0099)', () => {
  const tiered = item({ tiers: [{ price: 2950, until: '2027-02-28T23:00:00.000Z' }, { price: 3450, units: 500 }] });

  it('shows each tier as typed: its price, and its end on the item’s clocks or as units', () => {
    expect(itemFormOf(tiered, 'EUR', AMSTERDAM).tiers).toEqual([
      { price: '29.50', end: 'until', until: '2027-03-01T00:00', units: '' },
      { price: '34.50', end: 'units', until: '', units: '500' },
    ]);
  });

  it('sends the tiers whole when one changed, and nothing of them when none did', () => {
    expect(prepare(() => undefined, tiered)).toEqual({ ok: false, problems: { _: expect.anything() } });
    const changed = prepare((form) => {
      form.tiers[1]!.units = '400';
    }, tiered);
    expect(changed).toEqual({ ok: true, changes: { tiers: [{ price: 2950, until: '2027-03-01T00:00:00+01:00' }, { price: 3450, units: 400 }] } });
    expect(prepare((form) => form.tiers.splice(0), tiered)).toEqual({ ok: true, changes: { tiers: null } });
  });

  it('adds, moves and removes tiers', () => {
    const rows = [newTierRow(), { ...newTierRow(), price: '10.00' }];
    expect(movedTier(rows, 1, -1).map((row) => row.price)).toEqual(['10.00', '']);
    expect(movedTier(rows, 1, 1)).toEqual(rows);
    const added = prepare((form) => {
      form.tiers = [{ price: '25.00', end: 'units', until: '', units: '100' }];
    });
    expect(added).toEqual({ ok: true, changes: { tiers: [{ price: 2500, units: 100 }] } });
  });

  it('refuses what the catalogue file refuses, at the tier’s field, in the file’s words', () => {
    const refused = prepare((form) => {
      form.tiers = [
        { price: '25.00', end: 'until', until: '2027-03-01T00:00', units: '' },
        { price: '', end: 'units', until: '', units: '0' },
        { price: '30.00', end: 'until', until: '2027-02-01T00:00', units: '' },
        { price: '31.00', end: 'until', until: '', units: '' },
      ];
    });
    expect(refused.ok).toBe(false);
    const problems = (refused as { problems: Record<string, unknown> }).problems;
    expect(Object.keys(problems).sort()).toEqual(['tiers.1.price', 'tiers.1.units', 'tiers.2.until', 'tiers.3.until']);
    expect(say(problems['tiers.2.until'] as never)).toBe(say(priceTierMessages.earlier(1)));
    expect(say(problems['tiers.3.until'] as never)).toBe(say(priceTierMessages.oneEnd));
  });
});


describe('a product’s event, days, transport and payment plan in the edit form', () => {
  it('sends only what changed: the event by code, the days whole (none: every day), a transport’s times together, the plan whole', () => {
    expect(prepare(() => {})).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    expect(prepare((form) => (form.event = 'OTHER27'))).toEqual({ ok: true, changes: { event: 'OTHER27' } });
    expect(prepare((form) => (form.days = '2027-06-20, 2027-06-19'))).toEqual({ ok: true, changes: { days: ['2027-06-20', '2027-06-19'] } });
    expect(prepare((form) => (form.days = ''), item({ days: ['2027-06-19'] }))).toEqual({ ok: true, changes: { days: null } });
    const coach = item({ travel_time_type: 'fixed', travel_time: '2027-06-18T09:30:00.000Z', travel_changes_until: null });
    expect(prepare((form) => (form.changesUntil = '2027-06-10T12:00'), coach)).toEqual({ ok: true, changes: { transport: { travel_time: '2027-06-18T09:30:00.000Z', changes_until: '2027-06-10T12:00:00+02:00' } } });
    const plan = [
      { amount: '40.00', count: '0', units: 'days' as const },
      { amount: '1.00', count: '2', units: 'months' as const },
    ];
    expect(prepare((form) => (form.plan = plan))).toEqual({ ok: true, changes: { payment_plan: [{ amount: 4000, units: 'days', count: 0 }, { amount: 100, units: 'months', count: 2 }] } });
    expect(prepare((form) => (form.plan = []), item({ payment_plan: [{ amount: 4000, units: 'days', count: 0 }, { amount: 100, units: 'months', count: 2 }] }))).toEqual({ ok: true, changes: { payment_plan: null } });
  });

  it('refuses what the file refuses, at the field: a day that is not a date, a plan of one payment, an amount that is no amount', () => {
    expect(prepare((form) => (form.days = '19 June'))).toMatchObject({ ok: false, problems: { 'days.0': expect.anything() } });
    expect(prepare((form) => (form.plan = [{ amount: '41.00', count: '0', units: 'days' }]))).toMatchObject({ ok: false, problems: { payment_plan: expect.anything() } });
    expect(prepare((form) => (form.plan = [{ amount: 'lots', count: '0', units: 'days' }, { amount: '1.00', count: '1', units: 'months' }]))).toMatchObject({ ok: false, problems: { 'payment_plan.0.amount': expect.anything() } });
  });
});
