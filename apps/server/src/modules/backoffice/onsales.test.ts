import { catalogueFieldMessages, english, onsaleFieldMessages, staffApi, staffOnsaleMessages as texts, type OnsaleView } from '@festival/contract';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, TEST_HOLD_LIMITS, type TestShop } from '../../../test/test-shop';
import { onsales, staffAudit } from '../../db/schema';
import { importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { timeLimit } from '../../../test/time-limits';

const SECRET = 'onsales-admin-test-secret-of-32-chars!!!';
const DEMO_TEXT = readFileSync(DEMO_CATALOGUE, 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * The back office's on-sales over HTTP (issue 23 points 1 and 6): the live figures of queues
 * built here (joins through `queue-join`, admission steps through the waiting room), an admin's
 * change of times and admission control and its effect on the room (the next step admits by the
 * new rate or cap, a new place needs the new proof of work, at once on the instance changed), the
 * refusals by field that change no table, and the audit entries.
 */
describe.each(testEngines())('the back-office on-sales on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  let boxOffice: string;
  let customerService: string;
  const preOpensAt = inMinutes(60);
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      app: {
        appSecret: SECRET,
        // The tests step the rooms themselves and read the figures fresh.
        admissionStepIntervalMs: 3_600_000,
        waitingRoomStateMaxAgeMs: 0,
        onsaleFiguresCacheMs: 0,
        queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 },
      },
    });
    const onsaleLines = [
      `{ code: RATE, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-WEEKEND], admission: { rate_per_minute: 1 } }`,
      `{ code: CAP, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-TOTE], admission: { max_active: 2 } }`,
      `{ code: PRE, event: NWF27, opens_at: "${preOpensAt}", room_opens_minutes_before: 120, products: [NWF27-DAY-SAT], admission: { rate_per_minute: 60 } }`,
      `{ code: SOON, event: NWF27, opens_at: "2099-01-01T10:00:00Z", room_opens_minutes_before: 1440, closes_at: "2099-01-02T10:00:00Z", products: [NWF27-PARKING], admission: { rate_per_minute: 60 } }`,
    ];
    const text = `${DEMO_TEXT}\nonsales:\n${onsaleLines.map((line) => `  - ${line}\n`).join('')}`;
    await importCatalogue(shop.database.db, parseCatalogue(text, 'onsales.yaml'), path.dirname(DEMO_CATALOGUE), 'onsales.yaml');
    shop.app.waitingRoom.invalidate();
    const clock = new Date();
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'onsales.admin@example.org', role: 'admin' }, clock)).cookie;
    boxOffice = (await signedInStaff(shop.app, shop.database.db, { email: 'onsales.box@example.org', role: 'box_office' }, clock)).cookie;
    customerService = (await signedInStaff(shop.app, shop.database.db, { email: 'onsales.cs@example.org', role: 'customer_service' }, clock)).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const db = () => shop.database.db;
  const snapshot = () => createSnapshotter(db())();
  const overview = async (cookie = admin, app: FastifyInstance = shop.app) => {
    const answer = await staffCall(app, 'onsales-overview', {}, cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return staffApi['onsales-overview'].answer.parse(answer.body);
  };
  const onsale = async (code: string): Promise<OnsaleView> => (await overview()).onsales.find((view) => view.code === code)!;
  const change = (code: string, changes: Record<string, unknown>, cookie = admin, app: FastifyInstance = shop.app) => staffCall(app, 'onsale-change', { code, changes }, cookie);
  const join = async (code: string, count: number) => {
    const joined: { token: string; pass: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const customer = await createCustomer(shop);
      const answer = await shop.call('queue-join', { token: customer.token, onsale: code });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      joined.push({ token: customer.token, pass: answer.body.pass });
    }
    return joined;
  };
  const lastAudit = async (target: string) => (await db().select().from(staffAudit).where(eq(staffAudit.target, target)).orderBy(desc(staffAudit.id)).limit(1))[0];
  const row = async (code: string) => (await db().select().from(onsales).where(eq(onsales.code, code)))[0]!;

  it('shows every on-sale with its times, products, admission control and state, to the roles that see the dashboard', async () => {
    const answer = await overview();
    expect(answer.onsales.map((view) => view.code)).toEqual(['CAP', 'RATE', 'PRE', 'SOON']);
    expect(answer.refresh_seconds).toBe(5);
    const soon = answer.onsales.find((view) => view.code === 'SOON')!;
    expect(soon).toMatchObject({
      event: 'NWF27',
      timezone: 'Europe/Amsterdam',
      state: 'not-yet-open',
      opens_at: '2099-01-01T10:00:00.000Z',
      room_opens_at: '2098-12-31T10:00:00.000Z',
      room_opens_minutes_before: 1440,
      closes_at: '2099-01-02T10:00:00.000Z',
      admission_mode: 'rate',
      admission_limit: 60,
      admission_rate_limit: null,
      session_minutes: 20,
      proof_of_work_bits: 0,
      figures: { places: 0, waiting: 0, admitted: 0, active: 0, admissions_per_minute: 0, sold_out_at: null, sell_out_seconds: null },
    });
    expect(soon.products).toEqual([{ code: 'NWF27-PARKING', name: expect.any(String), kind: 'product', stock: expect.any(Number), sold: 0, held: 0, available: expect.any(Number) }]);
    expect(answer.onsales.find((view) => view.code === 'PRE')!.state).toBe('pre-queue');
    expect(answer.onsales.find((view) => view.code === 'RATE')!.state).toBe('admitting');
    expect((await overview(boxOffice)).onsales).toHaveLength(4);
    expect((await overview(customerService)).onsales).toHaveLength(4);
    expect((await change('SOON', { session_minutes: 30 }, customerService)).status).toBe(403);
  });

  it('counts the queue as it is built: places, waiting, admitted and shopping now, in the pre-queue and after the opening', async () => {
    await join('PRE', 3);
    expect((await onsale('PRE')).figures).toMatchObject({ places: 3, waiting: 3, admitted: 0, active: 0, admissions_per_minute: 0 });

    const joined = await join('RATE', 5);
    expect((await onsale('RATE')).figures).toMatchObject({ places: 5, waiting: 5, admitted: 0, active: 0 });
    await shop.app.waitingRoom.stepAll();
    // One a minute, credited for at most a minute: the first step lets one in, active for the grace to come.
    expect((await onsale('RATE')).figures).toMatchObject({ places: 5, waiting: 4, admitted: 1, active: 1 });
    const admitted = await shop.call('queue-admit', { token: joined[0]!.token, onsale: 'RATE', pass: joined[0]!.pass });
    expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
    expect((await onsale('RATE')).figures).toMatchObject({ admitted: 1, active: 1 });

    await join('CAP', 4);
    await shop.app.waitingRoom.stepAll();
    // At most two at once: the step lets two in, each counting as active for their grace to come in.
    expect((await onsale('CAP')).figures).toMatchObject({ places: 4, waiting: 2, admitted: 2, active: 2 });
  });

  it('lets the next step admit by a changed rate or cap, and audits who changed what from what', async () => {
    const before = await row('RATE');
    const rate = await change('RATE', { admission: { rate_per_minute: 3 } });
    expect(rate.status, JSON.stringify(rate.body)).toBe(200);
    const answer = staffApi['onsale-change'].answer.parse(rate.body);
    expect(answer.message).toBe(english(texts.saved));
    expect(answer.onsale).toMatchObject({ code: 'RATE', admission_mode: 'rate', admission_limit: 3 });
    expect(await lastAudit('onsale:RATE')).toMatchObject({ actor: 'onsales.admin@example.org', action: 'onsale.change', before: { admission: 'rate_per_minute 1' }, after: { admission: 'rate_per_minute 3' } });
    expect((await row('RATE')).admittedCount).toBe(before.admittedCount);

    const cap = await change('CAP', { admission: { max_active: 3 }, session_minutes: 30 });
    expect(cap.status, JSON.stringify(cap.body)).toBe(200);
    expect(await lastAudit('onsale:CAP')).toMatchObject({ before: { admission: 'max_active 2', session_minutes: '20' }, after: { admission: 'max_active 3', session_minutes: '30' } });
    await shop.app.waitingRoom.stepAll();
    // The cap rose by one: one more comes in.
    expect((await onsale('CAP')).figures).toMatchObject({ waiting: 1, admitted: 3, active: 3 });

    // A step is credited at most a minute: with the last step back-dated by one, three more come in at the new rate, where one a minute would have let one in.
    const { lastStepAt } = await row('RATE');
    await db().update(onsales).set({ lastStepAt: new Date(lastStepAt!.getTime() - 60_000) }).where(eq(onsales.code, 'RATE'));
    await shop.app.waitingRoom.stepAll();
    expect((await onsale('RATE')).figures).toMatchObject({ places: 5, waiting: 1, admitted: 4 });
    // The figure of the last minute, as this instance's steps saw it, once seen over 5 seconds.
    await sleep(5_100);
    const measured = (await onsale('RATE')).figures.admissions_per_minute;
    expect(measured).toBeGreaterThan(0);
    expect(measured).toBeLessThanOrEqual((4 * 60_000) / 5_000);
  }, timeLimit(30_000));

  it('sets a cap’s ramp, which the next steps admit by (one a second, not the cap’s room at once), and clears it', async () => {
    const set = await change('CAP', { admission: { max_active: 10, rate_per_minute: 60 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(staffApi['onsale-change'].answer.parse(set.body).onsale).toMatchObject({ admission_mode: 'cap', admission_limit: 10, admission_rate_limit: 60 });
    expect(await lastAudit('onsale:CAP')).toMatchObject({ before: { admission: 'max_active 3' }, after: { admission: 'max_active 10, rate_per_minute 60' } });
    expect(await row('CAP')).toMatchObject({ admissionRateLimit: 60, rateCarry: 0 });
    await join('CAP', 5);
    expect((await onsale('CAP')).figures).toMatchObject({ waiting: 6, admitted: 3 });
    // A step a second (the last one back-dated by a second): one each, where the cap alone would let all six in.
    for (const admitted of [4, 5]) {
      await db().execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second' WHERE code = 'CAP'`);
      await shop.app.waitingRoom.stepAll();
      expect((await onsale('CAP')).figures).toMatchObject({ admitted });
    }
    // The same ramp again is no change; a cap sent without its ramp clears it.
    expect(await change('CAP', { admission: { max_active: 10, rate_per_minute: 60 } })).toMatchObject({ status: 422, body: { message: english(texts.nothingToChange) } });
    const cleared = await change('CAP', { admission: { max_active: 10 } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(staffApi['onsale-change'].answer.parse(cleared.body).onsale).toMatchObject({ admission_limit: 10, admission_rate_limit: null });
    expect(await lastAudit('onsale:CAP')).toMatchObject({ before: { admission: 'max_active 10, rate_per_minute 60' }, after: { admission: 'max_active 10' } });
    expect(await row('CAP')).toMatchObject({ admissionRateLimit: null, rateCarry: 0 });
    await shop.app.waitingRoom.stepAll();
    expect((await onsale('CAP')).figures).toMatchObject({ waiting: 0, admitted: 9 });
    // A rate has no ramp: the database would refuse one (the change sets the column back to null).
    expect((await change('CAP', { admission: { rate_per_minute: 5 } })).status).toBe(200);
    expect(await row('CAP')).toMatchObject({ admissionMode: 'rate', admissionRateLimit: null });
  });

  it('refuses by field what the file refuses, in its words, and what only the shop knows; a refusal changes no table', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['SOON', { admission: { rate_per_minute: 0 } }, 'changes.admission.rate_per_minute', english(onsaleFieldMessages.admissionLimit)],
      ['SOON', { admission: { per_second: 5 } }, 'changes.admission', english(onsaleFieldMessages.admission)],
      ['SOON', { admission: { max_active: 5, rate_per_minute: 0 } }, 'changes.admission.rate_per_minute', english(onsaleFieldMessages.admissionLimit)],
      ['SOON', { admission: { max_active: 0, rate_per_minute: 5 } }, 'changes.admission.max_active', english(onsaleFieldMessages.admissionLimit)],
      ['SOON', { admission: {} }, 'changes.admission', english(onsaleFieldMessages.admission)],
      ['SOON', { session_minutes: 2 }, 'changes.session_minutes', english(onsaleFieldMessages.sessionAtLeast)],
      ['SOON', { room_opens_minutes_before: 2000 }, 'changes.room_opens_minutes_before', english(onsaleFieldMessages.roomMinutes)],
      ['SOON', { proof_of_work: { bits: 40 } }, 'changes.proof_of_work.bits', english(onsaleFieldMessages.proofBits)],
      ['SOON', { opens_at: 'tomorrow' }, 'changes.opens_at', english(catalogueFieldMessages.instant)],
      ['SOON', { opens_at: '2099-01-03T10:00:00Z', closes_at: '2099-01-02T10:00:00Z' }, 'changes.closes_at', english(catalogueFieldMessages.laterThan('opens_at'))],
      // What only the shop knows: the stored closing, the clock, the queue.
      ['SOON', { closes_at: '2098-12-31T10:00:00Z' }, 'changes.closes_at', english(catalogueFieldMessages.laterThan('opens_at'))],
      ['SOON', { opens_at: '2099-01-03T10:00:00Z' }, 'changes.opens_at', english(texts.beforeClosing)],
      ['SOON', { opens_at: '2020-06-01T10:00:00Z' }, 'changes.opens_at', english(texts.notInThePast)],
      ['SOON', { closes_at: '2020-06-01T10:00:00Z' }, 'changes.closes_at', english(texts.notInThePast)],
      ['RATE', { opens_at: '2099-06-01T10:00:00Z' }, 'changes.opens_at', english(texts.openingPassed)],
      ['RATE', { closes_at: '2021-01-01T10:00:00Z' }, 'changes.closes_at', english(texts.notInThePast)],
      // The pre-queue is open: its room may not open later than now again.
      ['PRE', { room_opens_minutes_before: 10 }, 'changes.room_opens_minutes_before', english(texts.roomStaysOpen(60))],
      ['PRE', { opens_at: inMinutes(300) }, 'changes.opens_at', english(texts.roomStaysOpen(300))],
    ];
    for (const [code, changes, field, message] of cases) {
      const before = await snapshot();
      const answer = await change(code, changes);
      const context = `${code} ${JSON.stringify(changes)}: ${answer.status} ${JSON.stringify(answer.body)}`;
      expect(answer.status, context).toBeGreaterThanOrEqual(400);
      expect(answer.status, context).toBeLessThan(500);
      expect(answer.body.errors?.[field], context).toEqual([message]);
      expect(changedTables(before, await snapshot()), context).toEqual([]);
    }
    const before = await snapshot();
    expect(await change('SOON', { session_minutes: 20, admission: { rate_per_minute: 60 } })).toMatchObject({ status: 422, body: { message: english(texts.nothingToChange) } });
    expect(await change('NOPE', { session_minutes: 30 })).toMatchObject({ status: 404, body: { message: english(texts.noOnsale('NOPE')) } });
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('moves a future on-sale’s opening with its room, and a change reaches the waiting room of the instance at once', async () => {
    const moved = await change('SOON', { opens_at: '2099-01-01T12:00:00Z', closes_at: null, session_minutes: 45 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(staffApi['onsale-change'].answer.parse(moved.body).onsale).toMatchObject({
      opens_at: '2099-01-01T12:00:00.000Z',
      room_opens_at: '2098-12-31T12:00:00.000Z',
      room_opens_minutes_before: 1440,
      closes_at: null,
      session_minutes: 45,
    });
    expect(await lastAudit('onsale:SOON')).toMatchObject({
      before: { opens_at: '2099-01-01T10:00:00.000Z', closes_at: '2099-01-02T10:00:00.000Z', session_minutes: '20', room_opens_minutes_before: '1440 (2098-12-31T10:00:00.000Z)' },
      after: { opens_at: '2099-01-01T12:00:00.000Z', closes_at: 'none', session_minutes: '45', room_opens_minutes_before: '1440 (2098-12-31T12:00:00.000Z)' },
    });

    // An instance whose rooms' state would be kept an hour: the change drops it, so its next join asks for the new proof of work.
    const second = await buildApp({
      db: db(),
      backOfficeDb: shop.database.backOfficeDb,
      config: shop.config,
      webRoot: path.join(process.cwd(), 'apps/web/dist'),
      appSecret: SECRET,
      holdLimits: TEST_HOLD_LIMITS,
      admissionStepIntervalMs: 3_600_000,
      waitingRoomStateMaxAgeMs: 3_600_000,
      queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 },
    });
    try {
      await second.ready();
      const customer = await createCustomer(shop);
      const call = (token: string) => second.inject({ method: 'POST', url: '/api/queue-join', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { token, onsale: 'PRE' } });
      expect((await call(customer.token)).json()).toMatchObject({ state: 'before-opening', challenge: null });
      const proof = await change('PRE', { proof_of_work: { bits: 8 }, room_opens_minutes_before: 180 }, admin, second);
      expect(proof.status, JSON.stringify(proof.body)).toBe(200);
      const newcomer = await createCustomer(shop);
      expect((await call(newcomer.token)).json()).toMatchObject({ state: 'proof-needed', challenge: { bits: 8 } });
      expect(await onsale('PRE')).toMatchObject({ proof_of_work_bits: 8, room_opens_minutes_before: 180, figures: { places: 4 } });
    } finally {
      await second.close();
    }
  });
});
