import { catalogueFieldMessages, english, eventFieldMessages, LOCALES, staffCatalogueMessages as texts } from '@festival/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { events, staffAudit } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { readLiveCatalogue } from '../catalog/catalogue-export';
import { importCatalogueWith, parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'catalogue-event-settings-secret-32chars!';

/**
 * An event's settings changed after it is made (issue 37 point 1, decision 0105): its time zone,
 * start, age question and payment switches, with the catalogue file's own rules, refused by field
 * in the member's language with nothing changed; audited; in the shop at once; kept through an
 * import until the file wins. A time zone change moves no instant: only the clocks they are shown on.
 */
describe.each(testEngines())('an event’s settings in the back office on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, app: { appSecret: SECRET, catalogMaxAgeMs: 0 } });
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'settings.admin@example.org', role: 'admin' }, new Date())).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const change = (code: string, changes: Record<string, unknown>) => staffCall(shop.app, 'catalogue-change-event', { code, changes }, admin);
  const row = async (code: string) => (await db().select().from(events).where(eq(events.externalCode, code)))[0]!;
  const lastAudit = async (target: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, target)).orderBy(desc(staffAudit.id)).limit(1))[0];
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  async function inGerman(changes: Record<string, unknown>) {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/staff/catalogue-change-event',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'de', cookie: admin },
      payload: JSON.stringify({ code: 'NWF27', changes }),
    });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]> } };
  }

  it('refuses what the catalogue file refuses, by field in German, and changes nothing', async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, Parameters<typeof english>[0]][] = [
      [{ timezone: 'Europe/Atlantis' }, 'changes.timezone', eventFieldMessages.timezone],
      [{ starts_at: '18 June 2027' }, 'changes.starts_at', catalogueFieldMessages.instant],
      [{ bank_transfer_countries: ['NL', 'be'] }, 'changes.bank_transfer_countries.1', eventFieldMessages.country],
      [{ credit_card_active: 'yes' }, 'changes.credit_card_active', catalogueFieldMessages.boolean],
      [{ age_range_active: 1 }, 'changes.age_range_active', catalogueFieldMessages.boolean],
    ];
    for (const [changes, field, text] of cases) {
      const answer = await inGerman(changes);
      expect([answer.status, answer.body.errors?.[field]], `${JSON.stringify(changes)}: ${JSON.stringify(answer.body)}`).toEqual([422, [de(text)]]);
    }
    // The same values as now: nothing to change.
    const same = await inGerman({ timezone: 'Europe/Amsterdam', bank_transfer_countries: ['NL', 'BE', 'DE'] });
    expect([same.status, same.body.message]).toEqual([422, de(texts.nothingToChange)]);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('changes the settings under the file’s rules, audited, marked, and in the shop at once; a time zone change moves no instant', async () => {
    const item = async () => (await shop.call('get-shop-item', { external_code: 'NWF27-WEEKEND' })).body.item as { timezone: string | null; allow_refund_requests_until: string | null };
    const shownBefore = await item();
    expect(shownBefore.timezone).toBe('Europe/Amsterdam');
    const answer = await change('NWF27', {
      timezone: 'Europe/London',
      starts_at: '2027-06-18T11:00:00+01:00',
      age_range_active: false,
      credit_card_active: false,
      bank_transfer_active: true,
      bank_transfer_countries: ['GB', 'NL'],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      message: english(texts.saved),
      // The same instant as the file's 12:00 in Amsterdam: written on London's clocks.
      event: { timezone: 'Europe/London', starts_at: '2027-06-18T10:00:00.000Z', age_range_active: false, credit_card_active: false, bank_transfer_countries: ['GB', 'NL'] },
    });
    expect(new Set(answer.body.event.changed_here)).toEqual(new Set(['timezone', 'age_range_active', 'credit_card_active', 'bank_transfer_countries']));
    expect(await lastAudit('event:NWF27')).toMatchObject({
      actor: 'settings.admin@example.org',
      action: 'catalogue.change-event',
      before: { timezone: 'Europe/Amsterdam', age_range_active: 'true', credit_card_active: 'true', bank_transfer_countries: '["NL","BE","DE"]' },
      after: { timezone: 'Europe/London', age_range_active: 'false', credit_card_active: 'false', bank_transfer_countries: '["GB","NL"]' },
    });
    // The shop reads the event's clocks at once; what was set as an instant stays that instant.
    const shownAfter = await item();
    expect(shownAfter.timezone).toBe('Europe/London');
    expect(shownAfter.allow_refund_requests_until).toBe(shownBefore.allow_refund_requests_until);
    expect((await row('NWF27')).creditCardActive).toBe(false);
  });

  // Last: the file below changes the demo's event.
  it('keeps the settings set here through an import until the file wins, and the export writes them', async () => {
    const live = (await readLiveCatalogue(db())).catalogue;
    expect(live.events.find((event) => event.code === 'NWF27')).toMatchObject({ timezone: 'Europe/London', credit_card_active: false, bank_transfer_countries: ['GB', 'NL'] });
    const file = () =>
      parseCatalogue(
        'events:\n  - { code: NWF27, name: Northwind Festival 2027, timezone: Europe/Amsterdam, starts_at: "2027-06-18T12:00:00+02:00", age_range_active: true, credit_card_active: true, bank_transfer_active: true, bank_transfer_countries: [NL, BE, DE] }\n',
        'events.yaml',
      );
    const imported = await importCatalogueWith(db(), file(), { file: 'events.yaml', images: { folder: '.' } });
    expect(imported.kept).toEqual(
      expect.arrayContaining([
        { code: 'NWF27', field: 'timezone', shop_value: 'Europe/London', file_value: 'Europe/Amsterdam' },
        { code: 'NWF27', field: 'credit_card_active', shop_value: 'false', file_value: 'true' },
        { code: 'NWF27', field: 'bank_transfer_countries', shop_value: '["GB","NL"]', file_value: '["NL","BE","DE"]' },
      ]),
    );
    expect(await row('NWF27')).toMatchObject({ timezone: 'Europe/London', creditCardActive: false, ageRangeActive: false, bankTransferCountries: ['GB', 'NL'] });
    await importCatalogueWith(db(), file(), { file: 'events.yaml', images: { folder: '.' }, fileWins: true });
    expect(await row('NWF27')).toMatchObject({ timezone: 'Europe/Amsterdam', creditCardActive: true, ageRangeActive: true, bankTransferCountries: ['NL', 'BE', 'DE'], backOfficeFields: [] });
  });

  it('gives an event its end and venue: an end before its start refused in German, audited, kept by an import, refused with a file whose dates disagree with a kept one unless the file wins, and exported', async () => {
    const before = await snapshot();
    const start = (await row('NWF27')).startsAt!.toISOString();
    const early = await inGerman({ ends_at: start });
    expect([early.status, early.body.errors?.['changes.ends_at']]).toEqual([422, [de(catalogueFieldMessages.laterThan('starts_at'))]]);
    const long = await inGerman({ venue: 'V'.repeat(201) });
    expect([long.status, long.body.errors?.['changes.venue']]).toEqual([422, [de(eventFieldMessages.name)]]);
    expect(changedTables(before, await snapshot())).toEqual([]);

    const answer = await change('NWF27', { ends_at: '2027-06-21T03:00:00+02:00', venue: ' Walibi Holland, Biddinghuizen ' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.event).toMatchObject({ ends_at: '2027-06-21T01:00:00.000Z', venue: 'Walibi Holland, Biddinghuizen', changed_here: expect.arrayContaining(['ends_at', 'venue']) });
    expect(await lastAudit('event:NWF27')).toMatchObject({ action: 'catalogue.change-event', before: { ends_at: 'none', venue: 'none' }, after: { ends_at: '2027-06-21T01:00:00.000Z', venue: 'Walibi Holland, Biddinghuizen' } });
    // A start moved past the end is refused at the end, as the file's rule says it.
    const late = await inGerman({ starts_at: '2027-06-22T12:00:00+02:00' });
    expect([late.status, late.body.errors?.['changes.ends_at']]).toEqual([422, [de(catalogueFieldMessages.laterThan('starts_at'))]]);
    expect((await readLiveCatalogue(db())).catalogue.events.find((event) => event.code === 'NWF27')).toMatchObject({ ends_at: '2027-06-21T03:00:00+02:00', venue: 'Walibi Holland, Biddinghuizen' });

    const file = (dates: string) =>
      parseCatalogue(`events:\n  - { code: NWF27, name: Northwind Festival 2027, timezone: Europe/Amsterdam, ${dates}age_range_active: true, credit_card_active: true, bank_transfer_active: true, bank_transfer_countries: [NL, BE, DE] }\n`, 'events.yaml');
    const kept = await importCatalogueWith(db(), file('starts_at: "2027-06-18T12:00:00+02:00", '), { file: 'events.yaml', images: { folder: '.' } });
    expect(kept.kept).toEqual(expect.arrayContaining([{ code: 'NWF27', field: 'venue', shop_value: 'Walibi Holland, Biddinghuizen', file_value: 'none' }, expect.objectContaining({ code: 'NWF27', field: 'ends_at' })]));
    expect(await row('NWF27')).toMatchObject({ venue: 'Walibi Holland, Biddinghuizen', endsAt: new Date('2027-06-21T01:00:00Z') });
    // The file's start after the end the shop keeps: refused at the end, nothing written.
    const disagreeing = file('starts_at: "2027-06-25T12:00:00+02:00", ');
    await expect(importCatalogueWith(db(), disagreeing, { file: 'events.yaml', images: { folder: '.' } })).rejects.toThrow(/ends_at.*must be later than starts_at \(a date set in the back office is kept\)/s);
    expect((await row('NWF27')).startsAt).toEqual(new Date('2027-06-18T10:00:00Z'));
    await importCatalogueWith(db(), disagreeing, { file: 'events.yaml', images: { folder: '.' }, fileWins: true });
    expect(await row('NWF27')).toMatchObject({ startsAt: new Date('2027-06-25T10:00:00Z'), endsAt: null, venue: null });
  });
});
