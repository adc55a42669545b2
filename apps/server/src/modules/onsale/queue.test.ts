import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../test/databases';
import { DEMO_CATALOGUE } from '../../../test/test-shop';
import { importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { executeRows } from '../../db/raw-rows';
import { listOnsales } from './onsale.queries';
import { createQueue, type Place } from './queue';
import { timeLimit } from '../../../test/time-limits';

const demoDir = path.dirname(DEMO_CATALOGUE);
const demoText = readFileSync(DEMO_CATALOGUE, 'utf8');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The waiting room's queue on both engines (issue 23, decision 0048): one place per visitor, the
 * pre-queue before the opening in the order of its random keys and then arrivals in order, and
 * admission steps from two instances at once admitting every place exactly once, in queue order.
 */
describe.each(testEngines())('the waiting room’s queue on %s', (engine) => {
  let database: TestDatabase;
  let opensAt: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const onsale = (code: string, opens: string, admission: string, products: string) =>
      `  - { code: ${code}, event: NWF27, opens_at: "${opens}", products: [${products}], admission: ${admission} }\n`;
    const text = `${demoText}\nonsales:\n${onsale('ROOM', '2099-01-01T09:00:00Z', '{ max_active: 7 }', 'NWF27-WEEKEND')}${onsale('LATER', '2099-01-01T10:00:00Z', '{ rate_per_minute: 60 }', 'NWF27-DAY-SAT')}${onsale('RAMP', '2099-01-01T10:00:00Z', '{ max_active: 10, rate_per_minute: 60 }', 'NWF27-TOTE')}`;
    await importCatalogue(database.db, parseCatalogue(text, 'queue.yaml'), demoDir, 'queue.yaml');
    // The room opens now and the sale 2.5 s from now, whatever the import took.
    opensAt = Date.now() + 2500;
    await database.db.execute(sql`UPDATE onsales SET room_opens_at = now(), opens_at = ${new Date(opensAt).toISOString()}::timestamptz WHERE code = 'ROOM'`);
  }, timeLimit(60_000));
  afterAll(async () => {
    await database?.destroy();
  });

  it('gives each visitor one place, refuses a room not open and an unknown on-sale, and admits from two instances once each, in queue order', async () => {
    const queue = createQueue({ db: database.db });
    const other = createQueue({ db: database.db });
    expect(await queue.join('LATER', 'visitor-a')).toEqual({ joined: false, reason: 'room-not-open' });
    expect(await queue.join('NOPE', 'visitor-a')).toEqual({ joined: false, reason: 'no-such-onsale' });

    // The pre-queue: 30 visitors before the opening; joining again keeps the place.
    const early: Place[] = [];
    for (let index = 0; index < 30; index += 1) {
      const joined = await queue.join('ROOM', `early-${index}`);
      if (!joined.joined) throw new Error(joined.reason);
      expect(joined.place.phase).toBe(0);
      early.push(joined.place);
    }
    const again = await other.join('ROOM', 'early-3');
    expect(again).toEqual({ joined: true, place: early[3], isNew: false });
    // Nothing is admitted before the opening.
    const onsaleId = early[0]!.onsaleId;
    expect(await queue.step(onsaleId)).toEqual({ admitted: 0 });

    await sleep(Math.max(0, opensAt - Date.now() + 100));
    const late: Place[] = [];
    for (let index = 0; index < 20; index += 1) {
      const joined = await other.join('ROOM', `late-${index}`);
      if (!joined.joined) throw new Error(joined.reason);
      expect(joined.place).toMatchObject({ phase: 1, randomKey: 0n });
      late.push(joined.place);
    }

    // One step first: the seven pre-queue places with the smallest random keys.
    expect(await queue.step(onsaleId)).toEqual({ admitted: 7 });
    const byKey = [...early].sort((left, right) => (left.randomKey < right.randomKey ? -1 : left.randomKey > right.randomKey ? 1 : left.id - right.id));
    const admittedNow = async (places: Place[]) => (await Promise.all(places.map(async (place) => ((await queue.isAdmitted(place)) ? place.id : null)))).filter((id) => id !== null);
    expect(new Set(await admittedNow(early))).toEqual(new Set(byKey.slice(0, 7).map((place) => place.id)));
    expect(await admittedNow(late)).toEqual([]);

    // Cap mode: the seven admitted are active shoppers, so nobody more is let in until they are done.
    expect(await queue.step(onsaleId)).toEqual({ admitted: 0 });
    const done = async () => database.db.execute(sql`UPDATE queue_places SET active_until = now() WHERE onsale_id = ${onsaleId} AND active_until IS NOT NULL`);
    await done();

    // Then two instances step at once until everyone is in: 43 more, each exactly once (each
    // round's shoppers finish before the next round, so the cap lets seven in a step at most).
    const steps: ({ admitted: number } | null)[] = [];
    for (let round = 0; round < 20 && steps.reduce((sum, step) => sum + (step?.admitted ?? 0), 0) < 43; round += 1) {
      steps.push(...(await Promise.all([queue.step(onsaleId), other.step(onsaleId), queue.step(onsaleId)])));
      await done();
    }
    expect(steps.reduce((sum, step) => sum + (step?.admitted ?? 0), 0)).toBe(43);
    for (const step of steps) if (step) expect(step.admitted).toBeLessThanOrEqual(7);
    expect((await admittedNow([...early, ...late])).length).toBe(50);
    expect(await queue.step(onsaleId)).toEqual({ admitted: 0 });
    const [room] = (await listOnsales(database.db)).filter((row) => row.onsale.code === 'ROOM');
    expect(room!.onsale.admittedCount).toBe(50);
    expect(room!.onsale.prequeueCount).toBe(30);

    // The arrivals after the opening were admitted in arrival order: the cursor ends on the last one.
    expect(room!.onsale).toMatchObject({ cursorPhase: 1, cursorPlace: late.at(-1)!.id });

    // A burst of joins at once goes in batches: every visitor one place, in the order they came,
    // and a visitor joining twice in the same burst (two tabs) gets the one place.
    const burst = await Promise.all(Array.from({ length: 120 }, (_, index) => queue.join('ROOM', `burst-${index % 100}`)));
    const placeOf = (index: number) => {
      const joined = burst[index]!;
      if (!joined.joined) throw new Error(joined.reason);
      return joined.place;
    };
    const firsts = Array.from({ length: 100 }, (_, index) => placeOf(index));
    expect(new Set(firsts.map((place) => place.id)).size).toBe(100);
    expect(firsts.map((place) => place.id)).toEqual([...firsts.map((place) => place.id)].sort((left, right) => left - right));
    for (let index = 100; index < 120; index += 1) expect(placeOf(index).id).toBe(placeOf(index - 100).id);
    const [counted] = await executeRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM queue_places WHERE visitor_key LIKE 'burst-%'`);
    expect(counted!.n).toBe(100);
  }, timeLimit(60_000));

  it('gives the turns of no-shows in rate mode to the next in the queue, once each, and not of those who came', async () => {
    const queue = createQueue({ db: database.db });
    const [row] = (await listOnsales(database.db)).filter((onsale) => onsale.onsale.code === 'LATER');
    const onsaleId = row!.onsale.id;
    // Open since a minute, 20 a minute (one every 3 s): 10 join, and the first step, 6.5 s after the
    // last, admits two (as it would for anything from 6 to 9 s: a slow machine's pauses do not count).
    await database.db.execute(sql`UPDATE onsales SET room_opens_at = now() - interval '1 hour', opens_at = now() - interval '1 minute', admission_limit = 20 WHERE id = ${onsaleId}`);
    for (let index = 0; index < 10; index += 1) expect((await queue.join('LATER', `later-${index}`)).joined).toBe(true);
    await database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '6500 milliseconds', rate_carry = 0 WHERE id = ${onsaleId}`);
    expect(await queue.step(onsaleId)).toEqual({ admitted: 2 });
    const places = async () =>
      (await database.db.execute(sql`SELECT visitor_key, active_until IS NOT NULL AS admitted FROM queue_places WHERE onsale_id = ${onsaleId} ORDER BY id`)) as unknown as { rows: { visitor_key: string; admitted: boolean }[] };
    expect((await places()).rows.filter((place) => place.admitted).map((place) => place.visitor_key)).toEqual(['later-0', 'later-1']);
    // later-0 comes and takes the admission; later-1 never does. Their grace ends (moved into the past).
    await database.db.execute(sql`UPDATE queue_places SET taken_at = now(), active_until = now() + interval '20 minutes' WHERE onsale_id = ${onsaleId} AND visitor_key = 'later-0'`);
    // The next step: one for the rate and one for the no-show (later-0 came: no extra). Times are
    // set relative to the step before (the last step 3.5 s back: one turn for anything under 6 s),
    // so a slow machine's pauses cannot earn another turn or move later-1's end out of its window.
    await database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '3500 milliseconds', rate_carry = 0 WHERE id = ${onsaleId}`);
    await database.db.execute(
      sql`UPDATE queue_places SET active_until = (SELECT last_step_at FROM onsales WHERE id = ${onsaleId}) + interval '200 milliseconds' WHERE onsale_id = ${onsaleId} AND visitor_key = 'later-1'`,
    );
    expect(await queue.step(onsaleId)).toEqual({ admitted: 2 });
    // Counted once: the step after, a second on at one a minute (the clock earns nothing), admits nobody.
    await database.db.execute(sql`UPDATE onsales SET admission_limit = 1, last_step_at = last_step_at - interval '1 second', rate_carry = 0 WHERE id = ${onsaleId}`);
    expect(await queue.step(onsaleId)).toEqual({ admitted: 0 });
    expect((await listOnsales(database.db)).find((onsale) => onsale.onsale.code === 'LATER')!.onsale.admittedCount).toBe(4);
  }, timeLimit(60_000));

  it('admits a cap of 10 with a ramp of 60 a minute one a second from the opening, not 10 at once, and the cap still binds', async () => {
    const queue = createQueue({ db: database.db });
    const [row] = (await listOnsales(database.db)).filter((onsale) => onsale.onsale.code === 'RAMP');
    const onsaleId = row!.onsale.id;
    expect(row!.onsale).toMatchObject({ admissionMode: 'cap', admissionLimit: 10, admissionRateLimit: 60 });
    // The room opens now, the sale in a minute: 15 join the pre-queue.
    await database.db.execute(sql`UPDATE onsales SET room_opens_at = now(), opens_at = now() + interval '1 minute' WHERE id = ${onsaleId}`);
    for (let index = 0; index < 15; index += 1) expect((await queue.join('RAMP', `ramp-${index}`)).joined).toBe(true);
    // The opening was a second ago: its first step admits one (the cap alone would admit ten).
    await database.db.execute(sql`UPDATE onsales SET room_opens_at = now() - interval '2 seconds', opens_at = now() - interval '1 second' WHERE id = ${onsaleId}`);
    const admitted: number[] = [(await queue.step(onsaleId))!.admitted];
    // Then a step a second (the last step set a second back instead of waiting for it): one each, until the cap's ten are in.
    // Each step starts without a carried fraction, so the test's own pace on a slow machine cannot add up to an extra turn.
    for (let second = 2; second <= 13; second += 1) {
      await database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second', rate_carry = 0 WHERE id = ${onsaleId}`);
      admitted.push((await queue.step(onsaleId))!.admitted);
    }
    expect(admitted).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
    const state = async () => (await listOnsales(database.db)).find((onsale) => onsale.onsale.code === 'RAMP')!.onsale;
    expect(await state()).toMatchObject({ admittedCount: 10, prequeueCount: 15 });
    // While the cap binds the ramp banks nothing: once everyone is done, a second on, one comes in, not the three capped seconds' worth (or ten).
    expect((await state()).rateCarry).toBeLessThan(60_000);
    await database.db.execute(sql`UPDATE queue_places SET active_until = now() WHERE onsale_id = ${onsaleId} AND active_until IS NOT NULL`);
    await database.db.execute(sql`UPDATE onsales SET last_step_at = now() - interval '1 second' WHERE id = ${onsaleId}`);
    expect(await queue.step(onsaleId)).toEqual({ admitted: 1 });
    // Without the ramp the cap lets in all it has room for at once.
    await database.db.execute(sql`UPDATE onsales SET admission_rate_limit = NULL WHERE id = ${onsaleId}`);
    expect(await queue.step(onsaleId)).toEqual({ admitted: 4 });
  }, timeLimit(60_000));
});
