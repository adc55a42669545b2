import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { staffApi } from '@festival/contract';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { testEngines } from '../../test/databases';
import { changedTables, createSnapshotter } from '../../test/db-snapshot';
import { brokenEntries, PARSER_BOMBS } from '../../test/parser-bombs';
import { staffCall } from '../../test/staff-call';
import { signedInStaff } from '../../test/staff-sign-in';
import { createTestShop, type TestShop } from '../../test/test-shop';
import { createCatalogueChecker } from '../modules/catalog/catalogue-checker';
import { itBeside, itMeasuring } from '../../test/api-parts';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'upload-bombs-test-secret-of-at-least-32-chars';
const XHR_JSON = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
/**
 * The longest the shop's event loop may stand still while the largest hostile upload is checked:
 * reading its 4 MiB body takes tens of milliseconds, a loaded 2-core machine a few hundred more;
 * checking it on the event loop took 6-30 seconds.
 */
const EVENT_LOOP_MARGIN_MS = 2_000;
/** What an upload's answer may weigh: a hundred problems of clipped texts fit many times over. */
const ANSWER_BYTES_MAX = 128 * 1024;

const payloadOf = (text: string, checkOnly: boolean) => ({ file_name: 'bomb.yaml', lines: text.split('\n'), check_only: checkOnly });

/**
 * Issue 33 point 7: no catalogue upload answers 5xx and none stalls the shop. Every file that
 * breaks the YAML reader (alias bombs, merge keys, nesting past the stack, duplicate keys, tabs,
 * huge scalars, odd unicode, a document that is one value, several documents...) comes back as
 * problems at their lines, checked or imported, and changes nothing; a file of 48,000 broken
 * entries is checked off the event loop and answers its first problems with a count of the rest;
 * the check has a time limit and stops when the server stops.
 */
describe.each(testEngines())('catalogue uploads that attack the reader on %s', (engine) => {
  let shop: TestShop;
  let admin: string;
  beforeAll(async () => {
    shop = await createTestShop(engine, { app: { appSecret: SECRET } });
    admin = (await signedInStaff(shop.app, shop.database.db, { email: 'bombs.admin@example.org', role: 'admin' })).cookie;
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  itBeside('answers every parser bomb with problems at their lines, checked or imported, and changes nothing', async () => {
    const snapshot = createSnapshotter(shop.database.db);
    const before = await snapshot();
    for (const [name, text] of Object.entries(PARSER_BOMBS)) {
      for (const checkOnly of [true, false]) {
        const answer = await staffCall(shop.app, 'catalogue-upload', payloadOf(text, checkOnly), admin);
        const what = `${name} (${checkOnly ? 'check' : 'import'}): ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, what).toBe(200);
        const body = staffApi['catalogue-upload'].answer.parse(answer.body);
        expect(body, what).toMatchObject({ valid: false, imported: false });
        expect(body.problems.length, what).toBeGreaterThan(0);
        for (const problem of body.problems) expect(problem.line, what).toEqual(expect.any(Number));
        expect(JSON.stringify(answer.body).length, what).toBeLessThan(ANSWER_BYTES_MAX);
      }
    }
    expect(changedTables(before, await snapshot())).toEqual([]);
  }, timeLimit(300_000));

  itMeasuring('checks 48,000 broken entries off the event loop and lists the first problems with a count of the rest, while the shop answers', async () => {
    const body = JSON.stringify(payloadOf(brokenEntries(), true));
    expect(body.length).toBeLessThan(4 * 1024 * 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const pending = shop.app.inject({ method: 'POST', url: '/api/staff/catalogue-upload', headers: { ...XHR_JSON, cookie: admin }, payload: body }).finally(() => {
      done = true;
    });
    // A shopper's call meanwhile: answered in its usual time, not after the check.
    const slowest = { ms: 0 };
    while (!done) {
      const started = performance.now();
      const item = await shop.call('get-shop-item', { external_code: 'NWF27-LOCKER' });
      expect(item.status).toBe(200);
      slowest.ms = Math.max(slowest.ms, performance.now() - started);
      await sleep(50);
    }
    delay.disable();
    const response = await pending;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.body.length).toBeLessThan(ANSWER_BYTES_MAX);
    const answer = staffApi['catalogue-upload'].answer.parse(response.json());
    expect(answer.valid).toBe(false);
    expect(answer.problems).toHaveLength(100);
    expect(answer.problems_left_out).toBeGreaterThan(48_000);
    expect(answer.problems[0]).toMatchObject({ line: 2, field: expect.stringMatching(/^products\[0\]\./) });
    expect(delay.max / 1e6, `event loop stood still for ${(delay.max / 1e6).toFixed(0)} ms`).toBeLessThan(EVENT_LOOP_MARGIN_MS);
    expect(slowest.ms).toBeLessThan(EVENT_LOOP_MARGIN_MS);
  }, timeLimit(300_000));

  itMeasuring('answers a check that runs past its time limit as a problem of the file, and stops the check when the server stops', async () => {
    const checker = createCatalogueChecker({ timeLimitMs: 1 });
    const limited = await createTestShop(engine, { catalogue: false, app: { appSecret: SECRET, catalogueChecker: checker } });
    try {
      const cookie = (await signedInStaff(limited.app, limited.database.db, { email: 'limited.admin@example.org', role: 'admin' })).cookie;
      const answer = await staffCall(limited.app, 'catalogue-upload', payloadOf(brokenEntries(2_000), true), cookie);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(staffApi['catalogue-upload'].answer.parse(answer.body)).toMatchObject({ valid: false, problems: [{ line: null, field: '', message: expect.stringContaining('could not be checked') }] });
    } finally {
      await limited.close();
    }
    const slow = createCatalogueChecker({ timeLimitMs: 120_000 });
    const stopping = await createTestShop(engine, { catalogue: false, app: { appSecret: SECRET, catalogueChecker: slow } });
    const cookie = (await signedInStaff(stopping.app, stopping.database.db, { email: 'stopping.admin@example.org', role: 'admin' })).cookie;
    const pending = staffCall(stopping.app, 'catalogue-upload', payloadOf(brokenEntries(), true), cookie);
    for (let wait = 0; wait < 600 && slow.running() === 0; wait += 1) await sleep(50);
    expect(slow.running()).toBe(1);
    await stopping.close();
    expect(slow.running()).toBe(0);
    // The upload in flight ends (the server is stopping) instead of waiting for a thread that is gone.
    expect((await pending).status).toBeGreaterThanOrEqual(200);
  }, timeLimit(300_000));
});
