import { readFileSync } from 'node:fs';
import path from 'node:path';
import { staffApi } from '@festival/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testEngines } from '../../../test/databases';
import { createCustomer } from '../../../test/shop-flows';
import { staffCall } from '../../../test/staff-call';
import { signedInStaff } from '../../../test/staff-sign-in';
import { createTestShop, DEMO_CATALOGUE, TEST_HOLD_LIMITS, type TestShop } from '../../../test/test-shop';
import { importCatalogue, parseCatalogue } from '../catalog/catalogue-import';
import { runOnsaleCommand } from './onsale-command';
import { timeLimit } from '../../../test/time-limits';

const demoText = readFileSync(DEMO_CATALOGUE, 'utf8');
const SECRET = 'steering-test-secret-of-at-least-32-characters';
const holder = (name: string) => ({ full_name: name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org`, age: '25-34' });

/**
 * The self-steering admission rate in the room (issue 35 point 2, decision 0079), on both engines:
 * the admitted buyers' stock calls are timed by the server that answers them and shared through the
 * database, so any instance's step steers by every instance's calls; the rate starts at the
 * organiser's maximum, goes down when their p99 is over the target and up again once it has settled
 * with room under it, within the minimum and maximum; the back office and `npm run onsale -- status`
 * say the rate and why.
 */
describe.each(testEngines())('the self-steering admission rate on %s', (engine) => {
  let shop: TestShop;
  let second: FastifyInstance;
  let admin: string;
  const db = () => shop.database.db;
  const rows = async <T,>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
  const steering = async () =>
    (await rows<{ steer_rate: number | null; steer_change: string | null; steer_p99_ms: number | null; admission_mode: string }>(sql`SELECT admission_mode, steer_rate, steer_change, steer_p99_ms FROM onsales WHERE code = 'STEER'`))[0]!;
  /**
   * As if the last steering was `ms` earlier (the controller steps at most once a second, by the
   * database's clock): its time, its last decrease and the calls written are moved back together.
   */
  const steeredAgo = async (ms: number) => {
    await db().execute(
      sql`UPDATE onsales SET steered_at = steered_at - make_interval(secs => ${ms / 1000}), steer_decreased_at = steer_decreased_at - make_interval(secs => ${ms / 1000}) WHERE code = 'STEER'`,
    );
    await db().execute(sql`UPDATE onsale_call_timings SET at = at - make_interval(secs => ${ms / 1000})`);
  };
  const onsaleId = async () => (await rows<{ id: number }>(sql`SELECT id FROM onsales WHERE code = 'STEER'`))[0]!.id;
  /** `count` admitted stock calls of `ms` each, answered by `app`, written for every instance to steer by. */
  const calls = async (app: FastifyInstance, count: number, ms: number) => {
    const id = await onsaleId();
    for (let index = 0; index < count; index += 1) app.waitingRoom.recordCall([id], ms);
    await app.waitingRoom.writeCallTimings();
  };
  const status = async () => {
    const lines: string[] = [];
    await runOnsaleCommand(['status'], { db: db(), print: (line) => lines.push(line) });
    return lines.find((line) => line.startsWith('STEER\t'))!;
  };
  const overview = async () => {
    const answer = await staffCall(shop.app, 'onsales-overview', {}, admin);
    expect(answer.status).toBe(200);
    return staffApi['onsales-overview'].answer.parse(answer.body).onsales.find((view) => view.code === 'STEER')!;
  };

  beforeAll(async () => {
    const app = { appSecret: SECRET, admissionStepIntervalMs: 3_600_000, waitingRoomStateMaxAgeMs: 0, onsaleFiguresCacheMs: 0, queueJoinLimits: { perAddress: 100_000, perNetwork: 100_000 } };
    shop = await createTestShop(engine, { app });
    second = await buildApp({ db: shop.database.db, config: shop.config, webRoot: path.join(process.cwd(), 'apps/web/dist'), holdLimits: TEST_HOLD_LIMITS, ...app });
    await second.ready();
    const onsales = `{ code: STEER, event: NWF27, opens_at: "2099-01-01T10:00:00Z", room_opens_minutes_before: 1440, products: [NWF27-WEEKEND], admission: { steer: { min_per_minute: 60, max_per_minute: 1200, target_p99_ms: 150 } } }`;
    await importCatalogue(db(), parseCatalogue(`${demoText}\nonsales:\n  - ${onsales}\n`, 'onsales.yaml'), path.dirname(DEMO_CATALOGUE), 'onsales.yaml');
    admin = (await signedInStaff(shop.app, db(), { email: 'steering.admin@example.org', role: 'admin' }, new Date())).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await second?.close();
    await shop?.close();
  });

  it('starts at the maximum with the opening, and says so before it and after', async () => {
    expect(await steering()).toEqual({ admission_mode: 'steer', steer_rate: null, steer_change: null, steer_p99_ms: null });
    expect(await status()).toContain('\tself-steering 60-1200 a minute, p99 under 150 ms\t');
    expect(await status()).toContain('\tsteering starts with the opening\t');
    expect(await overview()).toMatchObject({ admission_mode: 'steer', admission_limit: 1200, admission_min_per_minute: 60, admission_target_p99_ms: 150, steering: null });
    // No step steers before the opening.
    expect(await shop.app.waitingRoom.stepAll()).toBe(0);
    expect((await steering()).steer_rate).toBeNull();

    await db().execute(sql`UPDATE onsales SET room_opens_at = now() - interval '1 minute', opens_at = now() - interval '1 second' WHERE code = 'STEER'`);
    shop.app.waitingRoom.invalidate();
    await shop.app.waitingRoom.stepAll();
    expect(await steering()).toMatchObject({ steer_rate: 1200, steer_change: 'start' });
    expect(await status()).toContain('\tadmitting 1,200 a minute: the starting rate\t');
  });

  it('lowers the rate when the admitted buyers’ p99, from every instance, is over the target', async () => {
    // The other instance's buyers are slow; this instance has had few calls. The step here judges them all.
    await calls(second, 40, 400);
    await calls(shop.app, 5, 20);
    await steeredAgo(1_100);
    await shop.app.waitingRoom.stepAll();
    const after = await steering();
    expect(after).toMatchObject({ steer_change: 'down' });
    // 150/400 of 1,200 would be 450: one step takes at most half off. The p99 is read from the histogram (the bucket of 350-400 ms).
    expect(after.steer_rate).toBe(600);
    expect(after.steer_p99_ms).toBeGreaterThan(350);
    expect(after.steer_p99_ms).toBeLessThanOrEqual(400);
    const view = await overview();
    expect(view.steering).toMatchObject({ rate: after.steer_rate, change: 'down', p99_ms: after.steer_p99_ms });
    expect(view.steering!.text).toBe(`${after.steer_rate} a minute: lowered, the p99 of ${after.steer_p99_ms} ms was over the 150 ms target`);
    expect(await status()).toContain(`\tadmitting ${after.steer_rate} a minute: lowered, the p99 of ${after.steer_p99_ms} ms was over the 150 ms target\t`);
    // Another step within the second changes nothing, whichever instance takes it: one steering a second.
    await calls(second, 40, 900);
    await second.waitingRoom.stepAll();
    expect((await steering()).steer_rate).toBe(after.steer_rate);
  });

  it('keeps the rate with too few calls to judge, and raises it once a decrease has settled with room under the target', async () => {
    // The slow calls of the last test are in this window: down once more.
    await steeredAgo(1_100);
    await second.waitingRoom.stepAll();
    const lowered = (await steering()).steer_rate!;
    expect((await steering()).steer_change).toBe('down');
    // Fast calls, but the decrease has not settled yet: kept.
    await calls(shop.app, 50, 30);
    await steeredAgo(1_100);
    await shop.app.waitingRoom.stepAll();
    expect(await steering()).toMatchObject({ steer_rate: lowered, steer_change: 'hold' });
    // Settled: raised by a tenth.
    await calls(shop.app, 50, 30);
    await steeredAgo(6_000);
    await shop.app.waitingRoom.stepAll();
    expect(await steering()).toMatchObject({ steer_rate: Math.ceil(lowered * 1.1), steer_change: 'up' });
    // A window of few calls grows until five seconds, then says so.
    await calls(shop.app, 3, 30);
    await steeredAgo(1_100);
    await shop.app.waitingRoom.stepAll();
    expect((await steering()).steer_change).toBe('up');
    await steeredAgo(5_000);
    await shop.app.waitingRoom.stepAll();
    expect(await steering()).toMatchObject({ steer_rate: Math.ceil(lowered * 1.1), steer_change: 'too-few-calls' });
  });

  it('never goes under the minimum however slow the calls', async () => {
    for (let step = 0; step < 12; step += 1) {
      await calls(shop.app, 30, 5_000);
      await steeredAgo(1_100);
      await shop.app.waitingRoom.stepAll();
    }
    expect(await steering()).toMatchObject({ steer_rate: 60, steer_change: 'at-minimum' });
  });

  it('times the admitted buyers’ real stock calls by the server that answers them', async () => {
    const buyer = await createCustomer(shop);
    const joined = await shop.call('queue-join', { token: buyer.token, onsale: 'STEER' });
    expect(joined.status).toBe(200);
    // Everyone waiting is admitted at the next step (the rate's credit since the last one is enough).
    await db().execute(sql`UPDATE onsales SET last_step_at = now() - interval '2 seconds' WHERE code = 'STEER'`);
    await shop.app.waitingRoom.stepAll();
    const admitted = await shop.call('queue-admit', { token: buyer.token, onsale: 'STEER', pass: joined.body.pass });
    expect(admitted.status).toBe(200);
    await db().execute(sql`DELETE FROM onsale_call_timings`);
    const added = await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Sten Steer'), admission: admitted.body.admission });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // A refused call (no admission) and an unguarded product's call are not an admitted buyer's.
    expect((await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-WEEKEND', ...holder('Sten Steer') })).status).toBe(403);
    expect((await shop.call('add-product-to-cart', { token: buyer.token, external_code: 'NWF27-DAY-SAT', ...holder('Sten Steer') })).status).toBe(200);
    await shop.app.waitingRoom.writeCallTimings();
    const written = await rows<{ calls: number; onsale_id: number }>(sql`SELECT calls, onsale_id FROM onsale_call_timings`);
    expect(written).toEqual([{ calls: 1, onsale_id: await onsaleId() }]);
  });

  it('switches to a fixed rate and back in the back office, starting afresh at the maximum', async () => {
    const fixed = await staffCall(shop.app, 'onsale-change', { code: 'STEER', changes: { admission: { rate_per_minute: 300 } } }, admin);
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(staffApi['onsale-change'].answer.parse(fixed.body).onsale).toMatchObject({ admission_mode: 'rate', admission_limit: 300, admission_min_per_minute: null, steering: null });
    const steered = await staffCall(shop.app, 'onsale-change', { code: 'STEER', changes: { admission: { steer: { min_per_minute: 100, max_per_minute: 900 } } } }, admin);
    expect(steered.status, JSON.stringify(steered.body)).toBe(200);
    expect(staffApi['onsale-change'].answer.parse(steered.body).onsale).toMatchObject({ admission_mode: 'steer', admission_limit: 900, admission_min_per_minute: 100, admission_target_p99_ms: 150, steering: null });
    await shop.app.waitingRoom.stepAll();
    expect(await steering()).toMatchObject({ steer_rate: 900, steer_change: 'start' });
    // A minimum over the maximum, or steering beside a fixed rate, is refused in the file's words.
    const wrong = await staffCall(shop.app, 'onsale-change', { code: 'STEER', changes: { admission: { steer: { min_per_minute: 1000, max_per_minute: 900 } } } }, admin);
    expect(wrong).toMatchObject({ status: 422, body: { errors: { 'changes.admission.steer.min_per_minute': ['must not be more than max_per_minute'] } } });
    const mixed = await staffCall(shop.app, 'onsale-change', { code: 'STEER', changes: { admission: { rate_per_minute: 5, steer: { min_per_minute: 1, max_per_minute: 9 } } } }, admin);
    expect(mixed).toMatchObject({ status: 422, body: { errors: { 'changes.admission.steer': ['steer sets the rate itself: give it without rate_per_minute or max_active'] } } });
  });
});
