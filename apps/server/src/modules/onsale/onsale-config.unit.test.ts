import { describe, expect, it } from 'vitest';
import { parseCatalogue } from '../catalog/catalogue-import';
import { catalogueProblemsOf } from '../../../test/catalogue-problems';

const base = `
events:
  - { code: FEST, name: Test Fest, timezone: Europe/Amsterdam }
tax_rates:
  - { code: high, name: "21%", rate: 21 }
products:
  - { code: DAY, event: FEST, name: Day, type: ticket, price: 5000, tax: high }
  - { code: WEEKEND, event: FEST, name: Weekend, type: ticket, price: 9000, tax: high }
merchandise:
  - { code: SHIRT, name: Shirt, type: shirt, price: 2500, tax: high }
onsales:
`;

const problemsOf = catalogueProblemsOf;

/** The catalogue file's on-sales (issue 23, decision 0048): what a waiting room is configured with. */
describe('on-sales in the catalogue file', () => {
  it('takes an on-sale with a rate or a cap and fills its defaults', () => {
    const catalogue = parseCatalogue(
      `${base}  - { code: GENERAL, event: FEST, opens_at: "2027-01-15T10:00:00+01:00", closes_at: "2027-01-20T10:00:00+01:00", products: [DAY, WEEKEND, SHIRT], admission: { rate_per_minute: 300 } }
  - { code: LATE, event: FEST, opens_at: "2027-03-01T10:00:00+01:00", closes_at: "2027-03-02T10:00:00+01:00", products: [DAY], admission: { max_active: 500 }, session_minutes: 30, proof_of_work: { bits: 16 }, room_opens_minutes_before: 60 }
`,
      't.yaml',
    );
    expect(catalogue.onsales[0]).toMatchObject({ code: 'GENERAL', admission: { rate_per_minute: 300 }, session_minutes: 20, room_opens_minutes_before: 30 });
    expect(catalogue.onsales[1]).toMatchObject({ admission: { max_active: 500 }, session_minutes: 30, proof_of_work: { bits: 16 } });
  });

  it('takes a cap with a ramp (both limits), in either order', () => {
    const catalogue = parseCatalogue(
      `${base}  - { code: CAPPED, event: FEST, opens_at: "2027-01-15T10:00:00+01:00", products: [DAY], admission: { max_active: 2000, rate_per_minute: 500 } }
  - { code: OTHER, event: FEST, opens_at: "2027-03-15T10:00:00+01:00", products: [WEEKEND], admission: { rate_per_minute: 10, max_active: 5 } }
`,
      't.yaml',
    );
    expect(catalogue.onsales.map((onsale) => onsale.admission)).toEqual([
      { max_active: 2000, rate_per_minute: 500 },
      { rate_per_minute: 10, max_active: 5 },
    ]);
  });

  it('refuses a malformed admission by field and line', () => {
    const room = (admission: string) => `  - { code: R, event: FEST, opens_at: "2027-01-15T10:00:00+01:00", products: [DAY], admission: ${admission} }\n`;
    const whole = 'must be { rate_per_minute: N }, { max_active: N }, { max_active: N, rate_per_minute: M } or { steer: { min_per_minute: N, max_per_minute: M } }';
    expect(problemsOf(base + room('{ max_active: 2000, rate_per_minute: 0 }'))).toEqual(['onsales[0].admission.rate_per_minute (line 12): must be a whole number from 1 to 1000000']);
    expect(problemsOf(base + room('{ max_active: 2.5, rate_per_minute: 500 }'))).toEqual(['onsales[0].admission.max_active (line 12): must be a whole number from 1 to 1000000']);
    expect(problemsOf(base + room('{ max_active: 2000, rate_per_minute: "fast" }'))).toEqual(['onsales[0].admission.rate_per_minute (line 12): must be a whole number from 1 to 1000000']);
    expect(problemsOf(base + room('{ max_active: 2000, rate_per_minute: 500, burst: 10 }'))).toEqual(['onsales[0].admission (line 12): unknown key "burst"']);
    expect(problemsOf(base + room('{}'))).toEqual([`onsales[0].admission (line 12): ${whole}`]);
    expect(problemsOf(base + room('500'))).toEqual([`onsales[0].admission (line 12): ${whole}`]);
    // A self-steering rate (decision 0079): alone, with its minimum at most its maximum and a sane target.
    expect(problemsOf(base + room('{ steer: { min_per_minute: 600, max_per_minute: 6000 } }'))).toEqual([]);
    expect(problemsOf(base + room('{ steer: { min_per_minute: 600, max_per_minute: 6000, target_p99_ms: 200 } }'))).toEqual([]);
    expect(problemsOf(base + room('{ steer: { min_per_minute: 7000, max_per_minute: 6000 } }'))).toEqual(['onsales[0].admission.steer.min_per_minute (line 12): must not be more than max_per_minute']);
    expect(problemsOf(base + room('{ steer: { min_per_minute: 1, max_per_minute: 60, target_p99_ms: 5 } }'))).toEqual([
      'onsales[0].admission.steer.target_p99_ms (line 12): must be a whole number of milliseconds from 20 to 10000',
    ]);
    expect(problemsOf(base + room('{ steer: { max_per_minute: 60 } }'))).toEqual(['onsales[0].admission.steer.min_per_minute (line 12): must be a whole number from 1 to 1000000']);
    expect(problemsOf(base + room('{ steer: { min_per_minute: 1, max_per_minute: 60, p95: 3 } }'))).toEqual(['onsales[0].admission.steer (line 12): unknown key "p95"']);
    expect(problemsOf(base + room('{ max_active: 100, steer: { min_per_minute: 1, max_per_minute: 60 } }'))).toEqual([
      'onsales[0].admission.steer (line 12): steer sets the rate itself: give it without rate_per_minute or max_active',
    ]);
  });

  it('refuses what a room cannot run with, by field and line', () => {
    const problems = problemsOf(
      `${base}  - { code: A, event: NOPE, opens_at: "2027-01-15T10:00:00+01:00", closes_at: "2027-01-15T09:00:00+01:00", products: [DAY, DAY, GHOST], admission: { rate_per_minute: 0 } }\n  - { code: B, event: FEST, opens_at: "2027-01-15T10:00:00+01:00", products: [WEEKEND], admission: { rate_per_minute: 10, per_hour: 5 }, session_minutes: 2 }\n`,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'onsales[0].closes_at (line 12): must be later than opens_at',
        'onsales[0].admission.rate_per_minute (line 12): must be a whole number from 1 to 1000000',
        'onsales[1].admission (line 13): unknown key "per_hour"',
        'onsales[1].session_minutes (line 13): must be at least 5 minutes',
      ]),
    );
    const references = problemsOf(`${base}  - { code: A, event: NOPE, opens_at: "2027-01-15T10:00:00+01:00", products: [DAY, DAY, GHOST], admission: { rate_per_minute: 60 } }\n`);
    expect(references).toEqual([
      'onsales[0].event (line 12): no event has the code "NOPE"',
      'onsales[0].products[1] (line 12): "DAY" is listed twice',
      'onsales[0].products[2] (line 12): no product or merchandise has the code "GHOST"',
    ]);
  });

  it('lets one room at a time guard a product: a later on-sale of the same product is fine, an overlapping one is not', () => {
    const room = (code: string, opens: string, closes: string | null, products: string) =>
      `  - { code: ${code}, event: FEST, opens_at: "${opens}", ${closes ? `closes_at: "${closes}", ` : ''}products: [${products}], admission: { rate_per_minute: 60 } }\n`;
    expect(problemsOf(base + room('PRE', '2027-01-15T10:00:00Z', '2027-01-16T10:00:00Z', 'DAY') + room('GENERAL', '2027-02-01T10:00:00Z', null, 'DAY'))).toEqual([]);
    // The second room's pre-queue (30 minutes before its opening) overlaps the first's sale.
    expect(problemsOf(base + room('PRE', '2027-01-15T10:00:00Z', '2027-01-16T10:00:00Z', 'DAY, SHIRT') + room('GENERAL', '2027-01-16T10:15:00Z', null, 'SHIRT')) ).toEqual([
      'onsales[1].products[0] (line 13): "SHIRT" is already in onsales[0] at the same time; one room at a time guards a product',
    ]);
    expect(problemsOf(base + room('SAME', '2027-01-15T10:00:00Z', null, 'DAY') + room('SAME', '2027-02-15T10:00:00Z', null, 'WEEKEND'))).toEqual(['onsales[1].code (line 13): "SAME" is already used by onsales[0]; on-sale codes must be unique']);
  });
});
