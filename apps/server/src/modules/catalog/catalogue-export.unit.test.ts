import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedFields, diffCatalogues, diffLines } from './catalogue-diff';
import { catalogueYaml, fileInstant } from './catalogue-export';
import { parseCatalogue } from './catalogue-import';

const SMALL = `
events:
  - code: SUN27
    name: Sunfield 2027
    timezone: Europe/Amsterdam
    starts_at: 2027-07-09T12:00:00+02:00
    bank_transfer_active: true
    bank_transfer_countries: [NL, BE]
tax_rates:
  - { code: low, name: VAT 9%, rate: 9 }
  - { code: reduced, name: VAT 5.5%, rate: 5.5 }
products:
  - code: SUN27-DAY
    event: SUN27
    type: ticket
    name: Day ticket
    price: 6500
    fee: 250
    tax: low
    stock: 3000
    days: [2027-07-09]
    refund: { refundable: true, fee: 0, until: 2027-06-30T23:59:59+02:00 }
    name_changes: { allowed: false, limit: 0 }
    translations: { nl: { name: Dagkaart }, de: { description: <p>Ein Tag.</p>, name: Tageskarte } }
  - code: SUN27-BUS
    event: SUN27
    type: transport
    name: Bus
    price: 900
    tax: low
    transport:
      travel_time_type: selectable
      travel_times:
        - { time: 2027-07-09T11:00:00+02:00, seats: 50 }
        - { time: 2027-07-09T13:00:00+02:00 }
merchandise:
  - { code: SUN27-SHIRT, type: shirt, name: T-shirt, price: 2500, tax: low, on_sale: true, force_view: false }
vouchers:
  - { code: SUNNY5, name: EUR 5 off, discount_amount: 500, active: true }
shipping_rates:
  - { country: NL, name: PostNL parcel, type: standard, price: 495 }
checkin_lists:
  - code: SUN27-GATE
    event: SUN27
    name: Entrance
    products: [SUN27-DAY]
    day_cutover: "05:00"
    boarding: { before_minutes: 30, after_minutes: 10 }
  - { code: SUN27-BUS, event: SUN27, name: Bus stop, products: [{ product: SUN27-BUS, days: every }] }
onsales:
  - code: SUN27-SALE
    event: SUN27
    opens_at: 2027-01-10T10:00:00+01:00
    products: [SUN27-DAY]
    admission: { steer: { min_per_minute: 300, max_per_minute: 6000, target_p99_ms: 150 } }
    proof_of_work: { bits: 0 }
`;

describe('a catalogue written as YAML', () => {
  it('leaves defaults out, writes fields in the documented order and small entries on one line', () => {
    expect(catalogueYaml(parseCatalogue(SMALL, 'small.yaml'))).toBe(`# The shop's live catalogue, written by npm run catalog -- export (or the back office's download).
# Format: docs/catalogue.md. Money is in integer minor units; times are ISO-8601 with an offset.
# Importing this file into the shop it came from changes nothing; into an empty shop, it makes the same catalogue.

events:
  - code: SUN27
    name: Sunfield 2027
    timezone: Europe/Amsterdam
    starts_at: 2027-07-09T12:00:00+02:00
    bank_transfer_active: true
    bank_transfer_countries: [ NL, BE ]

tax_rates:
  - { code: low, name: VAT 9%, rate: 9 }
  - { code: reduced, name: VAT 5.5%, rate: 5.5 }

products:
  - code: SUN27-DAY
    event: SUN27
    type: ticket
    name: Day ticket
    price: 6500
    fee: 250
    tax: low
    stock: 3000
    days: [ 2027-07-09 ]
    refund:
      refundable: true
      until: 2027-06-30T23:59:59+02:00
    translations:
      de:
        name: Tageskarte
        description: <p>Ein Tag.</p>
      nl:
        name: Dagkaart
  - code: SUN27-BUS
    event: SUN27
    type: transport
    name: Bus
    price: 900
    tax: low
    transport:
      travel_time_type: selectable
      travel_times:
        - { time: 2027-07-09T11:00:00+02:00, seats: 50 }
        - { time: 2027-07-09T13:00:00+02:00 }

merchandise:
  - code: SUN27-SHIRT
    type: shirt
    name: T-shirt
    price: 2500
    tax: low

vouchers:
  - code: SUNNY5
    name: EUR 5 off
    discount_amount: 500

shipping_rates:
  - { country: NL, name: PostNL parcel, price: 495 }

checkin_lists:
  - code: SUN27-GATE
    event: SUN27
    name: Entrance
    products: [ SUN27-DAY ]
    day_cutover: "05:00"
    boarding: { after_minutes: 10 }
  - code: SUN27-BUS
    event: SUN27
    name: Bus stop
    products:
      - { product: SUN27-BUS, days: every }

onsales:
  - code: SUN27-SALE
    event: SUN27
    opens_at: 2027-01-10T10:00:00+01:00
    products: [ SUN27-DAY ]
    admission: { steer: { min_per_minute: 300, max_per_minute: 6000 } }
`);
  });

  it('reads back as the same catalogue whatever its texts hold', () => {
    // The catalogue as the file writes it (a default written out in SMALL is the same catalogue left out).
    const base = parseCatalogue(catalogueYaml(parseCatalogue(SMALL, 'small.yaml')), 'small.yaml');
    // Texts as organisers and translators write them: quotes, colons, hashes, leading blanks, line breaks, YAML's own words, any script.
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
      fc.constantFrom('yes', 'no', 'null', '~', '0123', '1e3', '- item', '"quoted"', "it's", 'a: b', '# not a comment', '  leading', 'trailing  ', 'line\nbreak\n', '\ttab', '{ flow }', '[1, 2]', '&anchor', '*alias', '!tag', '%', '@', '`', '|', '>'),
    );
    fc.assert(
      fc.property(text, text, text, text, (name, description, translated, other) => {
        const catalogue = structuredClone(base);
        // An event's name is read trimmed (event-fields.ts, shared with the Catalogue page's event dialog).
        catalogue.events[0]!.name = name.trim() || 'Event';
        catalogue.events[0]!.translations = { de: { name: translated } };
        catalogue.products[0]!.name = name;
        catalogue.products[0]!.description = description;
        catalogue.products[0]!.translations = { de: { name: translated, description: other } };
        catalogue.merchandise[0]!.description = other;
        // A voucher's name is read trimmed (the rules of voucher-fields.ts, shared with the back office): the shop never holds one with blanks around it.
        catalogue.vouchers[0]!.name = translated.trim() || 'Voucher';
        // So is a shipping rate's carrier (rate-fields.ts, shared with the back office's Tax and shipping page).
        catalogue.shipping_rates[0]!.name = other.trim() || 'Carrier';
        catalogue.checkin_lists[0]!.name = description.trim() ? description.slice(0, 200) : name;
        const written = catalogueYaml(catalogue);
        expect(parseCatalogue(written, 'written.yaml')).toEqual(catalogue);
        expect(catalogueYaml(parseCatalogue(written, 'written.yaml'))).toBe(written);
      }),
      { numRuns: 200 },
    );
  });

  it('writes an instant on the zone’s clock with its offset, milliseconds only when it has some', () => {
    expect(fileInstant(new Date('2027-06-18T12:00:00Z'), 'Europe/Amsterdam')).toBe('2027-06-18T14:00:00+02:00');
    expect(fileInstant(new Date('2027-01-18T12:00:00Z'), 'Europe/Amsterdam')).toBe('2027-01-18T13:00:00+01:00');
    expect(fileInstant(new Date('2027-06-18T12:00:00.250Z'), 'America/New_York')).toBe('2027-06-18T08:00:00.250-04:00');
    expect(fileInstant(new Date('2027-06-18T12:00:00Z'), 'UTC')).toBe('2027-06-18T12:00:00+00:00');
  });
});

describe('what an import changes', () => {
  const before = parseCatalogue(SMALL, 'before.yaml');

  it('names each changed field as the file names it, with the value before and after', () => {
    const after = structuredClone(before);
    after.products[0]!.refund.fee = 500;
    after.products[0]!.translations = { ...after.products[0]!.translations, nl: { name: 'Dagticket' } };
    after.products[0]!.stock = null;
    expect(changedFields(before.products[0]!, after.products[0]!)).toEqual([
      { field: 'stock', live: '3000', file: null },
      { field: 'refund.fee', live: '0', file: '500' },
      { field: 'translations.nl.name', live: 'Dagkaart', file: 'Dagticket' },
    ]);
  });

  it('counts by section the entries added, changed, switched off and unchanged, by their keys', () => {
    const after = structuredClone(before);
    after.shipping_rates[0]!.price = 595;
    after.vouchers.push({ ...after.vouchers[0]!, code: 'NEW5' });
    after.checkin_lists.pop();
    const sections = diffCatalogues(before, after);
    expect(sections.find((section) => section.section === 'shipping_rates')).toMatchObject({ changed: [{ code: 'NL', fields: [{ field: 'price', live: '495', file: '595' }] }], unchanged: 0 });
    expect(sections.find((section) => section.section === 'vouchers')).toMatchObject({ added: ['NEW5'], added_count: 1, unchanged: 1 });
    expect(sections.find((section) => section.section === 'checkin_lists')).toMatchObject({ switched_off: ['SUN27-BUS'], switched_off_count: 1, unchanged: 1 });
    expect(sections.find((section) => section.section === 'products')).toMatchObject({ added_count: 0, changed_count: 0, unchanged: 2 });
    // Listing at most one of a kind: the counts stay whole.
    after.vouchers.push({ ...after.vouchers[0]!, code: 'NEW6' });
    expect(diffCatalogues(before, after, { listAtMost: 1 }).find((section) => section.section === 'vouchers')).toMatchObject({ added: ['NEW5'], added_count: 2 });
    expect(diffLines({ sections: diffCatalogues(before, after, { listAtMost: 1 }), handed_back: [], handed_back_count: 0 })).toContain('    added: NEW5 and 1 more');
  });

  it('clips a long value', () => {
    const after = structuredClone(before);
    after.products[0]!.description = 'x'.repeat(1000);
    const [change] = changedFields(before.products[0]!, after.products[0]!);
    expect(change!.file).toHaveLength(300);
    expect(change!.file!.endsWith('…')).toBe(true);
  });
});
