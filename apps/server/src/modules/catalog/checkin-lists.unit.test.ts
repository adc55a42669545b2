import { describe, expect, it } from 'vitest';
import { parseCatalogue } from './catalogue-import';
import { catalogueProblemsOf } from '../../../test/catalogue-problems';

// Two events, a ticket and a bus of the first, a ticket of the second, and merchandise.
const base = `
events:
  - { code: FEST, name: Test Fest, timezone: Europe/Amsterdam }
  - { code: OTHER, name: Other Fest, timezone: Europe/Amsterdam }
tax_rates:
  - { code: high, name: "21%", rate: 21 }
products:
  - { code: DAY, event: FEST, name: Day, type: ticket, price: 5000, tax: high }
  - { code: BUS, event: FEST, name: Bus, type: transport, price: 1500, tax: high, transport: { travel_time_type: fixed, travel_time: "2027-06-18T11:30:00+02:00" } }
  - { code: OTHER-DAY, event: OTHER, name: Other day, type: ticket, price: 5000, tax: high }
merchandise:
  - { code: SHIRT, name: Shirt, type: shirt, price: 2500, tax: high }
checkin_lists:
`;

const problemsOf = (lists: string) => catalogueProblemsOf(base + lists);

describe('check-in lists in the catalogue file', () => {
  it('fills the defaults: single entry, no window, boarding 30 and 15 minutes, no gates', () => {
    const catalogue = parseCatalogue(`${base}  - { code: GATE, event: FEST, name: Entrance, products: [DAY, BUS] }\n`, 't.yaml');
    expect(catalogue.checkin_lists).toEqual([
      { code: 'GATE', event: 'FEST', name: 'Entrance', products: ['DAY', 'BUS'], day_cutover: 360, entry: 'single', boarding: { before_minutes: 30, after_minutes: 15 }, gates: [] },
    ]);
  });

  it('is optional: a file without lists has none', () => {
    expect(parseCatalogue(base.replace('checkin_lists:\n', ''), 't.yaml').checkin_lists).toEqual([]);
  });

  it('keeps what the file says: alternating entry, a window, boarding and gates', () => {
    const catalogue = parseCatalogue(
      `${base}  - code: GATE
    event: FEST
    name: Entrance
    products: [DAY]
    entry: alternating
    opens_at: 2027-06-18T11:00:00+02:00
    closes_at: 2027-06-21T02:00:00+02:00
    boarding: { before_minutes: 45 }
    gates: [North, " South "]
`,
      't.yaml',
    );
    expect(catalogue.checkin_lists[0]).toMatchObject({
      entry: 'alternating',
      opens_at: '2027-06-18T11:00:00+02:00',
      closes_at: '2027-06-21T02:00:00+02:00',
      boarding: { before_minutes: 45, after_minutes: 15 },
      gates: ['North', 'South'],
    });
  });

  it('says on which festival days a product admits: its own days, or the list’s for it, and when a day turns (decision 0064)', () => {
    const catalogue = parseCatalogue(
      `${base.replace('products:\n  - { code: DAY, event: FEST, name: Day, type: ticket, price: 5000, tax: high }', 'products:\n  - { code: DAY, event: FEST, name: Day, type: ticket, price: 5000, tax: high, days: [2027-06-19] }')}  - code: GATE
    event: FEST
    name: Entrance
    products: [DAY, { product: BUS, days: [2027-06-18, 2027-06-20] }]
    day_cutover: "05:30"
  - { code: CAMP, event: FEST, name: Camping, products: [{ product: DAY, days: every }] }
`,
      't.yaml',
    );
    expect(catalogue.products[0]!.days).toEqual(['2027-06-19']);
    expect(catalogue.checkin_lists[0]).toMatchObject({ products: ['DAY', { product: 'BUS', days: ['2027-06-18', '2027-06-20'] }], day_cutover: 330 });
    expect(catalogue.checkin_lists[1]).toMatchObject({ products: [{ product: 'DAY', days: 'every' }], day_cutover: 360 });
  });

  it('refuses a day that is no date, a day twice, no days, a cut-over past noon, and a day the list is closed for all of', () => {
    expect(
      problemsOf(`  - { code: A, event: FEST, name: A, products: [{ product: DAY, days: [2027-02-30, 19-06-2027, 2027-06-19, 2027-06-19] }] }
  - { code: B, event: FEST, name: B, products: [{ product: DAY, days: [] }], day_cutover: "13:00" }
  - { code: C, event: FEST, name: C, products: [{ product: DAY, days: sometimes }], day_cutover: 6 }
`),
    ).toEqual([
      'checkin_lists[0].products[0].days[0] (line 14): must be a date written YYYY-MM-DD, such as 2027-06-19',
      'checkin_lists[0].products[0].days[1] (line 14): must be a date written YYYY-MM-DD, such as 2027-06-19',
      'checkin_lists[0].products[0].days[3] (line 14): 2027-06-19 is already days[2]',
      'checkin_lists[1].products[0].days (line 15): needs at least one day (leave it out to admit on every day)',
      'checkin_lists[1].day_cutover (line 15): must be a local time HH:MM from 00:00 to 12:00, such as 06:00',
      'checkin_lists[2].products[0] (line 16): must be a product code, or { product: CODE, days: [YYYY-MM-DD, ...] }',
      'checkin_lists[2].day_cutover (line 16): must be a local time HH:MM from 00:00 to 12:00, such as 06:00',
    ]);
    // Open Friday 11:00 to Monday 02:00: Thursday and the Monday are no festival day of it (02:00 Monday is still Sunday's night).
    expect(
      problemsOf(`  - { code: A, event: FEST, name: A, opens_at: "2027-06-18T11:00:00+02:00", closes_at: "2027-06-21T02:00:00+02:00", products: [{ product: DAY, days: [2027-06-17, 2027-06-18, 2027-06-20, 2027-06-21] }] }
`),
    ).toEqual([
      "checkin_lists[0].products[0].days[0] (line 14): 2027-06-17 lies outside the list’s opening hours (2027-06-18 to 2027-06-20 as festival days)",
      "checkin_lists[0].products[0].days[3] (line 14): 2027-06-21 lies outside the list’s opening hours (2027-06-18 to 2027-06-20 as festival days)",
    ]);
  });

  it('refuses an unknown event, an unknown product, merchandise and a product of another event', () => {
    expect(problemsOf('  - { code: GATE, event: NOPE, name: Entrance, products: [DAY] }\n')).toEqual(['checkin_lists[0].event (line 14): no event has the code “NOPE”']);
    expect(problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY, NOPE, SHIRT, OTHER-DAY] }\n')).toEqual([
      'checkin_lists[0].products[1] (line 14): no product has the code “NOPE”',
      'checkin_lists[0].products[2] (line 14): “SHIRT” is merchandise; a check-in list admits products (tickets, add-ons, transport) only',
      'checkin_lists[0].products[3] (line 14): “OTHER-DAY” is a product of event “OTHER”, not of the list’s event “FEST”',
    ]);
  });

  it('refuses a list code used twice and a product listed twice', () => {
    expect(
      problemsOf(`  - { code: GATE, event: FEST, name: Entrance, products: [DAY] }
  - { code: BOARD, event: FEST, name: Bus, products: [BUS, BUS] }
  - { code: GATE, event: OTHER, name: Other entrance, products: [OTHER-DAY] }
`),
    ).toEqual([
      'checkin_lists[1].products[1] (line 15): “BUS” is already products[0] of this list',
      'checkin_lists[2].code (line 16): "GATE" is already used by checkin_lists[0]; check-in list codes must be unique',
    ]);
  });

  it('refuses a list without products, a bad code, a missing or too long name, and unknown keys', () => {
    const problems = problemsOf(`  - code: "-bad"
    event: FEST
    name: "${'x'.repeat(201)}"
    products: []
    admits: everyone
  - { code: GATE, event: FEST, products: [DAY] }
`);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^checkin_lists\[0\]\.code \(line \d+\): must be 1-64 letters, digits, dashes or underscores$/),
        expect.stringMatching(/^checkin_lists\[0\]\.name \(line \d+\): .*200/),
        expect.stringMatching(/^checkin_lists\[0\]\.products \(line \d+\): needs at least one product$/),
        'checkin_lists[0] (line 14): unknown key "admits"',
        expect.stringMatching(/^checkin_lists\[1\]\.name \(line \d+\): /),
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('refuses an entry rule other than single or alternating', () => {
    expect(problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY], entry: twice }\n')).toEqual([
      expect.stringMatching(/^checkin_lists\[0\]\.entry \(line 14\): must be single or alternating$/),
    ]);
  });

  it('refuses a window that closes before it opens, and times without an offset', () => {
    expect(
      problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY], opens_at: "2027-06-18T12:00:00+02:00", closes_at: "2027-06-18T11:59:59+02:00" }\n'),
    ).toEqual(['checkin_lists[0].closes_at (line 14): must be later than opens_at']);
    // Compared as instants, not as text: 10:30 in Amsterdam is before 09:00 UTC, and 12:00 in Amsterdam before 11:00 UTC.
    expect(
      problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY], opens_at: "2027-06-18T09:00:00Z", closes_at: "2027-06-18T10:30:00+02:00" }\n'),
    ).toEqual(['checkin_lists[0].closes_at (line 14): must be later than opens_at']);
    expect(
      problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY], opens_at: "2027-06-18T12:00:00+02:00", closes_at: "2027-06-18T11:00:00Z" }\n'),
    ).toEqual([]);
    expect(problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY], opens_at: "2027-06-18" }\n')).toEqual([
      expect.stringMatching(/^checkin_lists\[0\]\.opens_at \(line 14\): must be an ISO-8601 date and time with an offset/),
    ]);
  });

  it('refuses boarding minutes outside 0 to 1440, fractions and unknown boarding keys', () => {
    const problems = problemsOf(`  - code: BOARD
    event: FEST
    name: Bus
    products: [BUS]
    boarding: { before_minutes: 1441, after_minutes: -1 }
  - { code: BOARD2, event: FEST, name: Bus, products: [BUS], boarding: { before_minutes: 7.5, late_minutes: 5 } }
`);
    expect(problems).toEqual([
      'checkin_lists[0].boarding.before_minutes (line 18): must be a whole number of minutes from 0 to 1440',
      'checkin_lists[0].boarding.after_minutes (line 18): must be a whole number of minutes from 0 to 1440',
      'checkin_lists[1].boarding.before_minutes (line 19): must be a whole number of minutes from 0 to 1440',
      'checkin_lists[1].boarding (line 19): unknown key "late_minutes"',
    ]);
    expect(problemsOf('  - { code: BOARD, event: FEST, name: Bus, products: [BUS], boarding: { before_minutes: 0, after_minutes: 1440 } }\n')).toEqual([]);
  });

  it('refuses empty, too long and repeated gate names (ignoring case)', () => {
    const problems = problemsOf(`  - code: GATE
    event: FEST
    name: Entrance
    products: [DAY]
    gates: [North, "  ", "${'g'.repeat(61)}", north]
`);
    expect(problems).toEqual([
      'checkin_lists[0].gates[1] (line 18): must be 1-60 characters',
      'checkin_lists[0].gates[2] (line 18): must be 1-60 characters',
      'checkin_lists[0].gates[3] (line 18): “north” is already gates[0] (gate names ignore case)',
    ]);
    expect(problemsOf('  - { code: GATE, event: FEST, name: Entrance, products: [DAY], gates: [North, South, north] }\n')).toEqual([
      'checkin_lists[0].gates[2] (line 14): “north” is already gates[0] (gate names ignore case)',
    ]);
  });
});
