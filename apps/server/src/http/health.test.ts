import { describe, expect, it } from 'vitest';
import { testEngines } from '../../test/databases';
import { createTestShop } from '../../test/test-shop';
import { timeLimit } from '../../test/time-limits';

/**
 * Health for a balancer and an orchestrator (issue 38 point 5): /healthz and /readyz answer after a
 * database round trip (503 while the database does not answer); /livez answers while the process
 * does, whatever the database does, so that an outage of the database restarts no shop process.
 */
describe.each(testEngines())('health endpoints on %s', (engine) => {
  it('says ready while the database answers and not after, and alive throughout', async () => {
    const shop = await createTestShop(engine);
    try {
      for (const url of ['/healthz', '/readyz', '/livez']) {
        const answer = await shop.app.inject({ method: 'GET', url });
        expect([answer.statusCode, answer.json()], url).toEqual([200, { status: 'ok' }]);
      }
      // The database goes away under the running app.
      await shop.database.destroy();
      for (const url of ['/healthz', '/readyz']) {
        const answer = await shop.app.inject({ method: 'GET', url });
        expect([answer.statusCode, answer.json()], url).toEqual([503, { status: 'unavailable' }]);
      }
      const alive = await shop.app.inject({ method: 'GET', url: '/livez' });
      expect([alive.statusCode, alive.json()]).toEqual([200, { status: 'ok' }]);
    } finally {
      await shop.app.close();
    }
  }, timeLimit(60_000));
});
