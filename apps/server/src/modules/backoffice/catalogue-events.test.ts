import { english, eventFieldMessages, staffAdminMessages, staffCatalogueMessages as texts } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit as lastAuditOf, openBackOfficeShop } from '../../../test/back-office-shop';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { cartWith, checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { type TestShop } from '../../../test/test-shop';
import { events } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { catalogueYaml, readLiveCatalogue } from '../catalog/catalogue-export';
import { CatalogueError, importCatalogueWith, parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-events-test-secret-of-32-chars!';

/**
 * Events made, duplicated and archived in the back office (issue 37 point 1): admins only; the
 * catalogue file's schema and its rule across events (a code names one event), refused by field in
 * the member's language with nothing changed; audited; an archived event's products leave the shop
 * at once and come back when it is restored; an import keeps the archive until the file wins, and
 * the export writes it.
 */
describe.each(testEngines())('the back office’s events on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  beforeAll(async () => {
    ({ shop, admin, other: boxOffice } = await openBackOfficeShop(engine, { secret: SECRET, name: 'events', other: 'box_office' }));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const create = (event: Record<string, unknown>, from: string | null = null) => staffCall(shop.app, 'catalogue-create-event', { event, from }, admin);
  const archive = (code: string, archived: boolean) => staffCall(shop.app, 'catalogue-archive-event', { code, archived }, admin);
  const row = async (code: string) => (await db().select().from(events).where(eq(events.externalCode, code)))[0];
  const lastAudit = (target: string) => lastAuditOf(db(), target);
  const shopCodes = async () => ((await shop.call('get-data', {})).body.data.products as { external_code: string }[]).map((item) => item.external_code);
  const inGerman = async (payload: unknown) => {
    const answer = await staffCall(shop.app, 'catalogue-create-event', payload, admin, 'de');
    return { ...answer, body: answer.body as { message: string; errors?: Record<string, string[]> } };
  };
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);

  it('is for admins only', async () => {
    for (const path of ['catalogue-create-event', 'catalogue-archive-event'] as const) {
      const answer = await staffCall(shop.app, path, {}, boxOffice);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await staffCall(shop.app, path, {}, null)).status).toBe(401);
    }
  });

  it('refuses what the catalogue file refuses, by field in the member’s language, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
      [{ code: 'NWF28', name: 'Next year', timezone: 'Europe/Atlantis' }, 'event.timezone', eventFieldMessages.timezone],
      [{ code: 'NWF28', name: '   ', timezone: 'Europe/Amsterdam' }, 'event.name', eventFieldMessages.name],
      [{ code: 'NWF28', name: 'Next year', timezone: 'Europe/Amsterdam', bank_transfer_countries: ['nl'] }, 'event.bank_transfer_countries.0', eventFieldMessages.country],
      // The importer's rule across events: a code names one event.
      [{ code: 'NWF27', name: 'Again', timezone: 'Europe/Amsterdam' }, 'event.code', eventFieldMessages.codeTaken('NWF27')],
    ];
    for (const [event, field, text] of cases) {
      const answer = await inGerman({ event, from: null });
      expect([answer.status, answer.body.errors?.[field]], `${JSON.stringify(event)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
    }
    expect((await create({ code: 'NWF28', name: 'Copy', timezone: 'Europe/Amsterdam' }, 'NO-SUCH-EVENT')).status).toBe(404);
    expect((await archive('NO-SUCH-EVENT', true)).status).toBe(404);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('creates an event and duplicates one without its products, each audited', async () => {
    const created = await create({ code: 'NWF28', name: 'Northwind Festival 2028', timezone: 'Europe/Amsterdam', starts_at: '2028-06-16T12:00:00+02:00', bank_transfer_active: true, bank_transfer_countries: ['NL'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ message: english(texts.eventCreated), event: { code: 'NWF28', starts_at: '2028-06-16T10:00:00.000Z', bank_transfer_countries: ['NL'], archived: false, changed_here: [] } });
    expect(await lastAudit('event:NWF28')).toMatchObject({ actor: 'events.admin@example.org', action: 'catalogue.create-event', before: null, after: expect.objectContaining({ code: 'NWF28', duplicated_from: null }) });
    const copy = await create({ code: 'NWF27-COPY', name: 'Northwind Festival 2027 (copy)', timezone: 'Europe/Amsterdam', age_range_active: true }, 'NWF27');
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(await lastAudit('event:NWF27-COPY')).toMatchObject({ after: expect.objectContaining({ duplicated_from: 'NWF27' }) });
    const overview = (await staffCall(shop.app, 'catalogue-overview', {}, admin)).body as { events: { code: string }[]; items: { event: string | null }[] };
    expect(overview.events.map((event) => event.code)).toEqual(expect.arrayContaining(['NWF27', 'NWF28', 'NWF27-COPY']));
    expect(overview.items.filter((item) => item.event === 'NWF27-COPY')).toEqual([]);
  });

  it('archives an event: its products leave the shop at once and come back when it is restored; nothing is deleted', async () => {
    // A cart filled before the archive holds its units: like any item taken off sale, it still
    // checks out within its hold (the checkout does not re-read the shop's offer; decision 0101).
    const early = await createCustomer(shop);
    const cart = await cartWith(shop, early.token, ['NWF27-PARKING']);
    const before = await shopCodes();
    expect(before).toContain('NWF27-WEEKEND');
    const archived = await archive('NWF27', true);
    expect(archived.body).toMatchObject({ message: english(texts.eventArchived), event: { archived: true, changed_here: ['archived'] } });
    expect(await lastAudit('event:NWF27')).toMatchObject({ action: 'catalogue.archive-event', before: { archived: false }, after: { archived: true } });
    expect((await shopCodes()).filter((code) => code.startsWith('NWF27-'))).toEqual([]);
    // Not in a cart either.
    const buyer = await createCustomer(shop);
    const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', full_name: 'Late Buyer', email: 'late@example.org', age: '25-34' });
    expect(added.status).toBeGreaterThanOrEqual(400);
    expect(added.status).toBeLessThan(500);
    const checkout = await shop.call('checkout-cart', checkoutPayload(early.token, cart));
    expect(checkout.status, JSON.stringify(checkout.body).slice(0, 300)).toBe(200);
    expect((await archive('NWF27', true)).body.message).toBe(english(texts.nothingToChange));
    expect((await archive('NWF27', false)).body.message).toBe(english(texts.eventRestored));
    expect(await shopCodes()).toEqual(before);
  });

  // Last: the file below changes the demo's events.
  it('keeps an archive set here through an import until the file wins, writes it in the export, and refuses a file naming an event twice', async () => {
    await archive('NWF28', true);
    const live = (await readLiveCatalogue(db())).catalogue;
    expect(live.events.find((event) => event.code === 'NWF28')).toMatchObject({ archived: true });
    expect(catalogueYaml(live)).toMatch(/code: NWF28\n(?:.*\n)*?\s+archived: true/);
    const file = (extra = '') => parseCatalogue(`events:\n  - { code: NWF28, name: Northwind Festival 2028, timezone: Europe/Amsterdam }\n${extra}`, 'events.yaml');
    const imported = await importCatalogueWith(db(), file(), { file: 'events.yaml', images: { folder: '.' } });
    expect(imported.kept).toContainEqual({ code: 'NWF28', field: 'archived', shop_value: 'true', file_value: 'false' });
    expect(await row('NWF28')).toMatchObject({ archived: true, backOfficeFields: ['archived'] });
    await importCatalogueWith(db(), file(), { file: 'events.yaml', images: { folder: '.' }, fileWins: true });
    expect(await row('NWF28')).toMatchObject({ archived: false, backOfficeFields: [] });
    const twice = (() => {
      try {
        return parseCatalogue('events:\n  - { code: NWF28, name: A, timezone: Europe/Amsterdam }\n  - { code: NWF28, name: B, timezone: Europe/Amsterdam }\n', 'twice.yaml');
      } catch (error) {
        return error;
      }
    })();
    expect(twice).toBeInstanceOf(CatalogueError);
    expect((twice as CatalogueError).problems).toEqual([expect.stringContaining(`events[1].code (line 3): ${english(eventFieldMessages.codeTaken('NWF28'))}`)]);
  });
});
