import { describe, expect, it } from 'vitest';
import { missingCatalogueTexts } from '@festival/contract';
import { CatalogueError, PROBLEM_TEXT_MAX, parseCatalogue, parseCatalogueText } from './catalogue-import';
import { brokenEntries, PARSER_BOMBS } from '../../../test/parser-bombs';
import { catalogueProblemsOf } from '../../../test/catalogue-problems';

const base = `
events:
  - code: FEST
    name: Test Fest
    timezone: Europe/Amsterdam
tax_rates:
  - code: high
    name: "21%"
    rate: 21
`;

const problemsOf = catalogueProblemsOf;

describe('catalogue validation', () => {
  it('accepts a minimal catalogue and fills defaults', () => {
    const catalogue = parseCatalogue(`${base}products:\n  - code: DAY\n    event: FEST\n    name: Day\n    type: ticket\n    price: 5000\n    tax: high\n`, 't.yaml');
    expect(catalogue.products[0]).toMatchObject({ fee: 0, limit_per_order: 0, on_sale: true, images: [] });
  });

  it('reads price tiers before the price, and refuses them out of order, without one end, or beside a payment plan (decision 0099)', () => {
    const tiered = parseCatalogue(
      `${base}products:\n  - code: DAY\n    event: FEST\n    name: Day\n    type: ticket\n    price: 6000\n    tiers:\n      - { price: 4000, until: 2027-03-01T00:00:00+01:00 }\n      - { price: 5000, units: 500 }\n    tax: high\n`,
      't.yaml',
    );
    expect(tiered.products[0]!.tiers).toEqual([{ price: 4000, until: '2027-03-01T00:00:00+01:00' }, { price: 5000, units: 500 }]);
    const problems = problemsOf(`${base}products:
  - code: DAY
    event: FEST
    name: Day
    type: ticket
    price: 6000
    tax: high
    tiers:
      - { price: 4000, until: 2027-03-01T00:00:00+01:00 }
      - { price: 4500, until: 2027-02-01T00:00:00+01:00 }
      - { price: 5000 }
      - { price: -5, units: 10 }
  - code: PLAN
    event: FEST
    name: Plan
    type: ticket
    price: 6000
    tax: high
    tiers: [{ price: 5000, units: 10 }]
    payment_plan: [{ amount: 3000, units: days, count: 0 }, { amount: 3000, units: weeks, count: 4 }]
`);
    expect(problems).toEqual([
      'products[0].tiers[2].until (line 20): give either until (a date and time) or units (a number of units), not both',
      'products[0].tiers[3].price (line 21): must be from 0 to 2147483647 minor units',
      'products[0].tiers[1].until (line 19): must be later than the end of tier 1',
      'products[1].tiers (line 28): a product with a payment plan has one price: leave the tiers out',
    ]);
  });

  it('names the field path and line of a missing fixed travel time', () => {
    const text = `${base}products:
  - code: BUS
    event: FEST
    name: Bus
    type: transport
    price: 1500
    tax: high
    transport:
      travel_time_type: fixed
`;
    expect(problemsOf(text)).toEqual(['products[0].transport.travel_time (line 17): is required for fixed transport']);
  });

  it('names wrong types with their path and line', () => {
    const problems = problemsOf(`${base}products:\n  - code: DAY\n    event: FEST\n    name: Day\n    type: ticket\n    price: 12.5\n    tax: high\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^products\[0\]\.price \(line 15\): must be a whole number of minor units/);
  });

  it('refuses unknown references, duplicate codes and plans that do not add up', () => {
    const problems = problemsOf(`${base}products:
  - { code: DAY, event: NOPE, name: Day, type: ticket, price: 5000, tax: high }
  - { code: PLAN, event: FEST, name: Plan, type: ticket, price: 9000, fee: 0, tax: low, payment_plan: [{ amount: 3000, units: days, count: 0 }, { amount: 3000, units: weeks, count: 4 }] }
merchandise:
  - { code: DAY, name: Shirt, type: shirt, price: 2500, tax: high }
`);
    expect(problems).toEqual(
      expect.arrayContaining([
        'products[0].event (line 11): no event has the code "NOPE"',
        'products[1].tax (line 12): no tax rate has the code "low"',
        'products[1].payment_plan (line 12): the amounts add up to 6000, but price plus fee is 9000',
        expect.stringMatching(/^merchandise\[0\]\.code \(line 14\): "DAY" is already used by products\[0\]/),
      ]),
    );
  });

  it('names a misspelt key instead of calling the entry invalid', () => {
    const problems = problemsOf(`${base}products:\n  - code: DAY\n    event: FEST\n    name: Day\n    type: ticket\n    price: 5000\n    tax: high\n    limit_per_ordr: 2\n    refund: { refundable: true, untill: x, form: y }\n`);
    expect(problems).toEqual(['products[0].refund (line 18): unknown keys "untill", "form"', 'products[0] (line 11): unknown key "limit_per_ordr"']);
  });

  it('takes a sale window and refuses one that ends before it starts, as the back office does', () => {
    const item = (window: string) => `${base}merchandise:\n  - { code: CAP, name: Cap, type: cap, price: 1500, tax: high, ${window} }\n`;
    expect(parseCatalogue(item('on_sale_from: 2027-01-01T10:00:00+01:00, on_sale_until: 2027-02-01T10:00:00+01:00'), 't.yaml').merchandise[0]).toMatchObject({ on_sale_from: '2027-01-01T10:00:00+01:00' });
    expect(problemsOf(item('on_sale_from: 2027-02-01T10:00:00+01:00, on_sale_until: 2027-01-01T10:00:00+01:00'))).toEqual(['merchandise[0].on_sale_until (line 11): must be later than on_sale_from']);
    expect(problemsOf(item('refund: { refundable: true, from: 2027-02-01T10:00:00+01:00, until: 2027-02-01T10:00:00+01:00 }'))).toEqual(['merchandise[0].refund.until (line 11): must be later than refund.from']);
    expect(problemsOf(item('stock: 3000000000'))).toEqual(['merchandise[0].stock (line 11): must be a whole number from 0 to 2147483647']);
  });

  it('reports YAML syntax errors with their line', () => {
    const problems = problemsOf('events:\n  - code: [unclosed\n');
    expect(problems[0]).toMatch(/^line \d+:/);
  });

  it('reads JSON too', () => {
    const catalogue = parseCatalogue(JSON.stringify({ events: [{ code: 'F', name: 'F', timezone: 'UTC' }] }), 'c.json');
    expect(catalogue.events[0]?.code).toBe('F');
  });
});

describe('a catalogue file that breaks the YAML reader (issue 33 point 7)', () => {
  const entriesOf = (text: string) => {
    try {
      parseCatalogueText(text, 'bomb.yaml');
    } catch (error) {
      if (error instanceof CatalogueError) return error.entries;
      throw error;
    }
    return [];
  };

  it.each(Object.entries(PARSER_BOMBS))('reads %s as problems, each at its line and short', (_, text) => {
    const entries = entriesOf(text);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.line, entry.message).toEqual(expect.any(Number));
      expect(entry.message.length, entry.message.slice(0, 200)).toBeLessThanOrEqual(PROBLEM_TEXT_MAX);
    }
  });

  it('locates the first problems and counts the rest, so a file of broken entries costs no quadratic work', () => {
    const text = brokenEntries(5_000);
    const all = entriesOf(text);
    let located: CatalogueError | undefined;
    try {
      parseCatalogueText(text, 'broken.yaml', { locateAtMost: 100 });
    } catch (error) {
      located = error as CatalogueError;
    }
    expect(located).toBeInstanceOf(CatalogueError);
    expect(located!.entries).toEqual(all.slice(0, 100));
    expect(located!.entries.length + located!.more).toBe(all.length);
  });
});

describe('catalogue texts in other languages (decision 0094)', () => {
  const translated = `${base.replace('    timezone: Europe/Amsterdam', '    timezone: Europe/Amsterdam\n    translations:\n      de: { name: Testfest }')}products:
  - code: DAY
    event: FEST
    name: Day ticket
    description: <p>One day.</p>
    type: ticket
    price: 5000
    tax: high
    translations:
      de:
        name: Tageskarte
        description: <p>Ein Tag.</p>
      nl: { name: Dagkaart }
merchandise:
  - { code: SHIRT, name: Shirt, type: shirt, price: 2500, tax: high, translations: { de: { name: Hemd } } }
`;
  const problemsIn = (text: string, languages: Parameters<typeof parseCatalogue>[2]) => {
    try {
      parseCatalogue(text, 't.yaml', languages);
      return [];
    } catch (error) {
      if (error instanceof CatalogueError) return error.problems;
      throw error;
    }
  };

  it('reads each entry’s translations in the languages the shop offers', () => {
    const catalogue = parseCatalogue(translated, 't.yaml', ['en', 'de', 'nl']);
    expect(catalogue.events[0]!.translations).toEqual({ de: { name: 'Testfest' } });
    expect(catalogue.products[0]!.translations).toEqual({ de: { name: 'Tageskarte', description: '<p>Ein Tag.</p>' }, nl: { name: 'Dagkaart' } });
    expect(catalogue.merchandise[0]!.translations).toEqual({ de: { name: 'Hemd' } });
  });

  it('reports a language the shop does not offer, and its default, at the line of the language', () => {
    expect(problemsIn(translated, ['en', 'de'])).toEqual(['products[0].translations.nl (line 24): the shop does not offer nl (languages: en, de)']);
    expect(problemsIn(translated, ['de', 'en', 'nl'])).toEqual([
      "events[0].translations.de (line 7): de is the shop's default language: its texts are the entry's own, not a translation",
      "products[0].translations.de (line 21): de is the shop's default language: its texts are the entry's own, not a translation",
      "merchandise[0].translations.de (line 26): de is the shop's default language: its texts are the entry's own, not a translation",
    ]);
    // Without the shop's languages, any language the shop software knows is accepted; nothing else.
    expect(problemsIn(translated, undefined)).toEqual([]);
    expect(problemsIn(translated.replace('nl: { name: Dagkaart }', 'xx: { name: Dagkaart }'), undefined)).toEqual(['products[0].translations.xx (line 24): xx is not a language the shop knows']);
  });

  it('reports a field that is not a text of the entry at its line', () => {
    const problems = problemsIn(translated.replace('      nl: { name: Dagkaart }', '      nl: { name: Dagkaart, price: 100 }').replace('de: { name: Testfest }', 'de: { name: Testfest, description: Ein Fest }'), ['en', 'de', 'nl']);
    expect(problems).toEqual([
      'events[0].translations.de (line 7): unknown key "description"',
      'products[0].translations.nl (line 24): unknown key "price"',
    ]);
  });

  it('lists the texts each other language of the shop lacks, by their path in the file', () => {
    const catalogue = parseCatalogue(translated, 't.yaml', ['en', 'de', 'nl']);
    expect(missingCatalogueTexts(catalogue, ['en', 'de', 'nl'])).toEqual([
      { language: 'nl', code: 'FEST', path: 'events[0].translations.nl.name' },
      { language: 'nl', code: 'DAY', path: 'products[0].translations.nl.description' },
      { language: 'nl', code: 'SHIRT', path: 'merchandise[0].translations.nl.name' },
    ]);
    expect(missingCatalogueTexts(catalogue, ['en'])).toEqual([]);
  });
});

describe('vouchers of every kind in the file (decision 0096)', () => {
  const withItems = `${base}products:
  - { code: DAY, event: FEST, name: Day, type: ticket, price: 5000, tax: high }
merchandise:
  - { code: SHIRT, name: Shirt, type: shirt, price: 2500, tax: high }
vouchers:
`;

  it('reads each kind with its limits, fixed by default', () => {
    const catalogue = parseCatalogue(
      `${withItems}  - { code: TEN, name: Ten off, discount_amount: 1000 }
  - { code: SHIRT20, name: Shirts, kind: percentage, percent: 20, products: [SHIRT], max_uses: 100, max_uses_per_customer: 1 }
  - { code: FREEDAY, name: A day free, kind: free_product, product: DAY, valid_until: "2027-06-20T23:59:59+02:00" }
`,
      't.yaml',
    );
    expect(catalogue.vouchers).toEqual([
      expect.objectContaining({ code: 'TEN', kind: 'fixed', discount_amount: 1000, active: true }),
      expect.objectContaining({ code: 'SHIRT20', kind: 'percentage', percent: 20, products: ['SHIRT'], max_uses: 100, max_uses_per_customer: 1 }),
      expect.objectContaining({ code: 'FREEDAY', kind: 'free_product', product: 'DAY' }),
    ]);
  });

  it('refuses by field and line what the back office refuses, with the same words', () => {
    expect(
      problemsOf(`${withItems}  - { code: PCT, name: Pct, kind: percentage, percent: 120 }
  - { code: NOAMOUNT, name: No amount }
  - { code: BOTH, name: Both, discount_amount: 100, percent: 10 }
  - { code: FREE, name: Free, kind: free_product, product: DAY, products: [DAY] }
  - { code: LATE, name: Late, discount_amount: 100, valid_from: "2027-02-01T00:00:00Z", valid_until: "2027-01-01T00:00:00Z" }
  - { code: PER, name: Per, discount_amount: 100, max_uses: 2, max_uses_per_customer: 3 }
`),
    ).toEqual([
      'vouchers[0].percent (line 15): must be a whole number from 1 to 100',
      'vouchers[1].discount_amount (line 16): is required for a fixed voucher',
      'vouchers[2].percent (line 17): is only for a percentage voucher',
      'vouchers[3].products (line 18): must be left out for a free_product voucher: it applies to its product',
      'vouchers[4].valid_until (line 19): must be later than valid_from',
      'vouchers[5].max_uses_per_customer (line 20): must not be more than max_uses',
    ]);
  });

  it('refuses products the file does not have, and a code twice whatever its case', () => {
    expect(
      problemsOf(`${withItems}  - { code: ONLY, name: Only, discount_amount: 100, products: [SHIRT, HOODIE] }
  - { code: GIFT, name: Gift, kind: free_product, product: POSTER }
  - { code: only, name: Again, discount_amount: 100 }
`),
    ).toEqual(
      expect.arrayContaining([
        'vouchers[0].products[1] (line 15): no product or merchandise has the code HOODIE',
        'vouchers[1].product (line 16): no product or merchandise has the code POSTER',
        'vouchers[2].code (line 17): "only" appears twice (codes ignore case)',
      ]),
    );
  });
});

describe('product questions in the catalogue file (decision 0106)', () => {
  const asked = `${base}products:
  - code: DAY
    event: FEST
    name: Day
    type: ticket
    price: 5000
    tax: high
    questions:
      - code: size
        kind: choice
        label: T-shirt size
        required: true
        options:
          - { code: s, label: Small, translations: { de: { label: Klein } } }
        translations:
          de: { label: T-Shirt-Größe }
      - { code: company, kind: text, label: Company, per: order }
`;
  const problemsIn = (text: string, languages: Parameters<typeof parseCatalogue>[2]) => {
    try {
      parseCatalogue(text, 't.yaml', languages);
      return [];
    } catch (error) {
      if (error instanceof CatalogueError) return error.problems;
      throw error;
    }
  };

  it('reads a product’s questions in their order, with the defaults', () => {
    const [product] = parseCatalogue(asked, 't.yaml', ['en', 'de']).products;
    expect(product!.questions.map((question) => [question.code, question.kind, question.required, question.per, question.at_gate])).toEqual([
      ['size', 'choice', true, 'ticket', false],
      ['company', 'text', false, 'order', false],
    ]);
    expect(product!.questions[0]!.options).toEqual([{ code: 's', label: 'Small', translations: { de: { label: 'Klein' } } }]);
  });

  it('refuses a question’s rules at its line, and a language the shop does not offer in a label or an option', () => {
    expect(problemsIn(asked.replace('      - { code: company, kind: text, label: Company, per: order }', '      - { code: size, kind: text, label: Company, per: order, min: 3 }'), ['en', 'de'])).toEqual([
      'products[0].questions[1].min (line 26): only a question of kind number takes this',
      'products[0].questions[1].code (line 26): "size" is the code of another question of this product',
    ]);
    expect(problemsIn(asked, ['en', 'nl'])).toEqual([
      'products[0].questions[0].options[0].translations.de (line 23): the shop does not offer de (languages: en, nl)',
      'products[0].questions[0].translations.de (line 25): the shop does not offer de (languages: en, nl)',
    ]);
  });
});
