import { catalogueFieldMessages, checkinListFieldMessages, english, LOCALES, staffAdminMessages, staffApi, staffCheckinListMessages as texts } from '@festival/contract';
import { desc, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { DEMO_CATALOGUE } from '../../../test/demo-files';
import { createCustomer, paidOrder } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { cookieOf, signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../../test/test-shop';
import { checkinLists, events, staffAudit, tickets } from '../../db/schema';
import { translatorFor } from '../../lib/language';
import { CatalogueError, importCatalogueWith, parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'checkin-lists-admin-test-secret-of-32-chars!';
/** The festival's first day, 11:00 in Amsterdam. */
const FESTIVAL = new Date('2027-06-18T09:00:00Z');

/**
 * The check-in lists in the back office over HTTP (issue 37 point 5, decision 0097): admins only;
 * lists created and changed with the catalogue file's rules (the importer's own code), refused by
 * field in the member's language with nothing changed, audited, and followed by the scanners at
 * once; archived, never deleted; the figures per list and gate and the scans to resolve; a revoked
 * scanner refused at its next call while the shop runs; an import keeps what the back office set.
 */
describe.each(testEngines())('the back-office check-in lists on %s', (engine) => {
  let shop: TestShop;
  let base: string;
  let admin: string;
  let customerService: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      config: { languages: [...LOCALES] },
      app: { appSecret: SECRET, catalogMaxAgeMs: 0, cartSweepIntervalMs: 3_600_000, reminderIntervalMs: 3_600_000 },
    });
    base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const now = new Date();
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'lists.admin@example.org', role: 'admin' }, now)).cookie;
    customerService = (await signedInStaff(shop.app, shop.database.db, { email: 'lists.cs@example.org', role: 'customer_service' }, now)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const call = (path: string, payload: unknown, cookie: string | null = admin) => staffCall(shop.app, path, payload, cookie);
  const overview = async () => {
    const answer = await call('checkin-list-overview', {});
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['checkin-list-overview'].answer.parse(answer.body);
  };
  const save = (id: number | null, list: Record<string, unknown>) => call('checkin-list-save', { id, list });
  const lastAudit = async (target: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, target)).orderBy(desc(staffAudit.id)).limit(1))[0];
  const de = (text: Parameters<typeof english>[0]) => translatorFor('de').format(text);
  async function inGerman(path: string, payload: unknown) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/staff/${path}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'de', cookie: admin },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]> } };
  }
  /** A scanner added in the back office and signed in on a device. */
  async function device(name: string) {
    const added = staffApi['scanner-add'].answer.parse((await call('scanner-add', { name })).body);
    const login = await call('scanner-login', { code: added.code }, null);
    expect(login.status).toBe(200);
    const cookie = cookieOf(login.headers['set-cookie']);
    return { id: added.scanner.id, call: (path: string, payload: unknown) => call(path, payload, cookie) };
  }
  const weekend = { code: 'T-ENTRY', event: 'NWF27', name: 'Main entrance', products: [{ product: 'NWF27-WEEKEND', days: 'every' }, { product: 'NWF27-DAY-SAT', days: ['2027-06-19'] }], gates: ['North', 'South'], entry: 'alternating', opens_at: '2027-06-18T10:00:00+02:00', closes_at: '2027-06-21T03:00:00+02:00', day_cutover: '05:00' };

  it('is for admins only', async () => {
    for (const path of ['checkin-list-overview', 'checkin-list-save', 'checkin-list-archive', 'checkin-conflict-resolve'] as const) {
      const answer = await call(path, {}, customerService);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await call(path, {}, null)).status).toBe(401);
    }
  });

  it('creates a list with its gates, days and window, audited, which a scanner can choose and sync at once', async () => {
    const gate = await device('Entry phone');
    const created = await save(null, weekend);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const answer = staffApi['checkin-list-save'].answer.parse(created.body);
    expect(answer.message).toBe(english(texts.created('T-ENTRY')));
    expect(answer.list).toMatchObject({
      active: true,
      scanned: false,
      back_office_fields: ['created'],
      list: { code: 'T-ENTRY', event: 'NWF27', gates: ['North', 'South'], entry: 'alternating', day_cutover: '05:00', opens_at: '2027-06-18T08:00:00.000Z', closes_at: '2027-06-21T01:00:00.000Z' },
    });
    expect(answer.list.list.products).toEqual(expect.arrayContaining([{ product: 'NWF27-WEEKEND', days: 'every' }, { product: 'NWF27-DAY-SAT', days: ['2027-06-19'] }]));
    expect(await lastAudit('checkin-list:T-ENTRY')).toMatchObject({ actor: 'lists.admin@example.org', action: 'checkin-list.create', before: null, after: expect.objectContaining({ code: 'T-ENTRY', gates: ['North', 'South'] }) });
    const lists = await gate.call('checkin-lists', {});
    expect(lists.body.lists.map((list: { code: string }) => list.code)).toContain('T-ENTRY');
    const synced = staffApi.sync.answer.parse((await gate.call('sync', { list: 'T-ENTRY' })).body);
    expect(synced.list).toMatchObject({ gates: ['North', 'South'], entry: 'alternating', day_cutover_minutes: 300 });
    expect(synced.products.find((product) => product.days)?.days).toEqual(['2027-06-19']);
    // The page's choices: the events, and the products (not merchandise) with the days their lists agree on.
    const seen = await overview();
    expect(seen.events.map((event) => event.code)).toContain('NWF27');
    expect(seen.products.map((product) => product.code)).toContain('NWF27-WEEKEND');
    expect(seen.products.map((product) => product.code)).not.toContain('NWF27-TEE-LINEUP');
  });

  it('refuses by field, in the member’s language, what the catalogue file refuses, and changes nothing', async () => {
    const before = await createSnapshotter(db())();
    const refused = await inGerman('checkin-list-save', {
      id: null,
      list: {
        ...weekend,
        code: 'T-BAD',
        products: ['NWF27-WEEKEND', 'NWF27-TEE-LINEUP', 'NOPE', 'NWF27-WEEKEND', { product: 'NWF27-DAY-SAT', days: ['2027-06-25'] }],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'list.products.1': [de(checkinListFieldMessages.merchandise('NWF27-TEE-LINEUP'))],
      'list.products.2': [de(checkinListFieldMessages.noProduct('NOPE'))],
      'list.products.3': [de(checkinListFieldMessages.listedTwice('NWF27-WEEKEND', 0))],
      'list.products.4.days.0': [de(checkinListFieldMessages.dayOutside('2027-06-25', '2027-06-18', '2027-06-20'))],
    });
    // The list's own fields first, as the importer reads them: by the schema, before the catalogue is asked.
    const gates = await inGerman('checkin-list-save', { id: null, list: { ...weekend, code: 'T-BAD', gates: ['North', 'north'] } });
    expect(gates.body.errors).toEqual({ 'list.gates.1': [de(checkinListFieldMessages.gateTwice('north', 0))] });
    const window = await inGerman('checkin-list-save', { id: null, list: { ...weekend, code: 'T-BAD', opens_at: '2027-06-21T03:00:00+02:00', closes_at: '2027-06-18T10:00:00+02:00', boarding: { before_minutes: 1441 } } });
    expect(window.body.errors).toMatchObject({
      'list.closes_at': [de(catalogueFieldMessages.laterThan('opens_at'))],
      'list.boarding.before_minutes': [de(checkinListFieldMessages.minutes)],
    });
    const event = await inGerman('checkin-list-save', { id: null, list: { ...weekend, code: 'T-BAD', event: 'NOPE' } });
    expect(event.body.errors).toEqual({ 'list.event': [de(checkinListFieldMessages.noEvent('NOPE'))] });
    const taken = await inGerman('checkin-list-save', { id: null, list: weekend });
    expect(taken.body.errors).toEqual({ 'list.code': [de(texts.codeTaken)] });
    expect(changedTables(before, await createSnapshotter(db())())).toEqual([]);
  });

  it('changes a list, audited with what changed; the gates follow at once; its code stays', async () => {
    const gate = await device('Change phone');
    const { lists } = await overview();
    const entry = lists.find((list) => list.list.code === 'T-ENTRY')!;
    // The scanner's instance has read the list (and keeps it a few seconds).
    expect((await gate.call('scan', { list: 'T-ENTRY', gate: 'South', text: 'NOTATICKET' })).body.result).toBe('not-a-ticket');
    const changed = await save(entry.id, { ...entry.list, gates: ['North'] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message).toBe(english(texts.saved('T-ENTRY')));
    expect(changed.body.list.back_office_fields).toEqual(['created', 'gates']);
    expect(await lastAudit('checkin-list:T-ENTRY')).toMatchObject({ action: 'checkin-list.change', before: { gates: ['North', 'South'] }, after: { gates: ['North'] } });
    // At once: the south gate is no gate of the list any more.
    const south = await gate.call('scan', { list: 'T-ENTRY', gate: 'South', text: 'NOTATICKET' });
    expect(south.status).toBe(422);
    expect((await save(entry.id, { ...entry.list, gates: ['North'] })).body.message).toBe(english(texts.nothingToChange));
    const renamed = await save(entry.id, { ...entry.list, code: 'T-OTHER' });
    expect([renamed.status, renamed.body.errors]).toEqual([422, { 'list.code': [english(texts.codeKept)] }]);
    expect((await save(2_000_000_000, entry.list)).status).toBe(404);
  });

  it('shows the figures per list and gate and the scans to resolve; a list with scans keeps its event; archiving keeps its scans', async () => {
    const buyer = await createCustomer(shop);
    const order = await paidOrder(shop, base, buyer, [{ code: 'NWF27-WEEKEND', holder: 'Two Phones' }]);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.code, order.tickets[0]!.code));
    const north = await device('North phone A');
    const other = await device('North phone B');
    const scan = (nonce: string, minutes: number) => ({ scans: [{ nonce, list: 'T-ENTRY', gate: 'North', ticket_id: ticket!.id, direction: 'in', scanned_at: new Date(FESTIVAL.getTime() + minutes * 60_000).toISOString() }] });
    expect((await north.call('upload-scans', scan('lists-north-1', 1))).body.results).toEqual([{ nonce: 'lists-north-1', result: 'counted' }]);
    // Two offline devices admitted the same ticket: the second is a conflict.
    expect((await other.call('upload-scans', scan('lists-north-2', 2))).body.results).toEqual([{ nonce: 'lists-north-2', result: 'conflict' }]);
    const seen = await overview();
    const entry = seen.lists.find((list) => list.list.code === 'T-ENTRY')!;
    expect(entry).toMatchObject({ scanned: true, admitted: 1, inside: 1, gates: [{ gate: 'North', admitted: 1, inside: 1 }], open_conflicts: 1 });
    const conflict = seen.conflicts.find((row) => row.list === 'T-ENTRY')!;
    expect(conflict).toMatchObject({ kind: 'conflict', reason: 'already-in', gate: 'North', ticket: ticket!.code, scanner: 'North phone B', counted_gate: 'North' });
    await db().insert(events).values({ externalCode: 'OTHER27', name: 'Other festival', timezone: 'Europe/Amsterdam' }).onConflictDoNothing();
    const moved = await save(entry.id, { ...entry.list, event: 'OTHER27' });
    expect([moved.status, moved.body.errors?.['list.event']]).toEqual([422, [english(checkinListFieldMessages.eventKept('NWF27'))]]);
    const resolved = await call('checkin-conflict-resolve', { id: conflict.id });
    expect([resolved.status, resolved.body.message]).toEqual([200, english(texts.resolved)]);
    expect(await lastAudit(`checkin:${conflict.id}`)).toMatchObject({ action: 'checkin.resolve', before: expect.objectContaining({ kind: 'conflict', reason: 'already-in' }), after: { resolved: true } });
    expect((await overview()).conflicts.map((row) => row.id)).not.toContain(conflict.id);
    expect((await call('checkin-conflict-resolve', { id: conflict.id })).status).toBe(404);
    const archived = await call('checkin-list-archive', { id: entry.id, active: false });
    expect([archived.status, archived.body.message, archived.body.list.active, archived.body.list.admitted]).toEqual([200, english(texts.archived('T-ENTRY')), false, 1]);
    expect(await lastAudit('checkin-list:T-ENTRY')).toMatchObject({ action: 'checkin-list.archive', before: { active: true }, after: { active: false } });
    expect((await north.call('sync', { list: 'T-ENTRY' })).status).toBe(422);
    expect((await call('checkin-list-archive', { id: entry.id, active: true })).body.message).toBe(english(texts.restored('T-ENTRY')));
    expect((await north.call('sync', { list: 'T-ENTRY' })).status).toBe(200);
  });

  it('refuses a revoked scanner’s next sync and scan while the shop runs', async () => {
    const gate = await device('Lost phone');
    expect((await gate.call('sync', { list: 'T-ENTRY' })).status).toBe(200);
    expect((await gate.call('scan', { list: 'T-ENTRY', gate: 'North', text: 'NOTATICKET' })).status).toBe(200);
    expect((await call('scanner-revoke', { id: gate.id })).status).toBe(200);
    expect((await gate.call('sync', { list: 'T-ENTRY' })).status).toBe(401);
    expect((await gate.call('scan', { list: 'T-ENTRY', gate: 'North', text: 'NOTATICKET' })).status).toBe(401);
    expect((await gate.call('upload-scans', { scans: [{ nonce: 'lost-phone-1', list: 'T-ENTRY', gate: 'North', ticket_id: 1, direction: 'in', scanned_at: FESTIVAL.toISOString() }] })).status).toBe(401);
  });

  it('an import keeps what the back office set on a list unless the file wins, and leaves lists made here on', async () => {
    const demo = parseCatalogue(readFileSync(DEMO_CATALOGUE, 'utf8'), 'catalogue.yaml');
    const folder = path.dirname(DEMO_CATALOGUE);
    const entrance = (await overview()).lists.find((list) => list.list.code === 'NWF27-ENTRANCE')!;
    expect((await save(entrance.id, { ...entrance.list, gates: ['North', 'South', 'East'] })).status).toBe(200);
    const kept = await importCatalogueWith(db(), demo, { file: 'catalogue.yaml', images: { folder } });
    expect(kept.kept).toContainEqual({ code: 'NWF27-ENTRANCE', field: 'checkin_list.gates', shop_value: '["North","South","East"]', file_value: '["North","South"]' });
    const after = await overview();
    expect(after.lists.find((list) => list.list.code === 'NWF27-ENTRANCE')!.list.gates).toEqual(['North', 'South', 'East']);
    // T-ENTRY is no list of the file: made here, it stays on.
    expect(after.lists.find((list) => list.list.code === 'T-ENTRY')!.active).toBe(true);
    await importCatalogueWith(db(), demo, { file: 'catalogue.yaml', images: { folder }, fileWins: true });
    const won = await overview();
    expect(won.lists.find((list) => list.list.code === 'NWF27-ENTRANCE')).toMatchObject({ back_office_fields: [], list: { gates: ['North', 'South'] } });
    expect(won.lists.find((list) => list.list.code === 'T-ENTRY')!.active).toBe(false);
    const [row] = await db().select().from(checkinLists).where(eq(checkinLists.code, 'T-ENTRY'));
    expect(row).toBeDefined();
  });

  it('refuses an import whose file and the back office’s kept fields together make a list the rules refuse, and changes nothing', async () => {
    const entrance = (await overview()).lists.find((list) => list.list.code === 'NWF27-ENTRANCE')!;
    expect((await save(entrance.id, { ...entrance.list, opens_at: '2027-06-19T12:00:00+02:00' })).status).toBe(200);
    const demo = parseCatalogue(readFileSync(DEMO_CATALOGUE, 'utf8'), 'catalogue.yaml');
    const file = { ...demo, checkin_lists: demo.checkin_lists.map((list) => (list.code === 'NWF27-ENTRANCE' ? { ...list, closes_at: '2027-06-19T02:00:00+02:00' } : list)) };
    const before = await createSnapshotter(db())();
    const refused = await importCatalogueWith(db(), file, { file: 'catalogue.yaml', images: { folder: path.dirname(DEMO_CATALOGUE) } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CatalogueError);
    expect((refused as CatalogueError).problems).toContainEqual(expect.stringContaining('checkin_lists[0].closes_at: must be later than opens_at (with the list’s fields changed in the back office): let the file win'));
    expect(changedTables(before, await createSnapshotter(db())())).toEqual([]);
  });
});
