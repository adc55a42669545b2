import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { DEMO_CATALOGUE } from '../../../test/test-shop';
import { CatalogueError, importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { executeRows } from '../../db/raw-rows';
import { runOnsaleCommand } from './onsale-command';
import { listOnsales } from './onsale.queries';

const demoDir = path.dirname(DEMO_CATALOGUE);
const demoText = readFileSync(DEMO_CATALOGUE, 'utf8');
const withOnsales = (onsales: string) => `${demoText}\nonsales:\n${onsales}`;

/**
 * On-sales imported from the catalogue file (issue 23, decision 0048), on both engines: stored with
 * their room, control and products; importing again updates them; one the file no longer has is
 * switched off; a file that breaks a rule changes nothing; `npm run onsale -- status` says where
 * each stands.
 */
describe.each(testEngines())('on-sales imported from the catalogue on %s', (engine) => {
  let database: TestDatabase;
  const importText = async (text: string) => importCatalogue(database.db, parseCatalogue(text, 'onsales.yaml'), demoDir, 'onsales.yaml');
  const summaryOf = async () =>
    (await listOnsales(database.db)).map(({ onsale, eventCode, products }) => ({
      code: onsale.code,
      eventCode,
      active: onsale.active,
      mode: onsale.admissionMode,
      limit: onsale.admissionLimit,
      rateLimit: onsale.admissionRateLimit,
      roomOpensAt: onsale.roomOpensAt.toISOString(),
      opensAt: onsale.opensAt.toISOString(),
      products,
    }));
  const status = async (now: string) => {
    const lines: string[] = [];
    expect(await runOnsaleCommand(['status'], { db: database.db, timeZone: 'Europe/Amsterdam', now: () => new Date(now), print: (line) => lines.push(line) })).toBe(0);
    return lines;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('stores each on-sale with its room, control and products, and updates it on the next import', async () => {
    expect(await status('2027-01-01T00:00:00Z')).toEqual(['No on-sales: add onsales to the catalogue file (docs/catalogue.md).']);
    const summary = await importText(
      withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND, NWF27-DAY-SAT, NWF27-TEE-LINEUP], admission: { rate_per_minute: 300 } }\n`),
    );
    expect(summary.onsales).toBe(1);
    expect(await summaryOf()).toEqual([
      { code: 'NWF27-GENERAL', eventCode: 'NWF27', active: true, mode: 'rate', limit: 300, rateLimit: null, roomOpensAt: '2027-01-15T08:30:00.000Z', opensAt: '2027-01-15T09:00:00.000Z', products: ['NWF27-DAY-SAT', 'NWF27-TEE-LINEUP', 'NWF27-WEEKEND'] },
    ]);
    expect(await status('2027-01-15T08:45:00Z')).toEqual([expect.stringMatching(/^NWF27-GENERAL\tevent NWF27\tpre-queue\troom 2027-01-15T09:30:00.000\+01:00\topens 2027-01-15T10:00:00.000\+01:00\tcloses when sold out\t300 a minute\tsessions 20 min\tno proof of work\tNWF27-DAY-SAT, NWF27-TEE-LINEUP, NWF27-WEEKEND\twaiting 0\tadmitted 0\tnot opened\tnot sold out$/)]);
    await importText(withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND], admission: { max_active: 800 }, room_opens_minutes_before: 0 }\n`));
    expect(await summaryOf()).toEqual([expect.objectContaining({ code: 'NWF27-GENERAL', mode: 'cap', limit: 800, roomOpensAt: '2027-01-15T09:00:00.000Z', products: ['NWF27-WEEKEND'] })]);
    expect((await status('2027-01-15T09:00:00Z'))[0]).toContain('\tselling\t');
    // Watching prints the live figures until stopped; a wrong interval is refused.
    const controller = new AbortController();
    const watched: string[] = [];
    const print = (line: string) => {
      watched.push(line);
      controller.abort();
    };
    expect(await runOnsaleCommand(['watch', '1'], { db: database.db, timeZone: 'Europe/Amsterdam', now: () => new Date('2027-01-15T09:01:00Z'), print, signal: controller.signal })).toBe(0);
    expect(watched).toEqual([expect.stringMatching(/^2027-01-15T10:01:00.000\+01:00\tNWF27-GENERAL\tselling\twaiting 0\tadmitted 0\tshopping now 0\trate: next line\tnot sold out$/)]);
    const refused: string[] = [];
    expect(await runOnsaleCommand(['watch', '0'], { db: database.db, printError: (line) => refused.push(line) })).toBe(2);
    expect(refused).toEqual(['watch takes a whole number of seconds from 1 to 3600.']);
  });

  it('switches off an on-sale the file no longer has, and back on when it has it again', async () => {
    await importText(demoText);
    expect(await summaryOf()).toEqual([expect.objectContaining({ code: 'NWF27-GENERAL', active: false })]);
    expect((await status('2027-01-15T09:00:00Z'))[0]).toContain('\tswitched off\t');
    await importText(withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND], admission: { rate_per_minute: 60 } }\n`));
    expect(await summaryOf()).toEqual([expect.objectContaining({ code: 'NWF27-GENERAL', active: true, mode: 'rate', limit: 60 })]);
  });

  it('stores a cap with a ramp, says both in the status, and clears the ramp when the file drops it', async () => {
    await importText(withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND], admission: { max_active: 2000, rate_per_minute: 500 } }\n`));
    expect(await summaryOf()).toEqual([expect.objectContaining({ code: 'NWF27-GENERAL', mode: 'cap', limit: 2000, rateLimit: 500 })]);
    expect((await status('2027-01-15T08:45:00Z'))[0]).toContain('\tat most 2000 at once, 500 new a minute\t');
    await importText(withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND], admission: { max_active: 2000 } }\n`));
    expect(await summaryOf()).toEqual([expect.objectContaining({ mode: 'cap', limit: 2000, rateLimit: null })]);
    expect((await status('2027-01-15T08:45:00Z'))[0]).toContain('\tat most 2000 at once\t');
    // The database holds a ramp to cap mode only.
    await expect(database.db.execute(sql`UPDATE onsales SET admission_mode = 'rate' WHERE code = 'NWF27-GENERAL' AND admission_rate_limit IS NULL`)).resolves.toBeDefined();
    await expect(database.db.execute(sql`UPDATE onsales SET admission_rate_limit = 10 WHERE code = 'NWF27-GENERAL'`)).rejects.toThrow();
  });

  it("restarts the room's carried state when a file imported again changes the control, and keeps it when it does not", async () => {
    const general = (admission: string) => withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND], admission: ${admission} }\n`);
    const steering = '{ steer: { min_per_minute: 300, max_per_minute: 6000, target_p99_ms: 150 } }';
    // What a sale leaves behind: a steered rate with its reason and the fraction a step carried.
    const run = () => database.db.execute(sql`UPDATE onsales SET steer_rate = 1200, steer_change = 'lowered', steer_p99_ms = 310, steer_decreased_at = now(), steered_at = now(), rate_carry = 700 WHERE code = 'NWF27-GENERAL'`);
    const carried = async () => {
      const rows = await executeRows<{ steer_rate: number | null; steer_change: string | null; steer_p99_ms: number | null; steer_decreased_at: unknown; steered_at: unknown; rate_carry: number }>(
        database.db,
        sql`SELECT steer_rate, steer_change, steer_p99_ms, steer_decreased_at, steered_at, rate_carry FROM onsales WHERE code = 'NWF27-GENERAL'`,
      );
      const row = rows[0]!;
      return { rate: row.steer_rate, change: row.steer_change, p99: row.steer_p99_ms, decreased: row.steer_decreased_at !== null, steered: row.steered_at !== null, carry: row.rate_carry };
    };
    const fresh = { rate: null, change: null, p99: null, decreased: false, steered: false, carry: 0 };
    const kept = { rate: 1200, change: 'lowered', p99: 310, decreased: true, steered: true, carry: 700 };

    await importText(general(steering));
    await run();
    // The same control again (another product, the room's times): the sale goes on as it was.
    await importText(general(steering).replace('products: [NWF27-WEEKEND]', 'products: [NWF27-WEEKEND, NWF27-DAY-SAT]'));
    expect(await carried()).toEqual(kept);
    // Steering switched off for a fixed rate, then on again: each switch starts afresh.
    await importText(general('{ rate_per_minute: 600 }'));
    expect(await carried()).toEqual(fresh);
    await run();
    await importText(general(steering));
    expect(await carried()).toEqual(fresh);
    // A cap's ramp set, then cleared.
    await importText(general('{ max_active: 800 }'));
    await run();
    await importText(general('{ max_active: 800, rate_per_minute: 100 }'));
    expect(await carried()).toEqual(fresh);
    await run();
    await importText(general('{ max_active: 900, rate_per_minute: 200 }'));
    expect(await carried()).toEqual(kept);
    await importText(general('{ max_active: 900 }'));
    expect(await carried()).toEqual(fresh);
  });

  it('refuses a malformed ramp by field and line, and changes nothing', async () => {
    const snapshot = createSnapshotter(database.db);
    const before = await snapshot();
    const text = withOnsales(`  - { code: NWF27-GENERAL, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-WEEKEND], admission: { max_active: 2000, rate_per_minute: -5 } }\n`);
    const refused = await importText(text).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CatalogueError);
    expect(String((refused as Error).message)).toMatch(/onsales\[0\]\.admission\.rate_per_minute \(line \d+\): must be a whole number from 1 to 1000000/);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('changes nothing when an on-sale breaks a rule', async () => {
    const snapshot = createSnapshotter(database.db);
    const before = await snapshot();
    const text = withOnsales(`  - { code: NWF27-BAD, event: NWF27, opens_at: "2027-01-15T10:00:00+01:00", products: [NWF27-NOTHING], admission: { rate_per_minute: 60 } }\n`);
    await expect(importText(text)).rejects.toThrow(CatalogueError);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});
