import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, english, getShopItemAnswer, PRELOAD_ELEMENT_ID, staffApi, staffCatalogueMessages } from '@festival/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { cartWith, checkoutPayload, createCustomer, NL_ADDRESS } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { events, merchandisePurchases, orders, shopItems, staffAudit, tickets } from '../../db/schema';
import { importCatalogue, importCatalogueWith, readCatalogueFile } from './catalogue-import';

/**
 * Issue 36 point 5: the catalogue's own texts per language (decision 0094). A test-only copy of
 * the demo catalogue with German (and a Dutch name) instead of the demo's own translations is
 * imported into a shop that speaks English, German, Dutch and French: the shop answers each in the
 * request's language, the default's text where a language has none; an order copies the names in
 * its language.
 */
describe.each(testEngines())('the catalogue’s texts in the request’s language on %s', (engine) => {
  let shop: TestShop;
  let webRoot: string;
  const file = () => {
    // The demo's file speaks the seven languages of its shop; this copy has only the texts below.
    const catalogue = readCatalogueFile(DEMO_CATALOGUE);
    for (const entry of [...catalogue.events, ...catalogue.products, ...catalogue.merchandise]) delete entry.translations;
    catalogue.events.find((event) => event.code === 'NWF27')!.translations = { de: { name: 'Nordwind-Festival 2027' } };
    catalogue.products.find((product) => product.code === 'NWF27-WEEKEND')!.translations = {
      de: { name: 'Wochenendticket', description: '<p onclick="steal()">Drei Tage Musik.</p>' },
      nl: { name: 'Weekendkaart' },
    };
    catalogue.merchandise.find((item) => item.code === 'NWF27-TEE-LINEUP')!.translations = { de: { name: 'Line-up-T-Shirt' } };
    return catalogue;
  };
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'catalogue-languages-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title><!--shop-title--></title><!--shop-preload--><!--shop-config--></head><body><div id="root"></div></body></html>');
    shop = await createTestShop(engine, { catalogue: false, config: { languages: ['en', 'de', 'nl', 'fr'] }, webRoot, app: { catalogMaxAgeMs: 0 } });
    await importCatalogue(shop.database.db, file(), path.dirname(DEMO_CATALOGUE));
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const post = async (apiPath: string, payload: unknown, language?: string) => {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${apiPath}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...(language ? { 'accept-language': language } : {}) },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const item = async (code: string, language?: string) => {
    const answer = await post('get-shop-item', { external_code: code }, language);
    expect(answer.status).toBe(200);
    return getShopItemAnswer.parse(answer.body).item;
  };

  it('stores the translations with the entries, sanitised as the default language’s, and an import again changes nothing', async () => {
    const rows = async () => ({
      items: await shop.database.db.select({ code: shopItems.externalCode, translations: shopItems.translations }).from(shopItems).where(inArray(shopItems.externalCode, ['NWF27-WEEKEND', 'NWF27-TEE-LINEUP', 'NWF27-PARKING'])).orderBy(shopItems.externalCode),
      event: (await shop.database.db.select({ translations: events.translations }).from(events).where(eq(events.externalCode, 'NWF27')))[0],
    });
    const stored = await rows();
    expect(stored.event).toEqual({ translations: { de: { name: 'Nordwind-Festival 2027' } } });
    expect(stored.items).toEqual([
      { code: 'NWF27-PARKING', translations: null },
      { code: 'NWF27-TEE-LINEUP', translations: { de: { name: 'Line-up-T-Shirt' } } },
      { code: 'NWF27-WEEKEND', translations: { de: { name: 'Wochenendticket', description: '<p>Drei Tage Musik.</p>' }, nl: { name: 'Weekendkaart' } } },
    ]);
    await importCatalogue(shop.database.db, file(), path.dirname(DEMO_CATALOGUE));
    expect(await rows()).toEqual(stored);
  });

  it('answers get-shop-item in the request’s language, the default’s text where it has none', async () => {
    expect(await item('NWF27-WEEKEND', 'de-DE,de;q=0.9')).toMatchObject({ name: 'Wochenendticket', shop_description: '<p>Drei Tage Musik.</p>', event: 'Nordwind-Festival 2027' });
    const dutch = await item('NWF27-WEEKEND', 'nl');
    const english = await item('NWF27-WEEKEND', 'en');
    expect(dutch).toMatchObject({ name: 'Weekendkaart', event: 'Northwind Festival 2027' });
    // No Dutch description: the default language's.
    expect(dutch.shop_description).toBe(english.shop_description);
    expect(english).toMatchObject({ name: 'Weekend ticket', event: 'Northwind Festival 2027' });
    // French has no text at all, and a language the shop does not offer gets the default's.
    expect(await item('NWF27-WEEKEND', 'fr')).toEqual(english);
    expect(await item('NWF27-WEEKEND', 'pl')).toEqual(english);
    expect(await item('NWF27-WEEKEND')).toEqual(english);
    // An item without translations: its own texts, with its event's name in the language.
    expect(await item('NWF27-PARKING', 'de')).toMatchObject({ name: 'Car park pass (weekend)', event: 'Nordwind-Festival 2027' });
  });

  it('lists the shop’s items in the request’s language (get-data)', async () => {
    const data = async (language?: string) => api['get-data'].answer.parse((await post('get-data', { token: null }, language)).body).data;
    const german = await data('de');
    expect(german.products.find((product) => product.external_code === 'NWF27-WEEKEND')?.name).toBe('Wochenendticket');
    expect(german.merchandise.find((merchandise) => merchandise.external_code === 'NWF27-TEE-LINEUP')?.name).toBe('Line-up-T-Shirt');
    const french = await data('fr');
    expect(french.products.find((product) => product.external_code === 'NWF27-WEEKEND')?.name).toBe('Weekend ticket');
    expect(french.merchandise.find((merchandise) => merchandise.external_code === 'NWF27-TEE-LINEUP')?.name).toBe('Line-up T-shirt');
    // The same snapshot's answer is made once per language: asked again, the same text.
    expect(await data('de')).toEqual(german);
    expect((await data()).products.find((product) => product.external_code === 'NWF27-WEEKEND')?.name).toBe('Weekend ticket');
  });

  it('puts the page’s language into the answers preloaded in the page', async () => {
    const page = async (language: string) => {
      const response = await shop.app.inject({ method: 'GET', url: '/tickets/NWF27-WEEKEND', headers: { 'accept-language': language } });
      expect(response.statusCode).toBe(200);
      const json = new RegExp(`<script id="${PRELOAD_ELEMENT_ID}" type="application/json">(.*?)</script>`, 's').exec(response.body)?.[1];
      return JSON.parse(json!.replace(/\\u003c/g, '<')) as { 'get-data': { data: { products: { external_code: string; name: string }[] } }; 'get-shop-item': { answer: { item: { name: string } } } };
    };
    const german = await page('de');
    expect(german['get-shop-item'].answer.item.name).toBe('Wochenendticket');
    expect(german['get-data'].data.products.find((product) => product.external_code === 'NWF27-WEEKEND')?.name).toBe('Wochenendticket');
    expect((await page('fr'))['get-shop-item'].answer.item.name).toBe('Weekend ticket');
  });

  it('names the cart’s lines in the request’s language, and its data too', async () => {
    const buyer = await createCustomer(shop);
    const added = await post('add-product-to-cart', { token: null, external_code: 'NWF27-WEEKEND', full_name: 'Hanna Holder', email: 'hanna@example.org', age: '25-34' }, 'de');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.cart.products[0].product).toMatchObject({ name: 'Wochenendticket', event: 'Nordwind-Festival 2027' });
    expect(added.body.data.products.find((product: { external_code: string }) => product.external_code === 'NWF27-WEEKEND').name).toBe('Wochenendticket');
    const shirt = await post('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-TEE-LINEUP' }, 'de');
    expect(shirt.status, JSON.stringify(shirt.body)).toBe(200);
    expect(shirt.body.cart.merchandise[0].merchandise.name).toBe('Line-up-T-Shirt');
    expect(shirt.body.data.merchandise.find((item: { external_code: string }) => item.external_code === 'NWF27-TEE-LINEUP').name).toBe('Line-up-T-Shirt');
    const french = await post('get-cart', { token: buyer.token, cart: shirt.body.cart.code }, 'fr');
    expect(french.body.cart.merchandise[0].merchandise.name).toBe('Line-up T-shirt');
  });

  it('copies the product names into an order in its language', async () => {
    const order = async (language: string) => {
      const buyer = await createCustomer(shop);
      const cart = await cartWith(shop, buyer.token, ['NWF27-WEEKEND', 'NWF27-PARKING'], ['NWF27-TEE-LINEUP']);
      const checkout = await post('checkout-cart', checkoutPayload(buyer.token, cart, { shipping_name: 'Bea Buyer', shipping_country: 'NL', shipping_address: NL_ADDRESS }), language);
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
      const [row] = await shop.database.db.select({ id: orders.id, language: orders.language }).from(orders).where(eq(orders.code, checkout.body.order.code));
      const names = await shop.database.db.select({ name: tickets.productName }).from(tickets).where(eq(tickets.orderId, row!.id));
      const purchases = await shop.database.db.select({ name: merchandisePurchases.name }).from(merchandisePurchases).where(eq(merchandisePurchases.orderId, row!.id));
      return { language: row!.language, tickets: names.map((ticket) => ticket.name).sort(), merchandise: purchases.map((purchase) => purchase.name) };
    };
    expect(await order('de')).toEqual({ language: 'de', tickets: ['Car park pass (weekend)', 'Wochenendticket'], merchandise: ['Line-up-T-Shirt'] });
    expect(await order('fr')).toEqual({ language: 'fr', tickets: ['Car park pass (weekend)', 'Weekend ticket'], merchandise: ['Line-up T-shirt'] });
  });

  it('saves the names and descriptions the back office gives per language: shoppers read them at once, and an import keeps them until the file wins', async () => {
    const admin = (await signedInStaff(shop.app, shop.database.db, { email: 'catalogue.texts@example.org', role: 'admin' })).cookie;
    const change = (changes: Record<string, unknown>) => staffCall(shop.app, 'catalogue-change-item', { code: 'NWF27-PARKING', changes }, admin);
    const saved = await change({ translations: { de: { name: 'Parkausweis (Wochenende)', description: '<p>Parken <script>x()</script>am Gelände.</p>' }, nl: { name: '  ' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const item = staffApi['catalogue-change-item'].answer.parse(saved.body).item;
    // Sanitised as the default language's; a language with only empty texts is left out.
    expect(item.translations).toEqual({ de: { name: 'Parkausweis (Wochenende)', description: '<p>Parken am Gelände.</p>' } });
    expect(item.changed_here).toEqual(['translations']);
    expect(await item_('de')).toMatchObject({ name: 'Parkausweis (Wochenende)', shop_description: '<p>Parken am Gelände.</p>' });
    expect((await item_('nl')).name).toBe('Car park pass (weekend)');
    // The default language's own name is the item's name.
    expect((await change({ name: 'Car park (weekend)' })).status).toBe(200);
    expect((await item_('fr')).name).toBe('Car park (weekend)');
    expect((await item_('de')).name).toBe('Parkausweis (Wochenende)');
    // A language the shop does not offer, or its default, is refused by field; nothing changes.
    for (const code of ['pl', 'en']) {
      const refused = await change({ translations: { [code]: { name: 'X' } } });
      expect([refused.status, refused.body.errors?.[`changes.translations.${code}`]]).toEqual([422, [english(staffCatalogueMessages.notALanguage)]]);
    }
    // The file has no German for the item: an import keeps the back office's (and says so) until the file wins.
    const kept = await importCatalogueWith(shop.database.db, file(), { images: { folder: path.dirname(DEMO_CATALOGUE) } });
    expect(kept.kept.map((change) => change.field).sort()).toEqual(['name', 'translations']);
    expect((await item_('de')).name).toBe('Parkausweis (Wochenende)');
    await importCatalogueWith(shop.database.db, file(), { images: { folder: path.dirname(DEMO_CATALOGUE) }, fileWins: true });
    expect((await item_('de')).name).toBe('Car park pass (weekend)');
  });
  it('reports a text in a language the shop does not offer in an uploaded file at its line', async () => {
    const admin = (await signedInStaff(shop.app, shop.database.db, { email: 'catalogue.upload@example.org', role: 'admin' })).cookie;
    // The demo's own file, in all seven languages, to a shop of four: each Spanish, Polish and Arabic text of its 15 entries is a problem.
    const lines = readFileSync(DEMO_CATALOGUE, 'utf8').split('\n');
    const weekend = lines.indexOf('  - code: NWF27-WEEKEND');
    const line = lines.findIndex((candidate, index) => index > weekend && candidate === '      pl:') + 1;
    expect([weekend, line].every((found) => found > 0)).toBe(true);
    const answer = await staffCall(shop.app, 'catalogue-upload', { file_name: 'catalogue.yaml', lines, check_only: true }, admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const problems = staffApi['catalogue-upload'].answer.parse(answer.body).problems;
    expect(problems).toContainEqual({ line, field: 'products[0].translations.pl', message: 'the shop does not offer pl (languages: en, de, nl, fr)' });
    expect(problems).toHaveLength(3 * 15);
    expect(new Set(problems.map((problem) => /\.translations\.([a-z]+)$/.exec(problem.field)?.[1]))).toEqual(new Set(['es', 'pl', 'ar']));
  });

  it('saves an event’s name per language from the back office: shoppers read it at once in theirs, the audit has it, and an import keeps it until the file wins', async () => {
    const db = shop.database.db;
    const admin = (await signedInStaff(shop.app, db, { email: 'catalogue.events@example.org', role: 'admin' })).cookie;
    const desk = (await signedInStaff(shop.app, db, { email: 'catalogue.events.desk@example.org', role: 'box_office' })).cookie;
    const staffPost = async (apiPath: string, payload: unknown, cookie: string, language?: string) => {
      const response = await shop.app.inject({
        method: 'POST',
        url: `/api/staff/${apiPath}`,
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie, ...(language ? { 'accept-language': language } : {}) },
        payload: JSON.stringify(payload),
      });
      return { status: response.statusCode, body: response.json(), language: response.headers['content-language'] };
    };
    const change = (changes: Record<string, unknown>, options: { code?: string; cookie?: string; language?: string } = {}) =>
      staffPost('catalogue-change-event', { code: options.code ?? 'NWF27', changes }, options.cookie ?? admin, options.language);
    const stored = async () => (await db.select({ name: events.name, translations: events.translations, marks: events.backOfficeFields }).from(events).where(eq(events.externalCode, 'NWF27')))[0]!;
    const eventName = async (language: string) => (await item('NWF27-WEEKEND', language)).event;
    const listed = async (language: string) => {
      const answer = await post(`get-data?lang=${language}`, { token: null });
      return api['get-data'].answer.parse(answer.body).data.products.find((product) => product.external_code === 'NWF27-WEEKEND')?.event;
    };
    const audits = async () => db.select().from(staffAudit).where(eq(staffAudit.target, 'event:NWF27')).orderBy(desc(staffAudit.id));

    // The overview carries the event's texts: its own name and its translations from the file.
    const overview = staffApi['catalogue-overview'].answer.parse((await staffPost('catalogue-overview', {}, admin)).body);
    expect(overview.events.find((event) => event.code === 'NWF27')).toMatchObject({ name: 'Northwind Festival 2027', translations: { de: { name: 'Nordwind-Festival 2027' } }, changed_here: [] });
    const before = await stored();

    // Admins only: another role is refused, and nothing changes.
    const refused = await change({ translations: { de: { name: 'Nordwind 2027' } } }, { cookie: desk });
    expect(refused.status).toBe(403);
    expect(await stored()).toEqual(before);

    // The German name changed, a Dutch one given (trimmed): each language reads its own at once, English and French the default's.
    const saved = await change({ translations: { de: { name: 'Nordwind-Festival 2027 (Sommer)' }, nl: { name: '  Noordenwind Festival 2027 ' } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const answer = staffApi['catalogue-change-event'].answer.parse(saved.body);
    expect(answer.message).toBe(english(staffCatalogueMessages.saved));
    expect(answer.event).toMatchObject({ code: 'NWF27', name: 'Northwind Festival 2027', translations: { de: { name: 'Nordwind-Festival 2027 (Sommer)' }, nl: { name: 'Noordenwind Festival 2027' } }, changed_here: ['translations'] });
    expect(await eventName('de')).toBe('Nordwind-Festival 2027 (Sommer)');
    expect(await listed('de')).toBe('Nordwind-Festival 2027 (Sommer)');
    expect(await eventName('nl')).toBe('Noordenwind Festival 2027');
    expect(await eventName('en')).toBe('Northwind Festival 2027');
    expect(await listed('en')).toBe('Northwind Festival 2027');
    expect(await eventName('fr')).toBe('Northwind Festival 2027');
    const [audit] = await audits();
    expect(audit).toMatchObject({
      actor: 'catalogue.events@example.org',
      action: 'catalogue.change-event',
      before: { translations: JSON.stringify({ de: { name: 'Nordwind-Festival 2027' } }) },
      after: { translations: JSON.stringify({ de: { name: 'Nordwind-Festival 2027 (Sommer)' }, nl: { name: 'Noordenwind Festival 2027' } }) },
    });

    // Refused in the request's language, by field, and nothing changes: a language the shop does not offer, its default
    // language as a translation, a blank default name, an unknown event; the same name again is no change.
    const changed = await stored();
    const auditCount = (await audits()).length;
    for (const code of ['pl', 'en']) {
      const foreign = await change({ translations: { [code]: { name: 'X' } } }, { language: 'de' });
      expect([foreign.status, foreign.language, foreign.body.errors?.[`changes.translations.${code}`]]).toEqual([422, 'de', ['Diese Sprache bietet der Shop nicht an, oder sie ist seine Standardsprache.']]);
    }
    const blank = await change({ name: '   ' }, { language: 'de' });
    expect([blank.status, blank.language, blank.body.errors?.['changes.name']]).toEqual([422, 'de', ['Geben Sie einen Namen in der Standardsprache des Shops an.']]);
    expect((await change({ name: '   ' })).body.errors?.['changes.name']).toEqual([english(staffCatalogueMessages.nameRequired)]);
    const unknown = await change({ name: 'Nowhere' }, { code: 'NO-SUCH-EVENT', language: 'fr' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Aucun événement ne porte le code NO-SUCH-EVENT.']);
    const same = await change({ translations: { de: { name: 'Nordwind-Festival 2027 (Sommer)' }, nl: { name: 'Noordenwind Festival 2027' } } });
    expect([same.status, same.body.message]).toEqual([422, english(staffCatalogueMessages.nothingToChange)]);
    expect((await change({ colour: 'red' })).status).toBe(422);
    expect(await stored()).toEqual(changed);
    expect(await audits()).toHaveLength(auditCount);

    // Admins at once: each change waits for the one before under the event's lock, so each audit entry starts from what
    // the one before left, and no change of the default name or of the translations is lost.
    const names = ['Nordwind-Sommer 2027', 'Nordwind 2027', 'Nordwind-Festival (Juni 2027)'];
    const answers = await Promise.all([change({ name: 'Northwind Festival 2027 – Summer' }), ...names.map((name) => change({ translations: { de: { name } } }))]);
    expect(answers.map((each) => each.status)).toEqual([200, 200, 200, 200]);
    const after = await stored();
    expect(after).toEqual({ name: 'Northwind Festival 2027 – Summer', translations: { de: { name: expect.any(String) } }, marks: expect.arrayContaining(['name', 'translations']) });
    const chain = (await audits()).slice(0, 4).reverse().filter((entry) => 'translations' in (entry.after as object));
    expect(chain.length).toBe(3);
    chain.slice(1).forEach((entry, index) => expect(entry.before).toEqual(chain[index]!.after));
    expect(chain.at(-1)!.after).toEqual({ translations: JSON.stringify(after.translations) });
    expect(await eventName('en')).toBe('Northwind Festival 2027 – Summer');
    expect(await eventName('nl')).toBe('Northwind Festival 2027 – Summer');
    expect(await eventName('de')).toBe(after.translations!.de!.name);

    // The file says otherwise: an import keeps the back office's name and translations (and says so) until the file wins.
    const kept = await importCatalogueWith(db, file(), { images: { folder: path.dirname(DEMO_CATALOGUE) } });
    expect(kept.kept.filter((entry) => entry.code === 'NWF27').map((entry) => entry.field).sort()).toEqual(['name', 'translations']);
    expect(await eventName('de')).toBe(after.translations!.de!.name);
    expect(await eventName('en')).toBe('Northwind Festival 2027 – Summer');
    await importCatalogueWith(db, file(), { images: { folder: path.dirname(DEMO_CATALOGUE) }, fileWins: true });
    expect(await stored()).toEqual({ name: 'Northwind Festival 2027', translations: { de: { name: 'Nordwind-Festival 2027' } }, marks: [] });
    expect(await eventName('de')).toBe('Nordwind-Festival 2027');
  });

  const item_ = (language: string) => item('NWF27-PARKING', language);
});
