import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { english, leadingZeroBits, proofInput, queueAdmitAnswer, queueInfoAnswer, waitingRoomMessages } from '@festival/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testEngines } from '../../../test/databases';
import { changedTables, createSnapshotter } from '../../../test/db-snapshot';
import { checkoutPayload, createCustomer } from '../../../test/shop-flows';
import { createTestShop, DEMO_CATALOGUE, TEST_HOLD_LIMITS, type TestShop } from '../../../test/test-shop';
import { importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { JOIN_LIMITS } from './join-limits';
import { timeLimit } from '../../../test/time-limits';

const demoText = readFileSync(DEMO_CATALOGUE, 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const holder = (name: string) => ({ full_name: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`, age: '25-34' });
const SECRET = 'waiting-room-test-secret-of-at-least-32-chars';

/** The demo catalogue with on-sales added (the file's `onsales`). */
async function importWithOnsales(shop: TestShop, onsales: string[]) {
  const text = `${demoText}\nonsales:\n${onsales.map((line) => `  - ${line}\n`).join('')}`;
  await importCatalogue(shop.database.db, parseCatalogue(text, 'onsales.yaml'), path.dirname(DEMO_CATALOGUE), 'onsales.yaml');
  shop.app.waitingRoom.invalidate();
}

/** What a stock call with an admission pass whose place's shopping ended answers (as re-admission does, naming the room to queue at again). */
const ended = { message: waitingRoomMessages.shoppingEnded, waiting_room: 'ROOM' };

/** A pass with one character changed (still base64url, so it reads as a pass with a bad signature). */
const tampered = (pass: string) => `${pass.slice(0, 20)}${pass[20] === 'A' ? 'B' : 'A'}${pass.slice(21)}`;

/** Every test runs with a fixed rate and with a self-steering one (issue 35 point 2: the room's tests pass with self-steering on). */
const ADMISSION_MODES = ['a fixed rate', 'a self-steering rate'] as const;

/**
 * The waiting room through the shop's calls (issue 23, "Shown by tests", API on both engines):
 * the stock calls refused without an admission pass and accepted with one, an expired or
 * another's pass refused, the place kept across joins, the per-network limit on new places, the
 * proof of work, and two instances admitting from one queue without admitting anyone twice or
 * skipping anyone.
 */
describe.each(testEngines().flatMap((engine) => ADMISSION_MODES.map((mode) => [engine, mode] as const)))('the waiting room on %s, admitting at %s', (engine, mode) => {
  /** The admission of an on-sale admitting `perMinute` a minute: a fixed rate, or a self-steering one with that maximum (too few calls to steer by in these tests: it stays there). */
  const admission = (perMinute: number) => (mode === 'a fixed rate' ? `{ rate_per_minute: ${perMinute} }` : `{ steer: { min_per_minute: 1, max_per_minute: ${perMinute} } }`);
  let shop: TestShop;
  /** The shop's clock runs this far ahead of the wall clock (to expire passes). */
  let skewMs = 0;
  let opensAt: number;
  beforeAll(async () => {
    shop = await createTestShop(engine, {
      app: {
        appSecret: SECRET,
        now: () => new Date(Date.now() + skewMs),
        // The tests step the rooms themselves, and see every change at once.
        admissionStepIntervalMs: 3_600_000,
        waitingRoomStateMaxAgeMs: 0,
        queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 },
      },
    });
    // Opens when the first test says so (below), not at a time a busy machine may pass during set-up.
    opensAt = Date.now() + 10 * 60_000;
    await importWithOnsales(shop, [
      `{ code: ROOM, event: NWF27, opens_at: "${new Date(opensAt).toISOString()}", products: [NWF27-WEEKEND, NWF27-TOTE], admission: ${admission(6000)}, session_minutes: 20 }`,
      `{ code: LATER, event: NWF27, opens_at: "2099-01-01T10:00:00Z", products: [NWF27-DAY-SAT], admission: ${admission(60)} }`,
    ]);
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  it('refuses the stock calls of a room’s products without an admission pass, lets a customer in at their turn, and then takes their calls', async () => {
    const buyer = await createCustomer(shop);
    const other = await createCustomer(shop);
    const add = (token: string | null, extra: Record<string, unknown> = {}) =>
      shop.call('add-product-to-cart', { token, external_code: 'NWF27-WEEKEND', ...holder('Ann Early'), ...extra });

    // Before the opening: a visitor and a customer are both sent to the waiting room; nothing is held.
    const snapshot = createSnapshotter(shop.database.db);
    const before = await snapshot();
    for (const token of [null, buyer.token]) {
      const refused = await add(token);
      expect(refused).toEqual({ status: 403, body: { message: english(waitingRoomMessages.admissionRequired), waiting_room: 'ROOM' } });
    }
    const tote = await shop.call('add-merchandise-to-cart', { token: buyer.token, external_code: 'NWF27-TOTE' });
    expect(tote.body).toEqual({ message: english(waitingRoomMessages.admissionRequired), waiting_room: 'ROOM' });
    expect(changedTables(before, await snapshot())).toEqual([]);
    // A product no open room guards sells as before (LATER's room opens in 2099).
    expect((await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-DAY-SAT', ...holder('Ann Day') })).status).toBe(200);

    // Joining needs an account, then gives one place whatever the number of joins.
    expect(await shop.call('queue-join', { onsale: 'ROOM' })).toEqual({ status: 401, body: { message: english(waitingRoomMessages.logInToQueue) } });
    const joined = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ state: 'before-opening', position: null, onsale: { code: 'ROOM', title: expect.any(String) } });
    expect(joined.body.products.map((product: { external_code: string }) => product.external_code)).toEqual(['NWF27-TOTE', 'NWF27-WEEKEND']);
    const pass: string = joined.body.pass;
    const again = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    expect(again.status).toBe(200);
    const places = await shop.database.db.execute(sql`SELECT count(*)::int AS n FROM queue_places`);
    expect((places as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    expect((await shop.call('queue-status', { onsale: 'ROOM', pass })).body.state).toBe('before-opening');
    const otherJoined = await shop.call('queue-join', { token: other.token, onsale: 'ROOM' });
    expect(otherJoined.status).toBe(200);

    // Not their turn before the opening; nobody is admitted before it either.
    expect(await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass })).toEqual({ status: 409, body: { message: english(waitingRoomMessages.notYourTurn) } });
    expect(await shop.app.waitingRoom.stepAll()).toBe(0);
    // A visitor without a session sees the sale before its opening, with no wait told yet.
    expect((await shop.call('queue-info', { onsale: 'ROOM' })).body).toMatchObject({ onsale: { code: 'ROOM' }, state: 'before-opening', wait_seconds: null });

    // The opening: a second ago, so the room's first step admits both at 6,000 a minute.
    opensAt = Date.now() - 1000;
    await shop.database.db.execute(sql`UPDATE onsales SET opens_at = ${new Date(opensAt).toISOString()}::timestamptz WHERE code = 'ROOM'`);
    shop.app.waitingRoom.invalidate();
    expect(await shop.app.waitingRoom.stepAll()).toBe(2);
    expect((await shop.call('queue-status', { onsale: 'ROOM', pass })).body).toMatchObject({ state: 'your-turn', next_check_ms: 0 });
    // The place is the buyer's: another account with its pass is refused, and a changed pass is no pass.
    expect(await shop.call('queue-admit', { token: other.token, onsale: 'ROOM', pass })).toEqual({ status: 403, body: { message: english(waitingRoomMessages.notYours) } });
    expect(await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass: tampered(pass) })).toEqual({ status: 410, body: { message: english(waitingRoomMessages.placeUnreadable) } });
    expect((await shop.call('queue-status', { onsale: 'LATER', pass })).status).toBe(410);
    const admitted = await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass });
    expect(admitted.status).toBe(200);
    const admission: string = admitted.body.admission;
    expect(Date.parse(admitted.body.expires_at) - Date.now()).toBeGreaterThan(19 * 60_000);
    // With the server's time, so a page measures its clock's error (the answer's schema requires it).
    expect(queueAdmitAnswer.parse(admitted.body).now).toBe(admitted.body.now);
    expect(Math.abs(Date.parse(admitted.body.now) - Date.now())).toBeLessThan(5_000);

    // The admission pass opens the stock calls to its holder only.
    expect((await add(other.token, { admission })).status).toBe(403);
    expect((await add(buyer.token, { admission: tampered(admission) })).status).toBe(403);
    expect((await add(buyer.token, { admission: pass })).status).toBe(403);
    const cartAnswer = await add(buyer.token, { admission });
    expect(cartAnswer.status, JSON.stringify(cartAnswer.body)).toBe(200);
    const cart: string = cartAnswer.body.cart.code;
    expect((await shop.call('add-merchandise-to-cart', { token: buyer.token, cart, external_code: 'NWF27-TOTE', admission })).status).toBe(200);

    // Checking out a cart with the room's products needs the pass too; refused, it changes nothing.
    const beforeCheckout = await snapshot();
    const refused = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart, { shipping_name: 'Ann', shipping_country: 'NL', shipping_address: { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' } }));
    expect(refused).toEqual({ status: 403, body: { message: english(waitingRoomMessages.admissionRequired), waiting_room: 'ROOM' } });
    expect(changedTables(beforeCheckout, await snapshot())).toEqual([]);

    // An expired pass is refused: the shop's clock past the session's end.
    skewMs = 21 * 60_000;
    try {
      expect((await add(buyer.token, { cart, admission })).body).toEqual({ message: english(waitingRoomMessages.admissionRequired), waiting_room: 'ROOM' });
    } finally {
      skewMs = 0;
    }
    const checkedOut = await shop.call(
      'checkout-cart',
      checkoutPayload(buyer.token, cart, { shipping_name: 'Ann', shipping_country: 'NL', shipping_address: { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' } }, { admission }),
    );
    expect(checkedOut.status, JSON.stringify(checkedOut.body)).toBe(200);

    // The checkout ended the place: no more admissions from it. Buying again means queueing again:
    // the next join takes a new place, behind the other customer who joined before.
    expect(await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass })).toEqual({ status: 410, body: { message: waitingRoomMessages.shoppingEnded } });
    const rejoined = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    expect(rejoined.status).toBe(200);
    const newPass: string = rejoined.body.pass;
    expect(newPass).not.toBe(pass);
    const placeIds = (await shop.database.db.execute(sql`SELECT id, ended_at IS NOT NULL AS ended FROM queue_places WHERE visitor_key = ${`customer:${buyer.id}`} ORDER BY id`)) as unknown as {
      rows: { id: number; ended: boolean }[];
    };
    expect(placeIds.rows.map((row) => row.ended)).toEqual([true, false]);
    // Joining again (another tab) finds the new place; the new place waits for its turn like any other.
    expect((await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' })).body.pass).toBeDefined();
    expect((await shop.database.db.execute(sql`SELECT count(*)::int AS n FROM queue_places WHERE visitor_key = ${`customer:${buyer.id}`}`)) as unknown as { rows: { n: number }[] }).toMatchObject({ rows: [{ n: 2 }] });
    expect(await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass: newPass })).toEqual({ status: 409, body: { message: english(waitingRoomMessages.notYourTurn) } });
    await shop.database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second' WHERE code = 'ROOM'`);
    expect(await shop.app.waitingRoom.stepAll()).toBe(1);
    expect((await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass: newPass })).status).toBe(200);
  }, timeLimit(60_000));

  it('renews an active shopper’s admission for two sessions at most, then ends the place so the slot goes to the queue', async () => {
    const buyer = await createCustomer(shop);
    const joined = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    expect(joined.status).toBe(200);
    const pass: string = joined.body.pass;
    // A second since the last step: at 6,000 a minute everyone waiting comes in.
    await shop.database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second' WHERE code = 'ROOM'`);
    expect(await shop.app.waitingRoom.stepAll()).toBe(1);
    const first = await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass });
    expect(first.status).toBe(200);
    const place = sql`visitor_key = ${`customer:${buyer.id}`} AND ended_at IS NULL`;
    // 30 minutes into a 20-minute session: the renewal runs to 40 minutes after the first taking, not 20 minutes on.
    await shop.database.db.execute(sql`UPDATE queue_places SET taken_at = taken_at - interval '30 minutes' WHERE ${place}`);
    const renewed = await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass });
    expect(renewed.status).toBe(200);
    const left = Date.parse(renewed.body.expires_at) - Date.now();
    expect(left).toBeGreaterThan(9 * 60_000);
    expect(left).toBeLessThan(11 * 60_000);
    // 40 minutes in: no renewal; the place ends, and the next join takes a new one.
    await shop.database.db.execute(sql`UPDATE queue_places SET taken_at = taken_at - interval '10 minutes' WHERE ${place}`);
    expect(await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass })).toEqual({ status: 410, body: { message: waitingRoomMessages.shoppingEnded } });
    const { rows } = (await shop.database.db.execute(sql`SELECT count(*)::int AS n FROM queue_places WHERE ${place} AND (active_until IS NULL OR active_until > now())`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
    // The renewed pass has minutes left on its signature, but its place's shopping time is over: it takes nothing.
    expect(await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Cy Late'), admission: renewed.body.admission })).toEqual({ status: 410, body: ended });
    const rejoined = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    expect(rejoined.status).toBe(200);
    expect(rejoined.body.pass).not.toBe(pass);
  }, timeLimit(60_000));

  it('ends an admission pass with its place: after a checkout the same pass takes no stock and checks out nothing, and parallel checkouts with it make one order', async () => {
    const buyer = await createCustomer(shop);
    const joined = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    expect(joined.status).toBe(200);
    // A second since the last step: at 6,000 a minute everyone waiting comes in (an earlier test's new place too).
    await shop.database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second' WHERE code = 'ROOM'`);
    expect(await shop.app.waitingRoom.stepAll()).toBeGreaterThanOrEqual(1);
    const admitted = await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass: joined.body.pass });
    expect(admitted.status).toBe(200);
    const admission: string = admitted.body.admission;
    const add = async (extra: Record<string, unknown> = {}) => shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Di Twice'), admission, ...extra });
    // Three carts, each holding a ticket taken with the one pass while it was current.
    const carts: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const answer = await add();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      carts.push(answer.body.cart.code);
    }
    const orders = async () =>
      ((await shop.database.db.execute(sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${buyer.id}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const checkout = (cart: string) => shop.call('checkout-cart', checkoutPayload(buyer.token, cart, {}, { admission }));

    // Two checkouts at once with one pass: the place allows one order, the other is told its shopping time ended.
    const raced = await Promise.all([checkout(carts[0]!), checkout(carts[1]!)]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 410]);
    expect(raced.find((answer) => answer.status === 410)!.body).toEqual(ended);
    expect(await orders()).toBe(1);

    // After it the pass, still unexpired, opens no stock call and no checkout; refused, they change nothing.
    const snapshot = createSnapshotter(shop.database.db);
    const before = await snapshot();
    expect(await add()).toEqual({ status: 410, body: ended });
    expect(await add({ cart: carts[2], ...holder('Di Third') })).toEqual({ status: 410, body: ended });
    expect(await shop.call('add-merchandise-to-cart', { token: buyer.token, cart: carts[2], external_code: 'NWF27-TOTE', admission })).toEqual({ status: 410, body: ended });
    expect(await checkout(carts[2]!)).toEqual({ status: 410, body: ended });
    expect(changedTables(before, await snapshot())).toEqual([]);
    expect(await orders()).toBe(1);
    // The order made is found again by its cart (a repeated submission), not refused.
    const winner = carts[raced.findIndex((answer) => answer.status === 200)]!;
    expect((await checkout(winner)).status).toBe(200);
    expect(await orders()).toBe(1);
  }, timeLimit(60_000));

  it('refuses an admission pass whose place is gone, with nothing taken', async () => {
    const buyer = await createCustomer(shop);
    const joined = await shop.call('queue-join', { token: buyer.token, onsale: 'ROOM' });
    // A second since the last step: at 6,000 a minute everyone waiting comes in (an earlier test's new place too).
    await shop.database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second' WHERE code = 'ROOM'`);
    expect(await shop.app.waitingRoom.stepAll()).toBeGreaterThanOrEqual(1);
    const admitted = await shop.call('queue-admit', { token: buyer.token, onsale: 'ROOM', pass: joined.body.pass });
    expect(admitted.status).toBe(200);
    await shop.database.db.execute(sql`DELETE FROM queue_places WHERE visitor_key = ${`customer:${buyer.id}`}`);
    const snapshot = createSnapshotter(shop.database.db);
    const before = await snapshot();
    expect(await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Ed Gone'), admission: admitted.body.admission })).toEqual({ status: 410, body: ended });
    expect(changedTables(before, await snapshot())).toEqual([]);
  }, timeLimit(60_000));

  it('answers bad input with a 4xx and changes nothing', async () => {
    const buyer = await createCustomer(shop);
    const snapshot = createSnapshotter(shop.database.db);
    const before = await snapshot();
    const cases: [string, Record<string, unknown>, number][] = [
      ['queue-join', { token: buyer.token, onsale: 'NO-SUCH' }, 404],
      ['queue-join', { token: 'not-a-session-token', onsale: 'ROOM' }, 401],
      ['queue-join', { token: buyer.token, onsale: 'a b' }, 422],
      ['queue-join', { token: buyer.token, onsale: 'X'.repeat(65) }, 422],
      ['queue-join', { token: buyer.token, onsale: 'LATER' }, 409],
      ['queue-info', { onsale: 'NO-SUCH' }, 404],
      ['queue-info', { onsale: 'a b' }, 422],
      ['queue-info', {}, 422],
      ['queue-status', { onsale: 'ROOM', pass: 'not a pass' }, 410],
      ['queue-status', { onsale: 'ROOM', pass: 'A'.repeat(257) }, 422],
      ['queue-status', { onsale: 'ROOM' }, 422],
      ['queue-admit', { token: buyer.token, onsale: 'ROOM', pass: '' }, 410],
      ['add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Bo'), admission: 'x'.repeat(300) }, 422],
      ['add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Bo'), admission: 12 }, 422],
    ];
    for (const [callPath, payload, status] of cases) {
      const answer = await shop.call(callPath as 'queue-join', payload);
      expect(answer.status, `${callPath} ${JSON.stringify(payload)}: ${JSON.stringify(answer.body)}`).toBe(status);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  }, timeLimit(60_000));

  it('limits the new places taken from one network, not a customer coming back to theirs', async () => {
    // The shop's clock starts in the middle of a limit window, so the test never runs across two windows.
    const shift = JOIN_LIMITS.windowMs / 2 - (Date.now() % JOIN_LIMITS.windowMs);
    const limited = await createTestShop(engine, {
      app: { now: () => new Date(Date.now() + shift), queueJoinLimits: { perAddress: 3, perNetwork: 100 }, admissionStepIntervalMs: 3_600_000, waitingRoomStateMaxAgeMs: 0 },
    });
    try {
      await importWithOnsales(limited, [`{ code: FAST, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-WEEKEND], admission: ${admission(60)} }`]);
      const buyers = await Promise.all(Array.from({ length: 4 }, () => createCustomer(limited)));
      for (const buyer of buyers.slice(0, 3)) expect((await limited.call('queue-join', { token: buyer.token, onsale: 'FAST' })).status).toBe(200);
      // Coming back to a place takes nothing new.
      for (const buyer of buyers.slice(0, 3)) expect((await limited.call('queue-join', { token: buyer.token, onsale: 'FAST' })).status).toBe(200);
      expect(await limited.call('queue-join', { token: buyers[3]!.token, onsale: 'FAST' })).toEqual({ status: 429, body: { message: english(waitingRoomMessages.tooManyPlaces) } });
      // The refused place is gone again: three places.
      const { rows } = (await limited.database.db.execute(sql`SELECT count(*)::int AS n FROM queue_places`)) as unknown as { rows: { n: number }[] };
      expect(rows[0]!.n).toBe(3);
    } finally {
      await limited.close();
    }
  }, timeLimit(60_000));

  it('tells a waiting visitor their place in line now, which drops as the room admits', async () => {
    const slow = await createTestShop(engine, { app: { queueJoinLimits: { perAddress: 0, perNetwork: 0 }, admissionStepIntervalMs: 3_600_000, waitingRoomStateMaxAgeMs: 0 } });
    try {
      // One a minute: the first step has a minute's credit and lets the first in.
      await importWithOnsales(slow, [`{ code: SLOW, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-WEEKEND], admission: ${admission(1)} }`]);
      const buyers = await Promise.all(Array.from({ length: 4 }, () => createCustomer(slow)));
      const passes: string[] = [];
      for (const buyer of buyers) passes.push((await slow.call('queue-join', { token: buyer.token, onsale: 'SLOW' })).body.pass);
      expect(await slow.app.waitingRoom.stepAll()).toBe(1);
      const last = () => slow.call('queue-status', { onsale: 'SLOW', pass: passes[3]! }).then((answer) => answer.body);
      expect(await last()).toMatchObject({ state: 'waiting', position: 3, ahead: 2, waiting: 3 });
      expect((await last()).wait_seconds).toBeGreaterThanOrEqual(120);
      expect((await slow.call('queue-status', { onsale: 'SLOW', pass: passes[1]! })).body).toMatchObject({ state: 'waiting', position: 1, ahead: 0 });
      // Faster (30 a minute): 2 s on, one more is in, and the last place moves up one. (The last
      // step is set 2 s back with nothing carried instead of waiting: a slow machine's pauses cannot add a turn.)
      await slow.database.db.execute(sql`UPDATE onsales SET admission_limit = 30, steer_rate = 30, last_step_at = now() - interval '2100 milliseconds', rate_carry = 0 WHERE code = 'SLOW'`);
      expect(await slow.app.waitingRoom.stepAll()).toBe(1);
      expect(await last()).toMatchObject({ state: 'waiting', position: 2, ahead: 1, waiting: 2 });

      // Anyone, without a session or a place, sees how the sale stands: two waiting, a newcomer
      // behind them (three ahead at 30 a minute: 6 s), and what the sale covers.
      const info = await slow.call('queue-info', { onsale: 'SLOW' });
      expect(info.status).toBe(200);
      expect(queueInfoAnswer.parse(info.body)).toMatchObject({ onsale: { code: 'SLOW', opens_at: '2020-01-01T10:00:00.000Z', closes_at: null }, state: 'open', waiting: 2, wait_seconds: 6 });
      expect(info.body.products).toEqual([{ external_code: 'NWF27-WEEKEND', name: expect.any(String), shop_item_type: 'tickets', available: true }]);
      await slow.database.db.execute(sql`UPDATE onsales SET closes_at = now() - interval '1 second' WHERE code = 'SLOW'`);
      expect((await slow.call('queue-info', { onsale: 'SLOW' })).body).toMatchObject({ state: 'closed', wait_seconds: null });
    } finally {
      await slow.close();
    }
  }, timeLimit(60_000));

  it('lists the products of a sale that opens with the on-sale as to come, not sold out, and notes no sell-out before the opening', async () => {
    // Every read of the catalogue reads it afresh; a page's update takes the last one read (and starts a fresh read).
    const early = await createTestShop(engine, { app: { admissionStepIntervalMs: 3_600_000, waitingRoomStateMaxAgeMs: 0, catalogMaxAgeMs: 0 } });
    const info = async () => {
      const answer = await early.call('queue-info', { onsale: 'EARLY' });
      expect(answer.status).toBe(200);
      return queueInfoAnswer.parse(answer.body);
    };
    try {
      const opening = '2099-03-01T10:00:00.000Z';
      await importWithOnsales(early, [`{ code: EARLY, event: NWF27, opens_at: "${opening}", products: [NWF27-WEEKEND, NWF27-CAMPING, NWF27-GLAMPING], admission: ${admission(60)} }`]);
      // The organiser's usual set-up: the products go on sale at the opening, one shown before it
      // as not yet available, one hidden; a third has no units at all.
      await early.database.db.execute(sql`UPDATE shop_items SET sale_starts_at = ${opening}::timestamptz, force_view = (external_code = 'NWF27-WEEKEND') WHERE external_code IN ('NWF27-WEEKEND', 'NWF27-CAMPING')`);
      const names = await early.database.db.execute(sql`SELECT external_code, name FROM shop_items WHERE external_code IN ('NWF27-WEEKEND', 'NWF27-CAMPING', 'NWF27-GLAMPING') ORDER BY external_code`);
      const nameOf = new Map((names as unknown as { rows: { external_code: string; name: string }[] }).rows.map((row) => [row.external_code, row.name]));
      await expect
        .poll(info, { timeout: timeLimit(10_000) })
        .toMatchObject({
          state: 'before-opening',
          wait_seconds: null,
          products: [
            { external_code: 'NWF27-CAMPING', name: nameOf.get('NWF27-CAMPING'), shop_item_type: 'tickets', available: true },
            { external_code: 'NWF27-GLAMPING', name: nameOf.get('NWF27-GLAMPING'), shop_item_type: 'tickets', available: false },
            { external_code: 'NWF27-WEEKEND', name: nameOf.get('NWF27-WEEKEND'), shop_item_type: 'tickets', available: true },
          ],
        });
      // Every product without units before the opening: the page says sold out, the on-sale keeps no sell-out moment.
      await early.database.db.execute(sql`UPDATE shop_items SET stock = 0 WHERE external_code IN ('NWF27-WEEKEND', 'NWF27-CAMPING')`);
      await expect.poll(async () => (await info()).state, { timeout: timeLimit(10_000) }).toBe('sold-out');
      const soldOut = await early.database.db.execute(sql`SELECT sold_out_at FROM onsales WHERE code = 'EARLY'`);
      expect((soldOut as unknown as { rows: { sold_out_at: unknown }[] }).rows).toEqual([{ sold_out_at: null }]);
    } finally {
      await early.close();
    }
  }, timeLimit(60_000));

  it('finds a room made since its state was read (another worker, the back office, an import) at once, and guards its products after a quiet spell', async () => {
    // The rooms' state read at most every 300 ms, answered stale while calls keep it fresh; nothing here tells this instance of the change.
    const AGE_MS = 300;
    const later = await createTestShop(engine, { app: { appSecret: SECRET, admissionStepIntervalMs: 3_600_000, waitingRoomStateMaxAgeMs: AGE_MS, queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 } } });
    try {
      const [ann, bo] = [await createCustomer(later), await createCustomer(later)];
      // The state is read (no room yet): a sale nobody made is refused.
      expect((await later.call('queue-join', { token: ann.token, onsale: 'LATER' })).status).toBe(404);
      const text = `${demoText}\nonsales:\n  - { code: LATER, event: NWF27, opens_at: "2099-01-01T10:00:00Z", room_opens_minutes_before: 1440, products: [NWF27-WEEKEND], admission: ${admission(60)} }\n`;
      await importCatalogue(later.database.db, parseCatalogue(text, 'later.yaml'), path.dirname(DEMO_CATALOGUE), 'later.yaml');
      await later.database.db.execute(sql`UPDATE onsales SET room_opens_at = now() - interval '1 minute' WHERE code = 'LATER'`);
      // Past the state's age (but maybe not past twice it): the stale state lacks the room, so it is read again before a 404.
      await sleep(AGE_MS + 50);
      const joined = await later.call('queue-join', { token: ann.token, onsale: 'LATER' });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      // Another room is made; after a quiet spell the first stock call waits for a fresh state, so it guards its product at once.
      const both = `${text}  - { code: GUARD, event: NWF27, opens_at: "${new Date(Date.now() + 10 * 60_000).toISOString()}", room_opens_minutes_before: 60, products: [NWF27-TOTE], admission: ${admission(60)} }\n`;
      await importCatalogue(later.database.db, parseCatalogue(both, 'later.yaml'), path.dirname(DEMO_CATALOGUE), 'later.yaml');
      await sleep(2 * AGE_MS + 50);
      const refused = await later.call('add-merchandise-to-cart', { token: bo.token, external_code: 'NWF27-TOTE' });
      expect(refused).toEqual({ status: 403, body: { message: english(waitingRoomMessages.admissionRequired), waiting_room: 'GUARD' } });
    } finally {
      await later.close();
    }
  }, timeLimit(60_000));

  it('asks for a proof of work when the on-sale wants one, and takes only a solution of the customer’s own challenge', async () => {
    await importWithOnsales(shop, [
      `{ code: ROOM, event: NWF27, opens_at: "${new Date(opensAt).toISOString()}", products: [NWF27-WEEKEND, NWF27-TOTE], admission: ${admission(6000)}, session_minutes: 20 }`,
      `{ code: WORK, event: NWF27, opens_at: "2099-01-01T10:00:00Z", room_opens_minutes_before: 1440, closes_at: "2099-01-02T10:00:00Z", products: [NWF27-PARKING], admission: ${admission(60)} }`,
    ]);
    // The room of WORK opens a day before 2099: for this test it is moved to now, with 10 bits of work.
    await shop.database.db.execute(sql`UPDATE onsales SET room_opens_at = now() - interval '1 minute', proof_of_work_bits = 10 WHERE code = 'WORK'`);
    shop.app.waitingRoom.invalidate();
    const [ann, bo] = [await createCustomer(shop), await createCustomer(shop)];
    const asked = await shop.call('queue-join', { token: ann.token, onsale: 'WORK' });
    expect(asked.body).toMatchObject({ state: 'proof-needed', pass: null, challenge: { bits: 10 } });
    const challenge: string = asked.body.challenge.text;
    const solve = (text: string) => {
      for (let nonce = 0; ; nonce += 1) {
        if (leadingZeroBits(createHash('sha256').update(proofInput(text, nonce.toString(36))).digest()) >= 10) return nonce.toString(36);
      }
    };
    const nonce = solve(challenge);
    const wrongNonce = ((n) => (leadingZeroBits(createHash('sha256').update(proofInput(challenge, n)).digest()) >= 10 ? `${n}0` : n))('zzzz');
    expect((await shop.call('queue-join', { token: ann.token, onsale: 'WORK', proof: { challenge, nonce: wrongNonce } })).status).toBe(422);
    // Ann's solution is hers: Bo cannot use it.
    expect(await shop.call('queue-join', { token: bo.token, onsale: 'WORK', proof: { challenge, nonce } })).toEqual({ status: 422, body: { message: english(waitingRoomMessages.proofFailed), errors: { proof: [english(waitingRoomMessages.proofFailed)] } } });
    const joined = await shop.call('queue-join', { token: ann.token, onsale: 'WORK', proof: { challenge, nonce } });
    expect(joined.body).toMatchObject({ state: 'before-opening', challenge: null });
    // Coming back without a pass, Ann gets her place again without working again.
    const back = await shop.call('queue-join', { token: ann.token, onsale: 'WORK' });
    expect(back.body).toMatchObject({ state: 'before-opening' });
    expect(back.body.pass).toEqual(expect.any(String));
  }, timeLimit(60_000));

  it('admits from one queue with two instances stepping at once, nobody twice and nobody skipped, in arrival order', async () => {
    const second: FastifyInstance = await buildApp({
      db: shop.database.db,
      config: shop.config,
      webRoot: path.join(process.cwd(), 'apps/web/dist'),
      appSecret: SECRET,
      holdLimits: TEST_HOLD_LIMITS,
      admissionStepIntervalMs: 3_600_000,
      waitingRoomStateMaxAgeMs: 0,
      queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 },
    });
    await second.ready();
    try {
      await importWithOnsales(shop, [`{ code: TWO, event: NWF27, opens_at: "2020-01-01T10:00:00Z", products: [NWF27-DAY-SAT], admission: ${admission(600)} }`]);
      second.waitingRoom.invalidate();
      // A first step with nobody waiting: the rate's credit counts from here, not from the opening in 2020.
      expect(await shop.app.waitingRoom.stepAll()).toBe(0);
      const buyers = await Promise.all(Array.from({ length: 30 }, () => createCustomer(shop)));
      const passes: string[] = [];
      // Arrival order: one after the other, alternating instances.
      for (const [index, buyer] of buyers.entries()) {
        const app = index % 2 ? second : shop.app;
        const answer = await app.inject({ method: 'POST', url: '/api/queue-join', headers: { 'x-requested-with': 'XMLHttpRequest' }, payload: { token: buyer.token, onsale: 'TWO' } });
        expect(answer.statusCode).toBe(200);
        passes.push(answer.json().pass);
      }
      const states = async () => Promise.all(passes.map(async (pass) => (await shop.call('queue-status', { onsale: 'TWO', pass })).body.state as string));
      let admittedTotal = 0;
      for (let round = 0; round < 40 && admittedTotal < 30; round += 1) {
        await sleep(150);
        const counts = await Promise.all([shop.app.waitingRoom.stepAll(), second.waitingRoom.stepAll(), shop.app.waitingRoom.stepAll()]);
        admittedTotal += counts.reduce((sum, count) => sum + count, 0);
        // Whoever is in is a prefix of the arrivals: nobody is passed over.
        const now = await states();
        const firstWaiting = now.indexOf('waiting');
        if (firstWaiting >= 0) expect(now.slice(firstWaiting).every((state) => state === 'waiting')).toBe(true);
      }
      expect(admittedTotal).toBe(30);
      expect(new Set(await states())).toEqual(new Set(['your-turn']));
      expect(await shop.app.waitingRoom.stepAll()).toBe(0);
    } finally {
      await second.close();
    }
  }, timeLimit(90_000));
});
