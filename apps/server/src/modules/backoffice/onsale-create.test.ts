import { catalogueFieldMessages, english, onsaleFieldMessages, onsaleRuleMessages, staffAdminMessages, staffApi, staffOnsaleMessages as texts, waitingRoomMessages, type Text } from '@festival/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { checkoutPayload } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { customers, onsales, queuePlaces, sessions, shopItems, staffAudit } from '../../db/schema';
import { hashToken } from '../accounts/session.service';
import { executeRows } from '../../db/raw-rows';
import { translatorFor } from '../../lib/language';
import { catalogueYaml, readLiveCatalogue } from '../catalog/catalogue-export';
import { CatalogueError, importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { createQueue } from '../onsale/queue';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'onsale-create-test-secret-of-32-chars!!!';
const DEMO_TEXT = readFileSync(DEMO_CATALOGUE, 'utf8');
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * On-sales made and steered in the browser (issue 37 point 6, decision 0098): a new on-sale with the
 * importer's rules and words (refused by field in the staff member's language, nothing changed),
 * audited, in the waiting room at once, exported and left alone by an import that does not name it;
 * open now, pause, resume and close, each audited and composed with the times; and admissions that
 * never happen while paused, with admission steps racing the pause.
 */
describe.each(testEngines())('on-sales made in the back office on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      app: { appSecret: SECRET, admissionStepIntervalMs: 3_600_000, waitingRoomStateMaxAgeMs: 0, onsaleFiguresCacheMs: 0, queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 } },
    });
    const text = `${DEMO_TEXT}\nonsales:\n  - { code: FILED, event: NWF27, opens_at: "2099-03-01T10:00:00Z", products: [NWF27-HOODIE], admission: { rate_per_minute: 60 } }\n`;
    await importCatalogue(shop.database.db, parseCatalogue(text, 'filed.yaml'), path.dirname(DEMO_CATALOGUE), 'filed.yaml');
    const clock = new Date();
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'create.admin@example.org', role: 'admin' }, clock)).cookie;
    boxOffice = (await signedInStaff(shop.app, shop.database.db, { email: 'create.box@example.org', role: 'box_office' }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const create = (onsale: Record<string, unknown>, cookie = admin) => staffCall(shop.app, 'onsale-create', { onsale }, cookie);
  const control = (code: string, action: string, cookie = admin) => staffCall(shop.app, 'onsale-control', { code, action }, cookie);
  const row = async (code: string) => (await db().select().from(onsales).where(eq(onsales.code, code)))[0]!;
  const lastAudit = async (target: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, target)).orderBy(desc(staffAudit.id)).limit(1))[0];
  const base = (code: string, extra: Record<string, unknown> = {}) => ({ code, event: 'NWF27', opens_at: inMinutes(120), products: ['NWF27-POSTER'], admission: { rate_per_minute: 120 }, ...extra });
  async function inGerman(pathName: string, payload: unknown) {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/staff/${pathName}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'de', cookie: admin },
      payload: JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]> }, language: response.headers['content-language'] };
  }
  const de = (text: Text) => translatorFor('de').format(text);

  it('is for admins: other roles see on-sales but neither make nor steer them', async () => {
    for (const [pathName, payload] of [
      ['onsale-create', { onsale: base('BOX') }],
      ['onsale-control', { code: 'FILED', action: 'pause' }],
    ] as const) {
      const before = await snapshot();
      const answer = await staffCall(shop.app, pathName, payload, boxOffice);
      expect([answer.status, answer.body.message]).toEqual([403, english(staffAdminMessages.notAllowed)]);
      expect((await staffCall(shop.app, pathName, payload, null)).status).toBe(401);
      expect(changedTables(before, await snapshot())).toEqual([]);
    }
  });

  it('makes an on-sale with the file’s fields, audited, in the waiting room at once and in the export', async () => {
    const opensAt = inMinutes(90);
    const answer = await create({
      code: 'WEB-SALE',
      event: 'NWF27',
      opens_at: opensAt,
      room_opens_minutes_before: 45,
      closes_at: inMinutes(600),
      products: ['NWF27-TOTE', 'NWF27-TEE-LINEUP'],
      admission: { steer: { min_per_minute: 100, max_per_minute: 900 } },
      session_minutes: 25,
      proof_of_work: { bits: 8 },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { onsale, message } = staffApi['onsale-create'].answer.parse(answer.body);
    expect(message).toBe(english(texts.created));
    expect(onsale).toMatchObject({
      code: 'WEB-SALE',
      event: 'NWF27',
      state: 'not-yet-open',
      opens_at: new Date(opensAt).toISOString(),
      room_opens_minutes_before: 45,
      admission_mode: 'steer',
      admission_limit: 900,
      admission_min_per_minute: 100,
      admission_target_p99_ms: 150,
      session_minutes: 25,
      proof_of_work_bits: 8,
      paused_at: null,
      made_here: true,
    });
    expect(onsale.products.map((product) => [product.code, product.kind])).toEqual([
      ['NWF27-TEE-LINEUP', 'merchandise'],
      ['NWF27-TOTE', 'merchandise'],
    ]);
    const audit = await lastAudit('onsale:WEB-SALE');
    expect(audit).toMatchObject({ action: 'onsale.create', actor: 'create.admin@example.org', before: null });
    expect(audit!.after).toMatchObject({ code: 'WEB-SALE', products: ['NWF27-TOTE', 'NWF27-TEE-LINEUP'], proof_of_work: { bits: 8 } });
    // The waiting room knows it at once: its room takes no places before it opens.
    const info = await shop.call('queue-info', { onsale: 'WEB-SALE' });
    expect([info.status, info.body.onsale.code]).toEqual([200, 'WEB-SALE']);
    // The export writes it as the file would.
    const exported = (await readLiveCatalogue(db())).catalogue.onsales.find((entry) => entry.code === 'WEB-SALE');
    expect(exported).toMatchObject({ event: 'NWF27', room_opens_minutes_before: 45, products: ['NWF27-TEE-LINEUP', 'NWF27-TOTE'], session_minutes: 25, proof_of_work: { bits: 8 } });
    expect(exported!.admission).toEqual({ steer: { min_per_minute: 100, max_per_minute: 900, target_p99_ms: 150 } });
  });

  it('refuses by field with the importer’s rules and the shop’s, in the staff member’s language, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, Text][] = [
      [base('FILED'), 'onsale.code', texts.codeTaken],
      [base('NEW-ONE', { event: 'NOPE' }), 'onsale.event', onsaleRuleMessages.noEvent('NOPE')],
      [base('NEW-ONE', { products: ['NWF27-POSTER', 'NOPE'] }), 'onsale.products.1', onsaleRuleMessages.noProduct('NOPE')],
      [base('NEW-ONE', { products: ['NWF27-POSTER', 'NWF27-POSTER'] }), 'onsale.products.1', onsaleRuleMessages.listedTwice('NWF27-POSTER')],
      // WEB-SALE guards the tote from 45 minutes before its opening: one room at a time over a product.
      [base('NEW-ONE', { products: ['NWF27-TOTE'] }), 'onsale.products.0', onsaleRuleMessages.roomClash('NWF27-TOTE', 'WEB-SALE')],
      [base('NEW-ONE', { products: [] }), 'onsale.products', onsaleRuleMessages.products],
      [base('NEW-ONE', { opens_at: inMinutes(-5) }), 'onsale.opens_at', texts.notInThePast],
      [base('NEW-ONE', { closes_at: inMinutes(60) }), 'onsale.closes_at', catalogueFieldMessages.laterThan('opens_at')],
      [base('NEW-ONE', { session_minutes: 2 }), 'onsale.session_minutes', onsaleFieldMessages.sessionAtLeast],
      [base('NEW-ONE', { admission: { steer: { min_per_minute: 10, max_per_minute: 5 } } }), 'onsale.admission.steer.min_per_minute', onsaleFieldMessages.steerMinAtMost],
      [base('NEW-ONE', { proof_of_work: { bits: 40 } }), 'onsale.proof_of_work.bits', onsaleFieldMessages.proofBits],
    ];
    for (const [onsale, field, text] of cases) {
      const before = await snapshot();
      const answer = await inGerman('onsale-create', { onsale });
      const context = `${field}: ${JSON.stringify(answer.body)}`;
      expect([answer.status, answer.language], context).toEqual([422, 'de']);
      expect(answer.body.errors?.[field], context).toEqual([de(text)]);
      expect(changedTables(before, await snapshot()), context).toEqual([]);
    }
    // The importer refuses the same on-sale with the same words, in English, at the same field.
    const file = `${DEMO_TEXT}\nonsales:\n  - { code: A, event: NWF27, opens_at: "2099-01-01T10:00:00Z", products: [NWF27-POSTER, NWF27-POSTER], admission: { rate_per_minute: 60 } }\n`;
    const refused = (() => {
      try {
        return parseCatalogue(file, 'twice.yaml');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(CatalogueError);
    expect((refused as CatalogueError).message).toContain(`onsales[0].products[1] (line`);
    expect((refused as CatalogueError).message).toContain(english(onsaleRuleMessages.listedTwice('NWF27-POSTER')));
  });

  it('leaves an on-sale made here alone on an import that does not name it, refuses a file room over its products, and hands it to the file that names it', async () => {
    const dir = path.dirname(DEMO_CATALOGUE);
    const filed = `${DEMO_TEXT}\nonsales:\n  - { code: FILED, event: NWF27, opens_at: "2099-03-01T10:00:00Z", products: [NWF27-HOODIE], admission: { rate_per_minute: 60 } }\n`;
    await importCatalogue(db(), parseCatalogue(filed, 'again.yaml'), dir, 'again.yaml');
    expect(await row('WEB-SALE')).toMatchObject({ active: true, madeHere: true });

    const clash = `${DEMO_TEXT}\nonsales:\n  - { code: FILE-TOTE, event: NWF27, opens_at: "${inMinutes(100)}", products: [NWF27-TOTE], admission: { rate_per_minute: 60 } }\n`;
    const refused = await importCatalogue(db(), parseCatalogue(clash, 'clash.yaml'), dir, 'clash.yaml').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CatalogueError);
    expect((refused as CatalogueError).message).toContain(english(onsaleRuleMessages.roomClash('NWF27-TOTE', 'WEB-SALE')));

    // The export of the shop, imported: WEB-SALE is the file's from then on, the same as before.
    const live = await readLiveCatalogue(db());
    const exported = catalogueYaml(live.catalogue);
    await importCatalogue(db(), parseCatalogue(exported, 'export.yaml'), dir, 'export.yaml');
    expect(await row('WEB-SALE')).toMatchObject({ active: true, madeHere: false, roomOpensAt: (await row('WEB-SALE')).roomOpensAt });
    expect(catalogueYaml((await readLiveCatalogue(db())).catalogue)).toBe(exported);
  });

  it('opens now, pauses, resumes and closes, each audited and composed with the times, and refuses what does not fit the state', async () => {
    expect((await create(base('LIVE', { products: ['NWF27-POSTER'], room_opens_minutes_before: 10 }))).status).toBe(200);
    const refusedResume = await control('LIVE', 'resume');
    expect([refusedResume.status, refusedResume.body.message]).toEqual([409, english(texts.notPaused)]);

    const opened = await control('LIVE', 'open-now');
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const openedView = staffApi['onsale-control'].answer.parse(opened.body);
    expect([openedView.message, openedView.onsale.state]).toEqual([english(texts.opened), 'admitting']);
    const openedRow = await row('LIVE');
    expect(Math.abs(openedRow.opensAt.getTime() - Date.now())).toBeLessThan(10_000);
    expect(openedRow.roomOpensAt.getTime()).toBeLessThanOrEqual(openedRow.opensAt.getTime());
    const openAudit = await lastAudit('onsale:LIVE');
    expect(openAudit).toMatchObject({ action: 'onsale.open-now', after: { opens_at: openedRow.opensAt.toISOString(), paused_at: null } });
    expect((openAudit!.before as { opens_at: string }).opens_at).not.toBe(openedRow.opensAt.toISOString());
    expect((await control('LIVE', 'open-now')).body.message).toBe(english(texts.alreadyOpen));

    const paused = await control('LIVE', 'pause');
    expect(staffApi['onsale-control'].answer.parse(paused.body).onsale).toMatchObject({ state: 'paused', paused_at: expect.any(String) });
    expect(await lastAudit('onsale:LIVE')).toMatchObject({ action: 'onsale.pause', before: { paused_at: null }, after: { paused_at: expect.any(String) } });
    expect((await control('LIVE', 'pause')).body.message).toBe(english(texts.alreadyPaused));
    // The waiting page says so (and promises no wait).
    expect((await shop.call('queue-info', { onsale: 'LIVE' })).body).toMatchObject({ onsale: { code: 'LIVE', paused: true }, wait_seconds: null });
    // The queue keeps taking places while paused.
    expect(await createQueue({ db: db() }).join('LIVE', 'paused-visitor')).toMatchObject({ joined: true, isNew: true });

    const resumed = await control('LIVE', 'resume');
    expect(staffApi['onsale-control'].answer.parse(resumed.body).onsale).toMatchObject({ state: 'admitting', paused_at: null });
    expect(await lastAudit('onsale:LIVE')).toMatchObject({ action: 'onsale.resume', after: { paused_at: null } });
    expect((await shop.call('queue-info', { onsale: 'LIVE' })).body.onsale.paused).toBe(false);

    const closed = await control('LIVE', 'close');
    const closedView = staffApi['onsale-control'].answer.parse(closed.body);
    expect([closedView.message, closedView.onsale.state]).toEqual([english(texts.closed), 'closed']);
    expect(await lastAudit('onsale:LIVE')).toMatchObject({ action: 'onsale.close', before: { closes_at: null }, after: { closes_at: expect.any(String) } });
    for (const action of ['open-now', 'pause', 'resume', 'close']) {
      const before = await snapshot();
      const again = await inGerman('onsale-control', { code: 'LIVE', action });
      expect([again.status, again.body.message, again.language]).toEqual([409, de(texts.alreadyClosed), 'de']);
      expect(changedTables(before, await snapshot())).toEqual([]);
    }
    // The waiting room says the room is closed at once.
    expect((await shop.call('queue-info', { onsale: 'LIVE' })).body.state).toBe('closed');

    // Closing before the opening closes a room that never opened (the file keeps its times whole).
    expect((await create(base('NEVER', { products: ['NWF27-LOCKER'] }))).status).toBe(200);
    expect(staffApi['onsale-control'].answer.parse((await control('NEVER', 'close')).body).onsale.state).toBe('closed');
    const never = await row('NEVER');
    expect(never.closesAt!.getTime()).toBeGreaterThan(never.opensAt.getTime());

    const unknown = await control('NO-SUCH', 'pause');
    expect([unknown.status, unknown.body.message]).toEqual([404, english(texts.noOnsale('NO-SUCH'))]);
  });

  it('gives an admin a signed preview link before the opening: their own shop account shops the room’s products as an admitted buyer, holds stock as a cart does, never buys, and closing ends it', async () => {
    // The room is open (the pre-queue), the sale opens in half an hour: the public waits.
    expect((await create(base('PEEK', { products: ['NWF27-CAMPING'], opens_at: inMinutes(30), room_opens_minutes_before: 60 }))).status).toBe(200);
    const link = await staffCall(shop.app, 'onsale-preview', { code: 'PEEK' }, admin);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const { path: linkPath, expires_at: expiresAt } = staffApi['onsale-preview'].answer.parse(link.body);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(await lastAudit('onsale:PEEK')).toMatchObject({ action: 'onsale.preview', actor: 'create.admin@example.org', after: { expires_at: expiresAt } });
    expect((await staffCall(shop.app, 'onsale-preview', { code: 'PEEK' }, boxOffice)).status).toBe(403);
    const preview = new URL(linkPath, 'https://shop.example').searchParams.get('preview')!;
    expect(linkPath.startsWith('/waiting-room/PEEK?preview=')).toBe(true);

    // The admin's own shop account (their e-mail address, any case) and another account.
    const account = async (email: string, token: string) => {
      const [row] = await db().insert(customers).values({ email, fullName: 'Preview', passwordHash: 'x', country: 'NL', address: { line1: 'Street 1', postal_code: '1000 AA', city: 'Amsterdam' } as never }).returning();
      await db().insert(sessions).values({ customerId: row!.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return token;
    };
    const own = await account('Create.Admin@example.org', 'preview-own-token');
    const other = await account('someone.else@example.org', 'preview-other-token');
    const refusedOther = await shop.call('queue-preview', { token: other, onsale: 'PEEK', preview });
    expect([refusedOther.status, refusedOther.body.message]).toEqual([403, english(waitingRoomMessages.previewUnusable)]);
    const tampered = await shop.call('queue-preview', { token: own, onsale: 'PEEK', preview: `${preview.slice(0, -2)}AA` });
    expect(tampered.status).toBe(403);
    expect((await shop.call('queue-preview', { token: own, onsale: 'FILED', preview })).status).toBe(403);

    const admitted = await shop.call('queue-preview', { token: own, onsale: 'PEEK', preview });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
    const admission = admitted.body.admission as string;
    // The public is refused the room's product; the preview's admission adds it, holding a unit as any cart does.
    const line = { external_code: 'NWF27-CAMPING', full_name: 'Preview Holder', email: 'holder@example.org', age: '25-34' };
    const publicAdd = await shop.call('add-product-to-cart', { token: other, ...line });
    expect([publicAdd.status, publicAdd.body.message]).toEqual([403, english(waitingRoomMessages.admissionRequired)]);
    const heldBefore = (await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-CAMPING')))[0]!;
    const added = await shop.call('add-product-to-cart', { token: own, admission, ...line });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const heldAfter = (await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-CAMPING')))[0]!;
    expect([heldAfter.held - heldBefore.held, heldAfter.sold - heldBefore.sold]).toEqual([1, 0]);
    // No queue place, no figure: the preview is nobody's turn.
    expect((await db().select().from(queuePlaces).where(eq(queuePlaces.onsaleId, (await row('PEEK')).id))).length).toBe(0);
    // It never buys.
    const checkout = await shop.call('checkout-cart', { ...checkoutPayload(own, added.body.cart.code), admission });
    expect([checkout.status, checkout.body.message]).toEqual([409, english(waitingRoomMessages.previewDoesNotBuy)]);
    expect((await db().select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-CAMPING')))[0]!.sold).toBe(heldBefore.sold);

    // Closing the on-sale ends the preview at once: its admission no longer adds, its link no longer admits.
    expect((await control('PEEK', 'close')).status).toBe(200);
    const afterClose = await shop.call('queue-preview', { token: own, onsale: 'PEEK', preview });
    expect(afterClose.status).toBe(403);
    const closedLink = await staffCall(shop.app, 'onsale-preview', { code: 'PEEK' }, admin);
    expect([closedLink.status, closedLink.body.message]).toEqual([409, english(texts.alreadyClosed)]);
  });

  it('admits nobody while paused, with admission steps from three instances racing the pause, and admits again after resuming', async () => {
    expect((await create(base('RACE', { products: ['NWF27-PARKING'], admission: { rate_per_minute: 30_000 } }))).status).toBe(200);
    const { id } = await row('RACE');
    // 3,000 places in the pre-queue, then the opening now.
    await db().execute(sql`INSERT INTO queue_places (onsale_id, phase, random_key, visitor_key) SELECT ${id}, 0, g, 'race-' || g FROM generate_series(1, 3000) AS g`);
    expect((await control('RACE', 'open-now')).status).toBe(200);
    const queues = [createQueue({ db: db() }), createQueue({ db: db() }), createQueue({ db: db() })];
    let stop = false;
    let steps = 0;
    const stepping = queues.map(async (queue) => {
      while (!stop) {
        if ((await queue.step(id)) !== null) steps += 1;
        await sleep(1);
      }
    });
    const admittedNow = async () => {
      const [counts] = await executeRows<{ admitted: number; marked: number }>(
        db(),
        sql`SELECT (SELECT admitted_count FROM onsales WHERE id = ${id}) AS admitted, (SELECT count(*)::int FROM queue_places WHERE onsale_id = ${id} AND active_until IS NOT NULL) AS marked`,
      );
      return counts!;
    };
    try {
      // Let them admit for a while (500 a second), then pause while they step.
      while ((await admittedNow()).admitted < 50) await sleep(20);
      expect((await control('RACE', 'pause')).status).toBe(200);
      const atPause = await admittedNow();
      expect(atPause.admitted).toBeLessThan(3000);
      expect(atPause.marked).toBe(atPause.admitted);
      const stepsAtPause = steps;
      await sleep(600);
      expect(steps).toBeGreaterThan(stepsAtPause);
      expect(await admittedNow()).toEqual(atPause);
      expect((await db().select().from(queuePlaces).where(eq(queuePlaces.onsaleId, id))).length).toBe(3000);

      expect((await control('RACE', 'resume')).status).toBe(200);
      const resumedAt = Date.now();
      while ((await admittedNow()).admitted === atPause.admitted && Date.now() - resumedAt < 10_000) await sleep(20);
      const after = await admittedNow();
      expect(after.admitted).toBeGreaterThan(atPause.admitted);
      // No surge for the pause: within the rate for the time since resuming (and a step's rounding).
      expect(after.admitted - atPause.admitted).toBeLessThanOrEqual(Math.ceil(((Date.now() - resumedAt + 1000) / 60_000) * 30_000));
    } finally {
      stop = true;
      await Promise.all(stepping);
    }
  }, timeLimit(60_000));
});
