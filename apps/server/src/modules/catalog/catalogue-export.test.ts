import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { catalogueCreateItemPayload } from '@festival/contract';
import { and, eq } from 'drizzle-orm';
import { QUESTION_KINDS, questionDefinition, type QuestionDefinitionInput } from '@festival/contract';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedCatalogueText } from '../../../test/catalogue-generator';
import { readCatalogueState } from '../../../test/catalogue-state';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { DEMO_CATALOGUE } from '../../../test/test-shop';
import { openDatabase } from '../../db/client';
import { events, shopItems, travelTimes } from '../../db/schema';
import { REPO_ROOT } from '../../env';
import { createCheckinListAdmin } from '../checkin/checkin-lists.service';
import { createRateAdmin } from '../backoffice/rates.service';
import { createCatalogueAdmin } from '../backoffice/catalogue.service';
import type { CatalogReader } from './catalog-snapshot';
import type { CatalogueChecker } from './catalogue-checker';
import { changesAnything } from './catalogue-diff';
import { catalogueYaml, writeCatalogueExport } from './catalogue-export';
import { questionColumns, upsertQuestion } from './questions.queries';
import { importCatalogue, importCatalogueWith, parseCatalogue, readCatalogueFile, type ImportOptions } from './catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const ZONE = 'Europe/Amsterdam';
const DEMO_DIR = path.dirname(DEMO_CATALOGUE);
const DEMO_TEXT = readFileSync(DEMO_CATALOGUE, 'utf8');
/** An on-sale for the demo (it has none): a cap with a ramp and a proof of work, exported as they are. */
const DEMO_ONSALE = `
onsales:
  - code: NWF27-PRESALE
    event: NWF27
    opens_at: 2026-12-01T10:00:00+01:00
    room_opens_minutes_before: 45
    products: [NWF27-WEEKEND, NWF27-TEE-LINEUP]
    admission: { max_active: 1500, rate_per_minute: 400 }
    proof_of_work: { bits: 12 }
`;

/**
 * The demo with a T-shirt in sizes (one translated, one off sale) and an add-on that requires the
 * weekend or Saturday ticket (decision 0104): exported as they are.
 */
function demoWithVariants(text: string): string {
  const demo = YAML.parse(text) as { products: Record<string, unknown>[]; merchandise: Record<string, unknown>[] };
  demo.merchandise.push({
    code: 'NWF27-TEE-SIZES',
    type: 'shirt',
    name: 'Sizes tee',
    price: 2500,
    tax: 'high',
    translations: { de: { name: 'Größen-Shirt' } },
    variants: [
      { code: 'NWF27-TEE-S', label: 'S', stock: 10 },
      { code: 'NWF27-TEE-M', label: 'M', stock: 3, translations: { de: { label: 'Mittel' } } },
      { code: 'NWF27-TEE-XL', label: 'XL', on_sale: false },
    ],
  });
  demo.products.push({ code: 'NWF27-BUS', event: 'NWF27', type: 'bus', name: 'Festival bus', price: 900, tax: 'low', requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'] });
  return YAML.stringify(demo);
}

/** Every file under a folder (by its path there) with its bytes. */
function filesOf(dir: string): Record<string, Buffer> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const full = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, full), readFileSync(full)] as const;
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

async function exportTo(db: TestDatabase['db'], dir: string) {
  const file = path.join(dir, 'catalogue.yaml');
  const live = await writeCatalogueExport(db, file, { timezone: ZONE });
  return { file, text: readFileSync(file, 'utf8'), live };
}

/** Imports a catalogue file as the command does, asking what it changes. */
async function importFile(db: TestDatabase['db'], file: string, options: Partial<ImportOptions> = {}) {
  return importCatalogueWith(db, parseCatalogue(readFileSync(file, 'utf8'), file), { file, images: { folder: path.dirname(file) }, diff: { timezone: ZONE }, ...options });
}

/** A catalogue text in a folder of its own, beside the demo's images. */
function catalogueFolder(root: string, name: string, text: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  symlinkSync(path.join(DEMO_DIR, 'images'), path.join(dir, 'images'));
  writeFileSync(path.join(dir, 'catalogue.yaml'), text);
  return path.join(dir, 'catalogue.yaml');
}

/**
 * The catalogue file works both ways (issue 37 point 7, decision 0095): the live catalogue exported
 * (back-office changes as they are live) imports into an empty shop as the same catalogue, and its
 * export is the same bytes; the shop it came from imports it without a change; a dry run tells what
 * an import would change and changes nothing. On the demo catalogue and on a generated large one.
 */
describe.each(testEngines())('the catalogue file both ways on %s', (engine) => {
  let source: TestDatabase;
  let work: string;
  let first: Awaited<ReturnType<typeof exportTo>>;
  beforeAll(async () => {
    source = await createTestDatabase(engine, 'demo');
    await importCatalogue(source.db, parseCatalogue(demoWithVariants(DEMO_TEXT + DEMO_ONSALE), 'demo.yaml'), DEMO_DIR);
    work = mkdtempSync(path.join(tmpdir(), 'shop-catalogue-export-'));
  }, timeLimit(120_000));
  afterAll(async () => {
    await source?.destroy();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const mark = async (code: string, values: Partial<typeof shopItems.$inferInsert>) => db().update(shopItems).set(values).where(eq(shopItems.externalCode, code));
  const db = () => source.db;

  it('exports the live catalogue, back-office changes as they are: an empty shop imports it to the same catalogue and exports the same bytes', async () => {
    // Changes made in the back office: kept by imports, and what the shop sells now.
    await mark('NWF27-LOCKER', { price: 1950, backOfficeFields: ['price'] });
    await mark('NWF27-WEEKEND', { name: 'Weekend pass', translations: { de: { name: 'Wochenendticket', description: '<p>Drei Tage Musik.</p>' }, nl: { name: 'Weekendkaart' } }, backOfficeFields: ['name', 'translations'] });
    await db().update(events).set({ translations: { nl: { name: 'Noordenwind Festival 2027' } }, backOfficeFields: ['translations'] }).where(eq(events.externalCode, 'NWF27'));
    const [shuttle] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-SHUTTLE'));
    const [departure] = await db().select().from(travelTimes).where(and(eq(travelTimes.shopItemId, shuttle!.id), eq(travelTimes.seats, 60)));
    await db().update(travelTimes).set({ seats: 75, seatsSetHere: true }).where(eq(travelTimes.id, departure!.id));
    // Check-in lists made and changed in the back office (decision 0097): the file has them as they are.
    const lists = createCheckinListAdmin({ db: db(), now: () => new Date() });
    const actor = { commandLine: true } as const;
    await lists.save(actor, { id: null, list: { code: 'NWF27-VIP', event: 'NWF27', name: 'VIP entrance', products: [{ product: 'NWF27-WEEKEND', days: 'every' }, { product: 'NWF27-DAY-SAT', days: ['2027-06-19'] }], day_cutover: 300, entry: 'alternating', opens_at: '2027-06-18T10:00:00+02:00', closes_at: null, boarding: { before_minutes: 30, after_minutes: 15 }, gates: ['VIP gate'] } });
    const entrance = (await lists.overview()).lists.find((view) => view.list.code === 'NWF27-ENTRANCE')!;
    await lists.save(actor, { id: entrance.id, list: { ...entrance.list, day_cutover: 360, gates: ['North', 'South', 'East'] } });

    // Tax and shipping rates made, changed and archived in the back office (decision 0101).
    const rates = createRateAdmin({ db: db(), config: { currency: 'EUR' }, catalog: { invalidate: () => undefined } });
    await rates.saveTaxRate(actor, { code: null, tax_rate: { code: 'zero', name: 'VAT 0%', rate: 0, archived: false } });
    await rates.saveTaxRate(actor, { code: 'zero', tax_rate: { code: 'zero', name: 'VAT 0% (old)', rate: 0, archived: true } });
    await rates.saveTaxRate(actor, { code: 'low', tax_rate: { code: 'low', name: 'VAT 9.5%', rate: 9.5, archived: false } });
    await rates.saveShippingRate(actor, { country: 'AT', shipping_rate: { country: 'AT', name: 'Österreichische Post', type: 'express', price: 1495, archived: true } });
    await rates.saveShippingRate(actor, { country: null, shipping_rate: { country: 'IT', name: 'Poste Italiane', type: 'standard', price: 1395, archived: false } });

    // An event made and archived in the back office: the file has it, archived.
    const catalogue = createCatalogueAdmin({ db: db(), config: { currency: 'EUR', timezone: 'Europe/Amsterdam', languages: ['en'] }, catalog: { invalidate: () => undefined } as unknown as CatalogReader, now: () => new Date(), checker: undefined as unknown as CatalogueChecker });
    await catalogue.createEvent(actor, { event: { code: 'NWF26', name: 'Northwind Festival 2026', timezone: 'Europe/Amsterdam', starts_at: '2026-06-19T12:00:00+02:00', age_range_active: false, credit_card_active: true, bank_transfer_active: false, bank_transfer_countries: [], archived: false }, from: 'NWF27' });
    await catalogue.archiveEvent(actor, { code: 'NWF26', archived: true });
    // An item made and archived, and a departure added, in the back office (decision 0103): the file has them as they are.
    await catalogue.createItem(actor, catalogueCreateItemPayload.parse({ item: { kind: 'merchandise', code: 'NWF27-CAP', type: 'cap', name: 'Festival cap', price: 1800, tax: 'high', stock: 50 } }));
    await catalogue.archiveItem(actor, { code: 'NWF27-CAP', archived: true });
    await catalogue.addDeparture(actor, { code: 'NWF27-SHUTTLE', time: '2027-06-18T23:30:00+02:00', seats: 30 });

    // Product questions of every kind (decision 0106), with translations, limits and one archived.
    const [weekend] = await db().select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const asked: QuestionDefinitionInput[] = [
      { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small', translations: { de: { label: 'Klein' } } }, { code: 'm', label: 'Medium' }], translations: { nl: { label: 'T-shirtmaat' }, de: { label: 'T-Shirt-Größe' } } },
      { code: 'diet', kind: 'multi', label: 'Dietary needs', options: [{ code: 'vegan', label: 'Vegan' }, { code: 'gluten', label: 'No gluten' }], at_gate: true },
      { code: 'company', kind: 'text', label: 'Company', per: 'order', max_length: 80 },
      { code: 'kids', kind: 'number', label: 'Children', min: 0, max: 4 },
      { code: 'arrival', kind: 'date', label: 'Arrival', earliest: '2027-06-17', latest: '2027-06-20' },
      { code: 'camper', kind: 'yes_no', label: 'Camper van', archived: true },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(db(), questionColumns(questionDefinition.parse(question), weekend!.id, sort));

    first = await exportTo(db(), path.join(work, 'first'));
    const exported = parseCatalogue(first.text, 'first.yaml');
    expect(exported.events.find((event) => event.code === 'NWF26')).toMatchObject({ archived: true, starts_at: '2026-06-19T12:00:00+02:00' });
    expect(exported.tax_rates.map((rate) => [rate.code, rate.rate, rate.archived])).toEqual([['high', 21, false], ['low', 9.5, false], ['zero', 0, true]]);
    expect(exported.merchandise.find((item) => item.code === 'NWF27-CAP')).toMatchObject({ archived: true, stock: 50 });
    expect(exported.shipping_rates.find((rate) => rate.country === 'AT')).toEqual({ country: 'AT', name: 'Österreichische Post', type: 'express', price: 1495, archived: true });
    const product = (code: string) => exported.products.find((entry) => entry.code === code);
    expect(product('NWF27-LOCKER')?.price).toBe(1950);
    expect(product('NWF27-WEEKEND')).toMatchObject({ name: 'Weekend pass', translations: { de: { name: 'Wochenendticket' }, nl: { name: 'Weekendkaart' } } });
    expect(product('NWF27-SHUTTLE')?.transport?.travel_times.map((time) => time.seats)).toContain(75);
    expect(product('NWF27-WEEKEND')?.questions.map((question) => questionDefinition.parse(question))).toEqual(asked.map((question) => questionDefinition.parse(question)));
    expect(first.text).toMatch(/^ {6}- code: size\n {8}kind: choice\n/m);
    expect(first.text).toContain('- { code: s, label: Small, translations: { de: { label: Klein } } }');
    // The Saturday ticket's day is the product's again, as the demo writes it; the on-sale as written.
    expect(product('NWF27-DAY-SAT')?.days).toEqual(['2027-06-19']);
    expect(exported.checkin_lists.find((list) => list.code === 'NWF27-VIP')).toMatchObject({ name: 'VIP entrance', entry: 'alternating', day_cutover: 300, gates: ['VIP gate'] });
    expect(exported.checkin_lists.find((list) => list.code === 'NWF27-ENTRANCE')?.gates).toEqual(['North', 'South', 'East']);
    expect(exported.onsales).toEqual([expect.objectContaining({ code: 'NWF27-PRESALE', room_opens_minutes_before: 45, admission: { max_active: 1500, rate_per_minute: 400 }, proof_of_work: { bits: 12 } })]);
    // Times on the event's clock, defaults left out, images beside the file as the import reads them.
    expect(first.text).toContain('starts_at: 2027-06-18T12:00:00+02:00');
    expect(first.text).not.toMatch(/^\s+(fee: 0|featured: false|on_sale: true|force_view: false|description: "")$/m);
    expect(first.live.images.map((image) => image.name)).toContain('images/weekend-ticket.webp');
    expect(Object.keys(filesOf(path.join(work, 'first'))).filter((name) => name.startsWith('images/'))).toHaveLength(first.live.images.length);

    const fresh = await createTestDatabase(engine);
    try {
      const imported = await importFile(fresh.db, first.file);
      expect(imported.kept).toEqual([]);
      expect(await readCatalogueState(fresh.db)).toEqual(await readCatalogueState(db()));
      const second = await exportTo(fresh.db, path.join(work, 'second'));
      expect(second.text).toBe(first.text);
      expect(filesOf(path.join(work, 'second'))).toEqual(filesOf(path.join(work, 'first')));
    } finally {
      await fresh.destroy();
    }
  }, timeLimit(120_000));

  it('imports its own export without a change and without keeping a back-office change: the marked fields are the file’s again', async () => {
    const before = await readCatalogueState(db());
    const { kept, diff } = await importFile(db(), first.file);
    expect(kept).toEqual([]);
    expect(changesAnything(diff!.sections)).toBe(false);
    expect(diff!.sections.find((section) => section.section === 'products')).toMatchObject({ added_count: 0, changed_count: 0, unchanged: 10 });
    expect(diff!.handed_back).toEqual(
      expect.arrayContaining([
        { code: 'NWF27', field: 'translations' },
        { code: 'NWF27-LOCKER', field: 'price' },
        { code: 'NWF27-WEEKEND', field: 'name' },
        { code: 'NWF27-SHUTTLE', field: expect.stringMatching(/^seats@/) },
      ]),
    );
    expect(await readCatalogueState(db())).toEqual(before);
    expect((await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-LOCKER')))[0]).toMatchObject({ price: 1950, backOfficeFields: [] });
  }, timeLimit(60_000));

  it('tells what an import would change, by section and code, and the back-office changes it would keep or replace, changing nothing; the import then does just that', async () => {
    await mark('NWF27-LOCKER', { price: 2100, backOfficeFields: ['price'] });
    const file = YAML.parse(first.text) as Record<string, Record<string, unknown>[]>;
    const entry = (section: string, code: string) => file[section]!.find((candidate) => (candidate.code ?? candidate.country) === code)!;
    entry('products', 'NWF27-PARKING').stock = 900;
    entry('products', 'NWF27-LOCKER').price = 1800;
    entry('products', 'NWF27-WEEKEND').refund = { ...(entry('products', 'NWF27-WEEKEND').refund as object), fee: 1500 };
    file.products!.push({ ...entry('products', 'NWF27-LOCKER'), code: 'NWF27-LOCKER-XL', name: 'Large locker', price: 2400 });
    entry('events', 'NWF27').translations = { nl: { name: 'Noordwind Festival 2027' } };
    file.checkin_lists = file.checkin_lists!.filter((list) => list.code !== 'NWF27-PARKING');
    file.vouchers!.push({ code: 'NEW5', name: 'Five off', discount_amount: 500 });
    entry('shipping_rates', 'NL').price = 595;
    const changed = path.join(work, 'first', 'changed.yaml');
    writeFileSync(changed, YAML.stringify(file));

    const snapshot = createSnapshotter(db());
    const before = await snapshot();
    const dry = await importFile(db(), changed, { checkOnly: true });
    expect(changedTables(before, await snapshot())).toEqual([]);
    const section = (name: string) => dry.diff!.sections.find((entry) => entry.section === name)!;
    expect(section('products')).toMatchObject({
      added: ['NWF27-LOCKER-XL'],
      changed: [
        { code: 'NWF27-WEEKEND', fields: [{ field: 'refund.fee', live: '1000', file: '1500' }] },
        { code: 'NWF27-PARKING', fields: [{ field: 'stock', live: '800', file: '900' }] },
      ],
      unchanged: 8,
    });
    expect(section('events').changed).toEqual([{ code: 'NWF27', fields: [{ field: 'translations.nl.name', live: 'Noordenwind Festival 2027', file: 'Noordwind Festival 2027' }] }]);
    // The demo's four lists left and the one made in the back office (NWF27-VIP).
    expect(section('checkin_lists')).toMatchObject({ switched_off: ['NWF27-PARKING'], switched_off_count: 1, unchanged: 5 });
    expect(section('vouchers')).toMatchObject({ added: ['NEW5'], changed: [] });
    expect(section('shipping_rates').changed).toEqual([{ code: 'NL', fields: [{ field: 'price', live: '495', file: '595' }] }]);
    expect(section('onsales')).toMatchObject({ added_count: 0, changed_count: 0, unchanged: 1 });
    // The locker's price set here is kept (no change), or replaced when the file wins.
    expect(dry.kept).toEqual([{ code: 'NWF27-LOCKER', field: 'price', shop_value: '2100', file_value: '1800' }]);
    const wins = await importFile(db(), changed, { checkOnly: true, fileWins: true });
    expect(wins.diff!.sections.find((entry) => entry.section === 'products')!.changed).toContainEqual({ code: 'NWF27-LOCKER', fields: [{ field: 'price', live: '2100', file: '1800' }] });
    expect(changedTables(before, await snapshot())).toEqual([]);

    const done = await importFile(db(), changed);
    expect(done.diff).toEqual(dry.diff);
    expect(done.kept).toEqual(dry.kept);
    const again = await importFile(db(), changed, { checkOnly: true });
    expect(changesAnything(again.diff!.sections)).toBe(false);
  }, timeLimit(60_000));

  it('round-trips a generated large catalogue: 20 events, 800 products of every type with questions of every kind, merchandise, vouchers, lists, on-sales, two more languages', async () => {
    // Sized for CI's two cores beside the other layers (the generator's defaults, 50 events and 2,000 products, round-trip the same way).
    const generated = catalogueFolder(work, 'generated', generatedCatalogueText({ events: 20, merchandise: 100, vouchers: 150 }));
    const catalogue = readCatalogueFile(generated);
    expect([catalogue.events.length, catalogue.products.length, catalogue.merchandise.length, catalogue.vouchers.length]).toEqual([20, 800, 100, 150]);
    expect(new Set(catalogue.products.map((product) => product.type))).toEqual(new Set(['ticket', 'transport', 'camping', 'parking', 'locker', 'glamping']));
    // Price tiers by moment and by units on products, by units on merchandise (decision 0099).
    expect(catalogue.products.filter((product) => product.tiers?.some((tier) => tier.until) && product.tiers.some((tier) => tier.units)).length).toBeGreaterThan(100);
    expect(catalogue.merchandise.filter((item) => item.tiers).length).toBeGreaterThan(10);
    // Questions of every kind (decision 0106), per ticket and per order, translated, some archived.
    const asked = catalogue.products.flatMap((product) => product.questions ?? []);
    expect(new Set(asked.map((question) => question.kind))).toEqual(new Set(QUESTION_KINDS));
    expect([asked.some((question) => question.per === 'order'), asked.some((question) => question.archived), asked.some((question) => question.options.some((option) => option.translations?.de))]).toEqual([true, true, true]);
    expect(catalogue.products.filter((product) => product.questions?.length).length).toBe(200);
    const a = await createTestDatabase(engine);
    const b = await createTestDatabase(engine);
    try {
      await importFile(a.db, generated);
      const exported = await exportTo(a.db, path.join(work, 'large-a'));
      await importFile(b.db, exported.file);
      expect(await readCatalogueState(b.db)).toEqual(await readCatalogueState(a.db));
      const again = await exportTo(b.db, path.join(work, 'large-b'));
      expect(again.text === exported.text).toBe(true);
      expect(catalogueYaml(again.live.catalogue)).toBe(again.text);
      // Its own export changes nothing in the shop it came from.
      const dry = await importFile(a.db, exported.file, { checkOnly: true });
      expect(changesAnything(dry.diff!.sections)).toBe(false);
      expect(dry.diff!.sections.find((section) => section.section === 'products')!.unchanged).toBe(800);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  }, timeLimit(300_000));
});

/** The organiser's commands, run as processes: `export` and `import --dry-run` print what they did and would do. */
describe.each(testEngines())('npm run catalog -- export and import --dry-run on %s', (engine) => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let close: () => Promise<void>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-catalogue-cli-'));
    if (engine === 'postgres') {
      const database = await createTestDatabase(engine, 'demo');
      if (!database.imported) await importCatalogue(database.db, readCatalogueFile(DEMO_CATALOGUE), DEMO_DIR);
      env = { ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url };
      close = () => database.destroy();
    } else {
      // The command opens the embedded database from DATA_DIR: one process at a time.
      const database = await openDatabase({ dataDir: path.join(dir, 'data', 'pglite') });
      await database.migrate();
      await importCatalogue(database.db, readCatalogueFile(DEMO_CATALOGUE), DEMO_DIR);
      await database.close();
      env = { ...process.env, NODE_ENV: 'test', DATA_DIR: path.join(dir, 'data') };
      delete env.DATABASE_URL;
      close = async () => {};
    }
  }, timeLimit(120_000));
  afterAll(async () => {
    await close?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const catalog = async (...argv: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/catalog.ts'), ...argv], { cwd: REPO_ROOT, env, encoding: 'utf8' });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout + failed.stderr };
    }
  };

  it('exports the catalogue with its images, prints a dry run’s changes without making them, and imports its own export as no change', async () => {
    const file = path.join(dir, 'out', 'catalogue.yaml');
    const exported = await catalog('export', file, '--images', path.join(dir, 'out', 'pictures'));
    expect(exported, exported.stdout).toMatchObject({ code: 0 });
    expect(exported.stdout).toMatch(/Exported the catalogue of .+ 1 events, 2 tax rates, 9 products, 5 merchandise items, 3 vouchers, 6 shipping rates, 5 check-in lists, 0 on-sales; 19 images beside it\./);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('- pictures/weekend-ticket.webp');
    expect(readdirSync(path.join(dir, 'out', 'pictures'))).toHaveLength(19);

    const changed = path.join(dir, 'out', 'changed.yaml');
    writeFileSync(changed, text.replace(/(- code: NWF27-PARKING\n(?:.*\n)*?\s+stock: )800/, '$1900'));
    const dry = await catalog('import', changed, '--dry-run');
    expect(dry, dry.stdout).toMatchObject({ code: 0 });
    expect(dry.stdout).toContain('would change this (nothing was changed)');
    expect(dry.stdout).toContain('  products: 0 added, 1 changed, 8 unchanged\n    changed NWF27-PARKING:\n      stock: 800 → 900\n');
    // Nothing was changed: the export imports as no change (a stock of 900 would be changed back).
    const same = await catalog('import', file);
    expect(same, same.stdout).toMatchObject({ code: 0 });
    expect(same.stdout).toContain('The file changes nothing in the catalogue.');
    expect((await catalog('export', file, '--images', path.join(dir, 'elsewhere'))).stdout).toMatch(/must lie inside the catalogue's folder/);
    expect((await catalog('import', file, '--dry-run', '--dry-run')).code).toBe(2);
  }, timeLimit(180_000));
});
