import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../test/databases';
import { createRateLimiter } from './rate-limit';

/**
 * A limit holds over a sliding window (rate-limit.ts): attempts on both sides of a window's edge
 * add up, so no sequence of attempts gets twice the limit by straddling it, and a test's attempts
 * are judged the same wherever the wall clock's edge falls.
 */
describe.each(testEngines())('a limit over a sliding window, on %s', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const WINDOW_MS = 15 * 60_000;
  /** An edge of the windows: a whole number of windows since the epoch. */
  const edge = Math.ceil(Date.UTC(2026, 10, 28, 12) / WINDOW_MS) * WINDOW_MS;
  const at = (ms: number) => new Date(edge + ms);
  const refused = { message: 'Too many attempts.' };

  it('refuses the attempt past the limit when the attempts straddle a window’s edge', async () => {
    const limiter = createRateLimiter(database.db, WINDOW_MS, refused.message);
    const limit = [{ key: 'test:straddle', max: 5 }];
    for (const ms of [-3000, -2000, -1000]) await limiter.hit(limit, at(ms));
    await limiter.hit(limit, at(500));
    await limiter.hit(limit, at(1000));
    await expect(limiter.hit(limit, at(1500))).rejects.toMatchObject(refused);
    // A refused attempt is not counted: the next is judged on the same five.
    await expect(limiter.hit(limit, at(2000))).rejects.toMatchObject(refused);
  });

  it('lets attempts in again as the window before slides out, and afresh after two windows', async () => {
    const limiter = createRateLimiter(database.db, WINDOW_MS, refused.message);
    const limit = [{ key: 'test:slides', max: 4 }];
    for (const ms of [-4000, -3000, -2000, -1000]) await limiter.hit(limit, at(ms));
    await expect(limiter.hit(limit, at(1000))).rejects.toMatchObject(refused);
    // Half-way through the next window, half of the four count: two more are let in, not a third.
    await limiter.hit(limit, at(WINDOW_MS / 2));
    await limiter.hit(limit, at(WINDOW_MS / 2 + 1000));
    await expect(limiter.hit(limit, at(WINDOW_MS / 2 + 2000))).rejects.toMatchObject(refused);
    for (let attempt = 0; attempt < 4; attempt += 1) await limiter.hit(limit, at(2 * WINDOW_MS + 1000 + attempt));
  });

  it('uncounts an attempt taken back', async () => {
    const limiter = createRateLimiter(database.db, WINDOW_MS, refused.message);
    const limit = [{ key: 'test:taken-back', max: 2 }];
    await limiter.hit(limit, at(100));
    await (await limiter.hit(limit, at(200))).takeBack();
    await limiter.hit(limit, at(300));
    await expect(limiter.hit(limit, at(400))).rejects.toMatchObject(refused);
  });
});
