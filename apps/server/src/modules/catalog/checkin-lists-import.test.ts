import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { DEMO_CATALOGUE } from '../../../test/test-shop';
import * as schema from '../../db/schema';
import { listCheckinLists } from '../checkin/checkin-lists.queries';
import { CatalogueError, importCatalogue, parseCatalogue } from './catalogue-import';

const demoDir = path.dirname(DEMO_CATALOGUE);
const demoText = readFileSync(DEMO_CATALOGUE, 'utf8');

/** The demo catalogue with its check-in lists replaced by these (YAML list items). */
function withLists(lists: string): string {
  const at = demoText.indexOf('\ncheckin_lists:\n');
  expect(at).toBeGreaterThan(0);
  return `${demoText.slice(0, at)}\ncheckin_lists:\n${lists}`;
}

describe.each(testEngines())('check-in lists imported from the catalogue on %s', (engine) => {
  let database: TestDatabase;
  const importText = async (text: string) => importCatalogue(database.db, parseCatalogue(text, 'changed.yaml'), demoDir, 'changed.yaml');
  const summaryOf = async () =>
    (await listCheckinLists(database.db)).map((list) => ({
      code: list.code,
      active: list.active,
      entry: list.entry,
      products: list.products.map((product) => product.externalCode),
    }));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('imports the demo catalogue with its lists, each with its products, by event and code', async () => {
    const summary = await importText(demoText);
    expect(summary.checkinLists).toBe(5);
    const lists = await listCheckinLists(database.db);
    expect(lists.map((list) => list.code)).toEqual(['NWF27-CAMPING', 'NWF27-COACH-UTR', 'NWF27-ENTRANCE', 'NWF27-PARKING', 'NWF27-SHUTTLE-AMS']);
    expect(lists.find((list) => list.code === 'NWF27-ENTRANCE')).toMatchObject({
      name: 'Festival entrance',
      eventCode: 'NWF27',
      eventName: 'Northwind Festival 2027',
      entry: 'alternating',
      opensAt: new Date('2027-06-18T09:00:00Z'),
      closesAt: new Date('2027-06-21T00:00:00Z'),
      gates: ['North', 'South'],
      active: true,
      dayCutoverMinutes: 360,
      // The Saturday ticket on its own day (the product's days), the weekend tickets every day.
      products: [
        { externalCode: 'NWF27-WEEKEND', name: 'Weekend ticket', type: 'ticket', days: null },
        { externalCode: 'NWF27-DAY-SAT', name: 'Day ticket Saturday', type: 'ticket', days: ['2027-06-19'] },
        { externalCode: 'NWF27-WEEKEND-PLAN', name: 'Weekend ticket (pay in 4)', type: 'ticket', days: null },
      ],
    });
    expect(lists.find((list) => list.code === 'NWF27-SHUTTLE-AMS')).toMatchObject({
      entry: 'single',
      opensAt: null,
      closesAt: null,
      boardingBeforeMinutes: 30,
      boardingAfterMinutes: 15,
      products: [{ externalCode: 'NWF27-SHUTTLE', type: 'transport' }],
    });
    expect((await summaryOf()).find((list) => list.code === 'NWF27-CAMPING')?.products).toEqual(['NWF27-CAMPING', 'NWF27-GLAMPING']);
  });

  it('imports the same file again without changing a list', async () => {
    const before = await summaryOf();
    const rows = await database.db.select({ id: schema.checkinLists.id, code: schema.checkinLists.code }).from(schema.checkinLists);
    await importText(demoText);
    expect(await summaryOf()).toEqual(before);
    expect(await database.db.select({ id: schema.checkinLists.id, code: schema.checkinLists.code }).from(schema.checkinLists)).toEqual(expect.arrayContaining(rows));
    expect(await database.db.$count(schema.checkinListProducts)).toBe(8);
  });

  it('updates a changed list, replaces its products, and switches off a list the file no longer has', async () => {
    const [entrance] = await database.db.select().from(schema.checkinLists).where(eq(schema.checkinLists.code, 'NWF27-ENTRANCE'));
    await importText(
      withLists(`  - code: NWF27-ENTRANCE
    event: NWF27
    name: Main entrance
    products: [{ product: NWF27-DAY-SAT, days: every }, { product: NWF27-LOCKER, days: [2027-06-20, 2027-06-19] }]
    opens_at: 2027-06-18T10:00:00+02:00
    boarding: { before_minutes: 60, after_minutes: 0 }
    day_cutover: "04:30"
    gates: [East]
  - { code: NWF27-SHUTTLE-AMS, event: NWF27, name: Shuttle from Amsterdam, products: [NWF27-SHUTTLE] }
`),
    );
    const lists = await listCheckinLists(database.db);
    expect(lists.find((list) => list.code === 'NWF27-ENTRANCE')).toMatchObject({
      id: entrance!.id,
      name: 'Main entrance',
      entry: 'single',
      opensAt: new Date('2027-06-18T08:00:00Z'),
      closesAt: null,
      boardingBeforeMinutes: 60,
      boardingAfterMinutes: 0,
      gates: ['East'],
      active: true,
      dayCutoverMinutes: 270,
      // The list's own days win over the product's: every day for the Saturday ticket, two days (in order) for the locker.
      products: [
        { externalCode: 'NWF27-DAY-SAT', name: 'Day ticket Saturday', type: 'ticket', days: null },
        { externalCode: 'NWF27-LOCKER', name: 'Locker (weekend)', type: 'locker', days: ['2027-06-19', '2027-06-20'] },
      ],
    });
    const [updated] = await database.db.select().from(schema.checkinLists).where(eq(schema.checkinLists.id, entrance!.id));
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(entrance!.updatedAt.getTime());
    // Check-ins refer to a list: the removed ones stay, switched off, with their products.
    expect(await summaryOf()).toEqual([
      { code: 'NWF27-CAMPING', active: false, entry: 'alternating', products: ['NWF27-CAMPING', 'NWF27-GLAMPING'] },
      { code: 'NWF27-COACH-UTR', active: false, entry: 'single', products: ['NWF27-COACH-UTR'] },
      { code: 'NWF27-ENTRANCE', active: true, entry: 'single', products: ['NWF27-DAY-SAT', 'NWF27-LOCKER'] },
      { code: 'NWF27-PARKING', active: false, entry: 'alternating', products: ['NWF27-PARKING'] },
      { code: 'NWF27-SHUTTLE-AMS', active: true, entry: 'single', products: ['NWF27-SHUTTLE'] },
    ]);
  });

  it('switches a list back on when the file has it again', async () => {
    await importText(demoText);
    const lists = await summaryOf();
    expect(lists.every((list) => list.active)).toBe(true);
    expect(lists.find((list) => list.code === 'NWF27-ENTRANCE')?.products).toEqual(['NWF27-WEEKEND', 'NWF27-DAY-SAT', 'NWF27-WEEKEND-PLAN']);
  });

  it('changes nothing when a list is invalid, not even the rest of the file', async () => {
    const snapshot = createSnapshotter(database.db);
    const before = await snapshot();
    const changed = withLists('  - { code: NWF27-MERCH, event: NWF27, name: Merchandise desk, products: [NWF27-TOTE] }\n').replace(
      /(- code: NWF27-LOCKER\n(?:.*\n)*?\s+price: )1800/,
      '$11950',
    );
    expect(changed).toContain('price: 1950');
    const line = changed.split('\n').indexOf('  - { code: NWF27-MERCH, event: NWF27, name: Merchandise desk, products: [NWF27-TOTE] }') + 1;
    expect(line).toBeGreaterThan(1);
    await expect(importText(changed)).rejects.toThrow(CatalogueError);
    await expect(importText(changed)).rejects.toMatchObject({
      problems: [`checkin_lists[0].products[0] (line ${line}): “NWF27-TOTE” is merchandise; a check-in list admits products (tickets, add-ons, transport) only`],
    });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('rolls back the whole import when the database refuses a list (one transaction)', async () => {
    const snapshot = createSnapshotter(database.db);
    const before = await snapshot();
    const catalogue = parseCatalogue(demoText.replace(/(- code: NWF27-LOCKER\n(?:.*\n)*?\s+price: )1800/, '$11950'), 'changed.yaml');
    // Past the file's checks on purpose: the window constraint of the table refuses it at the very end.
    catalogue.checkin_lists[4]!.closes_at = '2020-01-01T00:00:00Z';
    catalogue.checkin_lists[4]!.opens_at = '2021-01-01T00:00:00Z';
    await expect(importCatalogue(database.db, catalogue, demoDir)).rejects.toThrow();
    expect(changedTables(before, await snapshot())).toEqual([]);
    const [locker] = await database.db.select({ price: schema.shopItems.price }).from(schema.shopItems).where(eq(schema.shopItems.externalCode, 'NWF27-LOCKER'));
    expect(locker!.price).toBe(1800);
  });
});
