import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { api, english, staffVariantMessages } from '@festival/contract';
import { translatorFor } from '../../lib/language';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../env';
import { testEngines } from '../../../test/databases';
import { checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { DEMO_CATALOGUE, createTestShop, TEST_HOLD_LIMITS, type TestShop } from '../../../test/test-shop';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { shopItems, staffAudit } from '../../db/schema';
import { importCatalogue, importCatalogueWith, parseCatalogue } from './catalogue-import';
import { catalogueYaml, exportLiveCatalogue } from './catalogue-export';
import { timeLimit } from '../../../test/time-limits';

const DEMO_DIR = path.dirname(DEMO_CATALOGUE);
const LAST_UNITS = 3;
const BUYERS = 24;

/** A T-shirt in four sizes (XL sold out) and a festival bus only for holders of a weekend or Saturday ticket, beside the demo. */
const ADDED = `
merchandise:
  - code: NWF27-TEE-SIZES
    type: shirt
    name: Sizes tee
    price: 2500
    tax: high
    translations:
      de: { name: Größen-Shirt }
    variants:
      - { code: NWF27-TEE-S, label: S, stock: 10 }
      - { code: NWF27-TEE-M, label: M, stock: ${LAST_UNITS}, translations: { de: { label: Mittel } } }
      - { code: NWF27-TEE-L, label: L }
      - { code: NWF27-TEE-XL, label: XL, stock: 0 }
products:
  - code: NWF27-BUS
    event: NWF27
    type: bus
    name: Festival bus
    price: 900
    tax: low
    requires: [NWF27-WEEKEND, NWF27-DAY-SAT]
    translations:
      de: { name: Festivalbus }
`;

/**
 * Merchandise variants and add-ons' required products (issue 37 point 1, decision 0104) over HTTP:
 * the listing shows one card per group with its variants, an add takes the chosen variant's own
 * stock (and never oversells its last units under a race of buyers on PostgreSQL), the group is
 * not sold itself; an add-on is refused, naming what it needs, in the request's language, without
 * one of its required products for the same holder, and accepted with one in the cart.
 */
describe.each(testEngines())('variants and required products on %s', (engine) => {
  let shop: TestShop;
  let second: { app: FastifyInstance; database: Database } | undefined;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { catalogMaxAgeMs: 0 } });
    // The demo's file with the entries added: a file is checked as a whole.
    const demo = YAML.parse(readFileSync(DEMO_CATALOGUE, 'utf8')) as { products: unknown[]; merchandise: unknown[] };
    const added = YAML.parse(ADDED) as typeof demo;
    await importCatalogue(shop.database.db, parseCatalogue(YAML.stringify({ ...demo, products: [...demo.products, ...added.products], merchandise: [...demo.merchandise, ...added.merchandise] }), 'added.yaml'), DEMO_DIR);
    if (shop.database.url) {
      const database = await openDatabase({ url: shop.database.url, poolSize: 30 });
      const app = await buildApp({ db: database.db, config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), holdLimits: TEST_HOLD_LIMITS, catalogMaxAgeMs: 0 });
      await app.ready();
      second = { app, database };
    }
  }, timeLimit(120_000));
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await shop?.close();
  });

  const row = async (code: string) => (await shop.database.db.select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const post = (app: FastifyInstance, call: string, payload: Record<string, unknown>, language = 'en') =>
    app
      .inject({ method: 'POST', url: `/api/${call}`, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': language }, payload: JSON.stringify(payload) })
      .then((response) => ({ status: response.statusCode, body: response.json() }));

  it('lists a group as one card with its variants, each with its availability, in the reader’s language', async () => {
    const data = api['get-data'].answer.parse((await shop.call('get-data', { token: null })).body).data;
    const codes = data.merchandise.map((item) => item.external_code);
    expect(codes).toContain('NWF27-TEE-SIZES');
    expect(codes.filter((code) => code.startsWith('NWF27-TEE-') && code !== 'NWF27-TEE-LINEUP' && code !== 'NWF27-TEE-SUNRISE')).toEqual(['NWF27-TEE-SIZES']);
    const item = api['get-shop-item'].answer.parse((await shop.call('get-shop-item', { external_code: 'NWF27-TEE-SIZES' })).body).item;
    expect(item.variants).toEqual([
      expect.objectContaining({ external_code: 'NWF27-TEE-S', label: 'S', in_stock: true, stock_level: 10 }),
      expect.objectContaining({ external_code: 'NWF27-TEE-M', label: 'M', in_stock: true, stock_level: LAST_UNITS }),
      expect.objectContaining({ external_code: 'NWF27-TEE-L', label: 'L', in_stock: true, stock_level: null }),
      expect.objectContaining({ external_code: 'NWF27-TEE-XL', label: 'XL', in_stock: false, stock_level: 0 }),
    ]);
    expect(item).toMatchObject({ in_stock: true, stock_level: null });
    const german = await post(shop.app, 'get-shop-item', { external_code: 'NWF27-TEE-SIZES' }, 'de');
    expect(german.body.item.name).toBe('Größen-Shirt');
    expect(german.body.item.variants.map((variant: { label: string }) => variant.label)).toEqual(['S', 'Mittel', 'L', 'XL']);
  });

  it('adds the chosen variant from its own stock, named with its label, and never the group itself', async () => {
    const group = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-SIZES' });
    expect(group.status).toBe(409);
    expect(group.body.message).toBe('Choose a size or variant of Sizes tee first.');
    const before = await row('NWF27-TEE-S');
    const added = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-S' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.cart.merchandise).toEqual([expect.objectContaining({ merchandise: { name: 'Sizes tee – S', external_code: 'NWF27-TEE-S' }, price: 2500 })]);
    expect((await row('NWF27-TEE-S')).held).toBe(before.held + 1);
    expect((await row('NWF27-TEE-M')).held).toBe(0);
    expect((await row('NWF27-TEE-SIZES')).held).toBe(0);
    const german = await post(shop.app, 'add-merchandise-to-cart', { external_code: 'NWF27-TEE-M' }, 'de');
    expect(german.body.cart.merchandise[0].merchandise.name).toBe('Größen-Shirt – Mittel');
    const soldOut = await shop.call('add-merchandise-to-cart', { external_code: 'NWF27-TEE-XL' });
    expect(soldOut.status).toBe(409);
    // Given back, so the race below starts from the variant's whole stock.
    await post(shop.app, 'remove-merchandise-from-cart', { cart: german.body.cart.code, cart_merchandise_id: german.body.cart.merchandise[0].id });
    expect((await row('NWF27-TEE-M')).held).toBe(0);
  });

  it('sells the last units of a variant to exactly as many buyers, racing over two instances on PostgreSQL', async () => {
    // On PGlite (one connection) the race is the same buyers in turn, on one instance.
    const apps = second ? [shop.app, second.app] : [shop.app];
    const answers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => post(apps[index % apps.length]!, 'add-merchandise-to-cart', { external_code: 'NWF27-TEE-M' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(LAST_UNITS);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(BUYERS - LAST_UNITS);
    const m = await row('NWF27-TEE-M');
    expect(m.held + m.sold).toBe(LAST_UNITS);
    expect((await row('NWF27-TEE-S')).held).toBeLessThanOrEqual(1);
  });

  it('refuses an add-on without one of its required products for that holder, naming them, in the reader’s language', async () => {
    const alone = await shop.call('add-product-to-cart', { external_code: 'NWF27-BUS', full_name: 'Ada Lovelace', email: 'ada@example.org' });
    expect(alone.status).toBe(409);
    expect(alone.body.message).toBe('Festival bus can only be bought with one of Weekend ticket, Day ticket Saturday for Ada Lovelace: add it for the same person first.');
    const german = await post(shop.app, 'add-product-to-cart', { external_code: 'NWF27-BUS', full_name: 'Ada Lovelace', email: 'ada@example.org' }, 'de');
    expect(german.status).toBe(409);
    expect(german.body.message).toContain('Festivalbus');
    expect(german.body.message).toContain('Ada Lovelace');
    expect(german.body.message).not.toContain('can only be bought');
    expect((await row('NWF27-BUS')).held).toBe(0);
  });

  it('accepts the add-on with a required product in the cart for the same holder, not for another', async () => {
    const ticket = await shop.call('add-product-to-cart', { external_code: 'NWF27-DAY-SAT', full_name: 'Grace Hopper', email: 'grace@example.org', age: shop.config.ageRanges[0] });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const cart = ticket.body.cart.code as string;
    const other = await shop.call('add-product-to-cart', { cart, external_code: 'NWF27-BUS', full_name: 'Alan Turing', email: 'alan@example.org' });
    expect(other.status).toBe(409);
    const same = await shop.call('add-product-to-cart', { cart, external_code: 'NWF27-BUS', full_name: '  grace   HOPPER ', email: 'grace@example.org' });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.cart.products.map((line: { product: { external_code: string } }) => line.product.external_code)).toEqual(['NWF27-DAY-SAT', 'NWF27-BUS']);
  });

  it('accepts the add-on for a holder who already owns a required ticket, and refuses a checkout whose ticket left the cart', async () => {
    const buyer = await createCustomer(shop);
    const ticket = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', full_name: 'Katherine Johnson', email: 'katherine@example.org', age: shop.config.ageRanges[0] });
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    const bought = await shop.call('checkout-cart', checkoutPayload(buyer.token, ticket.body.cart.code));
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    // A new cart: the weekend ticket is owned, not in it.
    const bus = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-BUS', full_name: 'Katherine Johnson', email: 'katherine@example.org' });
    expect(bus.status, JSON.stringify(bus.body)).toBe(200);
    const stranger = await shop.call('add-product-to-cart', { token: buyer.token, cart: bus.body.cart.code, external_code: 'NWF27-BUS', full_name: 'Dorothy Vaughan', email: 'dorothy@example.org' });
    expect(stranger.status).toBe(409);

    const other = await createCustomer(shop);
    const saturday = await shop.call('add-product-to-cart', { token: other.token, external_code: 'NWF27-DAY-SAT', full_name: 'Mary Jackson', email: 'mary@example.org', age: shop.config.ageRanges[0] });
    const cart = saturday.body.cart.code as string;
    const addOn = await shop.call('add-product-to-cart', { token: other.token, cart, external_code: 'NWF27-BUS', full_name: 'Mary Jackson', email: 'mary@example.org' });
    expect(addOn.status, JSON.stringify(addOn.body)).toBe(200);
    await shop.call('remove-product-from-cart', { token: other.token, cart, cart_product_id: saturday.body.cart.products[0].id });
    const refused = await post(shop.app, 'checkout-cart', checkoutPayload(other.token, cart), 'de');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Festivalbus');
    expect(refused.body.message).toContain('Mary Jackson');
  });

  it('adds a variant in the back office: audited, in the shop at once, a taken code refused at the field; the item editor changes its stock', async () => {
    const admin = (await signedInStaff(shop.app, shop.database.db, { email: 'variants.admin@example.org', role: 'admin' })).cookie;
    const taken = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-TEE-SIZES', variant: { code: 'NWF27-TEE-S', label: 'XS' } }, admin);
    expect(taken.status).toBe(422);
    expect(taken.body.errors['variant.code'][0]).toContain('"NWF27-TEE-S" is the code of another item');
    const ticket = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-WEEKEND', variant: { code: 'NWF27-WEEKEND-XS', label: 'XS' } }, admin);
    expect(ticket.status).toBe(422);
    expect(ticket.body.errors.code).toEqual(['Only merchandise has sizes or variants.']);

    const added = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-TEE-SIZES', variant: { code: 'NWF27-TEE-XXL', label: 'XXL', stock: 5 } }, admin);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.item).toMatchObject({ code: 'NWF27-TEE-XXL', name: 'Sizes tee – XXL', variant_of: 'NWF27-TEE-SIZES', variant_label: 'XXL', stock: 5, price: 2500 });
    const [audit] = await shop.database.db.select().from(staffAudit).where(eq(staffAudit.action, 'catalogue.add-variant'));
    expect(audit).toMatchObject({ target: 'item:NWF27-TEE-SIZES', after: { code: 'NWF27-TEE-XXL', label: 'XXL', stock: 5, on_sale: true } });
    const item = api['get-shop-item'].answer.parse((await shop.call('get-shop-item', { external_code: 'NWF27-TEE-SIZES' })).body).item;
    expect(item.variants?.map((variant) => variant.label)).toContain('XXL');
    expect((await post(shop.app, 'get-shop-item', { external_code: 'NWF27-TEE-XXL' }, 'de')).body.item.name).toBe('Größen-Shirt – XXL');

    const restocked = await staffCall(shop.app, 'catalogue-change-item', { code: 'NWF27-TEE-XXL', changes: { stock: 8 } }, admin);
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
    const overview = await staffCall(shop.app, 'catalogue-overview', {}, admin);
    expect(overview.body.items.find((view: { code: string }) => view.code === 'NWF27-TEE-XXL')).toMatchObject({ variant_of: 'NWF27-TEE-SIZES', stock: 8, changed_here: ['stock'] });
    expect(overview.body.items.find((view: { code: string }) => view.code === 'NWF27-BUS')).toMatchObject({ requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'] });
  });

  it('gives a group’s own stock up to its first variant; its stock is then refused by the editor and by a file, and the export imports back', async () => {
    const admin = (await signedInStaff(shop.app, shop.database.db, { email: 'variants.stock@example.org', role: 'admin' })).cookie;
    expect((await row('NWF27-TEE-LINEUP')).stock).toBe(400);
    const added = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-TEE-LINEUP', variant: { code: 'NWF27-TEE-LINEUP-M', label: 'M', stock: 50 } }, admin);
    expect([added.status, added.body.message], JSON.stringify(added.body)).toEqual([200, english(staffVariantMessages.addedStockMoved(400))]);
    expect(await row('NWF27-TEE-LINEUP')).toMatchObject({ stock: null, backOfficeFields: expect.arrayContaining(['stock']) });
    const audits = await shop.database.db.select().from(staffAudit).where(eq(staffAudit.action, 'catalogue.add-variant'));
    expect(audits.find((audit) => (audit.after as { code?: string }).code === 'NWF27-TEE-LINEUP-M')).toMatchObject({ before: { group_stock: 400 }, after: { group_stock: null, stock: 50 } });
    // A second variant finds no stock of the group's to give up.
    const second = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-TEE-LINEUP', variant: { code: 'NWF27-TEE-LINEUP-L', label: 'L', stock: 40 } }, admin);
    expect(second.body.message).toBe(english(staffVariantMessages.added));

    // The editor refuses the group a stock of its own, in the reader's language, and changes nothing.
    const refused = await staffCall(shop.app, 'catalogue-change-item', { code: 'NWF27-TEE-LINEUP', changes: { stock: 100, price: 9900 } }, admin, 'de');
    expect([refused.status, refused.body.errors?.['changes.stock']]).toEqual([422, [translatorFor('de').format(staffVariantMessages.groupStock)]]);
    expect(await row('NWF27-TEE-LINEUP')).toMatchObject({ stock: null });
    expect((await row('NWF27-TEE-LINEUP')).price).not.toBe(9900);
    // A variant's own stock is still the editor's.
    expect((await staffCall(shop.app, 'catalogue-change-item', { code: 'NWF27-TEE-LINEUP-M', changes: { stock: 60 } }, admin)).status).toBe(200);

    // The live catalogue's file checks and imports back as it is.
    const written = catalogueYaml((await exportLiveCatalogue(shop.database.db)).catalogue);
    const exported = parseCatalogue(written, 'export.yaml');
    const group = exported.merchandise.find((item) => item.code === 'NWF27-TEE-LINEUP')!;
    expect([group.stock ?? null, group.variants?.map((variant) => [variant.code, variant.stock])]).toEqual([null, [['NWF27-TEE-LINEUP-M', 60], ['NWF27-TEE-LINEUP-L', 40]]]);
    // A file that gives the group its stock back without its variants keeps the shop's (the back office's change) ...
    const demo = YAML.parse(readFileSync(DEMO_CATALOGUE, 'utf8')) as { merchandise: { code: string; stock?: number }[] };
    expect(demo.merchandise.find((item) => item.code === 'NWF27-TEE-LINEUP')?.stock).toBe(400);
    const again = await importCatalogueWith(shop.database.db, parseCatalogue(YAML.stringify(demo), 'demo.yaml'), { file: 'demo.yaml', images: { folder: DEMO_DIR } });
    expect(again.kept).toContainEqual(expect.objectContaining({ code: 'NWF27-TEE-LINEUP', field: 'stock' }));
    expect((await row('NWF27-TEE-LINEUP')).stock).toBeNull();
    // ... and, when the file wins, is refused at the group's stock: its variants are in the shop.
    await expect(importCatalogueWith(shop.database.db, parseCatalogue(YAML.stringify(demo), 'demo.yaml'), { file: 'demo.yaml', images: { folder: DEMO_DIR }, fileWins: true })).rejects.toThrow(/stock.*is given per variant when the item has variants \(it has variants in the shop\)/s);
    expect((await row('NWF27-TEE-LINEUP')).stock).toBeNull();
  });

  it('refuses a file whose variants or required products do not add up, by field', () => {
    const stock = 'merchandise:\n  - { code: CAP, type: cap, name: Cap, price: 1500, tax: high, stock: 10, variants: [{ code: CAP-ONE, label: One size }] }\n';
    expect(() => parseCatalogue(stock, 'stock.yaml')).toThrow(/stock.*is given per variant when the item has variants/s);
    const requires = 'products:\n  - { code: BUS2, event: NWF27, type: bus, name: Bus, price: 900, tax: low, requires: [BUS2, NOPE] }\n';
    expect(() => parseCatalogue(requires, 'requires.yaml')).toThrow(/a product cannot require itself.*no product of this event has the code "NOPE"/s);
  });
});
