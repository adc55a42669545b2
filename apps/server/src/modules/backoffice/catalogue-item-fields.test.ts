import { type english, productFieldMessages, rateFieldMessages, staffApi, staffCatalogueMessages as texts, variantMessages } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { staffCall } from '../../../test/staff-call';
import { DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { shopItems, taxRates } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-item-fields-secret-of-32-chars';
const DEMO_TEXT = readFileSync(DEMO_CATALOGUE, 'utf8');

/**
 * An item's fields beyond its price and stock changed in the back office (issue 37 point 1): an
 * add-on's required products (decision 0104), checked with the importer's rule, and whether it is
 * featured; refused by field in the member's language with nothing changed; audited; in the shop at
 * once; marked, so that an import keeps them until the file wins; written by the export.
 */
describe.each(testEngines())('an item’s required products and featured flag in the back office on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  beforeAll(async () => {
    ({ shop, admin } = await openBackOfficeShop(engine, { secret: SECRET, name: 'item-fields', other: 'box_office' }));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const change = (code: string, changes: Record<string, unknown>) => staffCall(shop.app, 'catalogue-change-item', { code, changes }, admin);
  const row = async (code: string) => (await db().select().from(shopItems).where(eq(shopItems.externalCode, code)))[0]!;
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const inGerman = async (code: string, changes: Record<string, unknown>) => {
    const answer = await staffCall(shop.app, 'catalogue-change-item', { code, changes }, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> } };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  const upload = async (text: string, fileWins: boolean) => {
    const answer = await staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines: text.split(/\r?\n/), check_only: false, file_wins: fileWins }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['catalogue-upload'].answer.parse(answer.body);
  };
  const download = async () => parseCatalogue(staffApi['catalogue-download'].answer.parse((await staffCall(shop.app, 'catalogue-download', {}, admin)).body).content, 'download.yaml');

  it('refuses required products the importer refuses, by code in the member’s language, and changes nothing', async () => {
    // A product of another event is not the add-on's to require.
    const event = await staffCall(shop.app, 'catalogue-create-event', { event: { code: 'OTHER27', name: 'Other festival', timezone: 'Europe/Amsterdam' }, from: null }, admin);
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    const other = await staffCall(shop.app, 'catalogue-create-item', { item: { kind: 'product', code: 'OTHER27-TICKET', event: 'OTHER27', type: 'ticket', name: 'Other ticket', price: 1000, tax: 'low' }, from: null }, admin);
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
      ['NWF27-PARKING', { requires: ['NWF27-WEEKEND', 'NWF27-PARKING'] }, 'changes.requires.1', variantMessages.requiresSelf],
      ['NWF27-PARKING', { requires: ['NWF27-NOPE'] }, 'changes.requires.0', variantMessages.requiresUnknown('NWF27-NOPE')],
      // Merchandise is no product, and another event's product is not this event's.
      ['NWF27-PARKING', { requires: ['NWF27-WEEKEND', 'NWF27-TEE-LINEUP'] }, 'changes.requires.1', variantMessages.requiresUnknown('NWF27-TEE-LINEUP')],
      ['NWF27-PARKING', { requires: ['OTHER27-TICKET'] }, 'changes.requires.0', variantMessages.requiresUnknown('OTHER27-TICKET')],
      ['NWF27-POSTER', { requires: ['NWF27-WEEKEND'] }, 'changes.requires', texts.requiresProductsOnly],
    ];
    for (const [code, changes, field, text] of cases) {
      const answer = await inGerman(code, changes);
      expect([answer.status, answer.body.errors?.[field]], `${JSON.stringify(changes)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
    }
    // The schema's own rule: a code as the file writes one.
    expect((await change('NWF27-PARKING', { requires: ['not a code'] })).status).toBe(422);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('sets an add-on’s required products and the featured flag: audited, marked, in the shop at once, kept by an import until the file wins, and exported', async () => {
    const answer = await change('NWF27-PARKING', { requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'], featured: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'], featured: true, changed_here: expect.arrayContaining(['requires', 'featured']) });
    expect(await row('NWF27-PARKING')).toMatchObject({ requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'], isFeatured: true });
    expect(await lastAudit('item:NWF27-PARKING')).toMatchObject({
      action: 'catalogue.change',
      before: { requires: 'none', featured: 'false' },
      after: { requires: '["NWF27-WEEKEND","NWF27-DAY-SAT"]', featured: 'true' },
    });
    // The shop sells it with its requirement at once.
    const shopItem = await shop.call('get-shop-item', { external_code: 'NWF27-PARKING' });
    expect(shopItem.body.item).toMatchObject({ requires: [{ external_code: 'NWF27-WEEKEND' }, { external_code: 'NWF27-DAY-SAT' }], is_featured: true });
    // The export writes them as the file does.
    expect((await download()).products.find((product) => product.code === 'NWF27-PARKING')).toMatchObject({ requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'], featured: true });

    // An import of the file (which requires nothing and features nothing) keeps them, and says so.
    const kept = await upload(DEMO_TEXT, false);
    expect(kept.kept).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'NWF27-PARKING', field: 'requires', file_value: 'none' }), expect.objectContaining({ code: 'NWF27-PARKING', field: 'featured', file_value: 'false' })]));
    expect(await row('NWF27-PARKING')).toMatchObject({ requires: ['NWF27-WEEKEND', 'NWF27-DAY-SAT'], isFeatured: true });

    // None required again: null, as the file leaves it out.
    expect((await change('NWF27-PARKING', { requires: [] })).status).toBe(200);
    expect(await row('NWF27-PARKING')).toMatchObject({ requires: null });
    expect((await inGerman('NWF27-PARKING', { requires: null })).body.message).toBe(de(texts.nothingToChange));

    // The file wins when told.
    await change('NWF27-PARKING', { requires: ['NWF27-WEEKEND'] });
    await upload(DEMO_TEXT, true);
    expect(await row('NWF27-PARKING')).toMatchObject({ requires: null, isFeatured: false, backOfficeFields: [] });
  });

  it('changes an item’s tax rate to one that exists and is not archived, until a unit is sold; audited by code, marked, exported', async () => {
    await db().update(taxRates).set({ archived: true }).where(eq(taxRates.externalCode, 'high'));
    try {
      const before = await snapshot();
      for (const [code, changes, text] of [
        ['NWF27-LOCKER', { tax: 'none-such' }, productFieldMessages.noTax('none-such')],
        ['NWF27-CAMPING', { tax: 'high' }, rateFieldMessages.taxArchived('high')],
      ] as const) {
        const answer = await inGerman(code, changes);
        expect([answer.status, answer.body.errors?.['changes.tax']]).toEqual([422, [de(text)]]);
      }
      expect(changedTables(before, await snapshot())).toEqual([]);
    } finally {
      await db().update(taxRates).set({ archived: false }).where(eq(taxRates.externalCode, 'high'));
    }
    const answer = await change('NWF27-LOCKER', { tax: 'low' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.item).toMatchObject({ tax: 'low', changed_here: expect.arrayContaining(['tax']) });
    expect(await lastAudit('item:NWF27-LOCKER')).toMatchObject({ action: 'catalogue.change', before: { tax: 'high' }, after: { tax: 'low' } });
    expect((await download()).products.find((product) => product.code === 'NWF27-LOCKER')).toMatchObject({ tax: 'low' });
    const kept = await upload(DEMO_TEXT, false);
    expect(kept.kept).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'NWF27-LOCKER', field: 'tax', shop_value: 'low', file_value: 'high' })]));
    expect((await download()).products.find((product) => product.code === 'NWF27-LOCKER')).toMatchObject({ tax: 'low' });

    // Once a unit is sold, its invoices and credit notes read the item's rate: the rate stays.
    await db().update(shopItems).set({ sold: 1 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
    try {
      const before = await snapshot();
      const refused = await inGerman('NWF27-LOCKER', { tax: 'high' });
      expect([refused.status, refused.body.errors?.['changes.tax']]).toEqual([422, [de(texts.taxSold)]]);
      expect(changedTables(before, await snapshot())).toEqual([]);
      // The rate it has is no change, sold or not.
      expect((await inGerman('NWF27-LOCKER', { tax: 'low' })).body.message).toBe(de(texts.nothingToChange));
    } finally {
      await db().update(shopItems).set({ sold: 0 }).where(eq(shopItems.externalCode, 'NWF27-LOCKER'));
    }
  });

  it('changes a merchandise group’s shared fields on its variants in the same transaction, in one audit entry naming them; a variant’s own edit keeps to its stock and sale', async () => {
    // A label in another language, as the file gives it; one in a language the shop does not offer is refused at it.
    const before = await snapshot();
    const klingon = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-HOODIE', variant: { code: 'NWF27-HOODIE-XS', label: 'XS', translations: { tlh: { label: 'XS' } } } }, admin);
    expect([klingon.status, Object.keys(klingon.body.errors ?? {})]).toEqual([422, ['variant.translations.tlh']]);
    expect(changedTables(before, await snapshot())).toEqual([]);
    for (const [code, label] of [['NWF27-HOODIE-M', 'M'], ['NWF27-HOODIE-L', 'L']] as const) {
      const added = await staffCall(shop.app, 'catalogue-add-variant', { code: 'NWF27-HOODIE', variant: { code, label, stock: 5, on_sale: true, translations: { de: { label: `${label}-de` } } } }, admin);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(await row(code)).toMatchObject({ variantLabels: { de: `${label}-de` } });
    }
    expect(await lastAudit('item:NWF27-HOODIE')).toMatchObject({ action: 'catalogue.add-variant', after: { code: 'NWF27-HOODIE-L', labels: { de: 'L-de' } } });
    const answer = await change('NWF27-HOODIE', { price: 4321, name: 'Crew hoodie', translations: { de: { name: 'Crew-Hoodie' } }, featured: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    for (const [code, label] of [['NWF27-HOODIE-M', 'M'], ['NWF27-HOODIE-L', 'L']] as const) {
      expect(await row(code)).toMatchObject({ price: 4321, isFeatured: true, name: `Crew hoodie – ${label}`, translations: { de: { name: `Crew-Hoodie – ${label}-de` } }, stock: 5, backOfficeFields: [] });
      const sold = await shop.call('get-shop-item', { external_code: code });
      expect(sold.body.item).toMatchObject({ price: 4321, name: `Crew hoodie – ${label}` });
    }
    expect(await lastAudit('item:NWF27-HOODIE')).toMatchObject({ action: 'catalogue.change', after: { price: '4321', variants: ['NWF27-HOODIE-M', 'NWF27-HOODIE-L'] } });
    // A variant's stock and sale are its own; the rest is its group's, refused at the field.
    const unchanged = await snapshot();
    const refused = await inGerman('NWF27-HOODIE-M', { stock: 9, price: 100 });
    expect([refused.status, refused.body.errors?.['changes.price']]).toEqual([422, [de(texts.variantShared)]]);
    expect(changedTables(unchanged, await snapshot())).toEqual([]);
    expect((await change('NWF27-HOODIE-M', { stock: 9, on_sale: false })).status).toBe(200);
    expect(await row('NWF27-HOODIE-M')).toMatchObject({ stock: 9, onSale: false, price: 4321 });
  });
});
