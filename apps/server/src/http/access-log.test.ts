import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from '../../test/test-shop';

/**
 * The server's log has one line per answered request (decision 0081): method, path, status and
 * the server's time, not Fastify's two lines with the whole request serialised in the first.
 */
describe('the access log', () => {
  const logged: Record<string, unknown>[] = [];
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  let shop: TestShop;
  beforeAll(async () => {
    process.on('warning', onWarning);
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
    shop = await createTestShop('pglite', { app: { logger, startupNotices: false } });
  });
  afterAll(async () => {
    process.off('warning', onWarning);
    await shop?.close();
  });

  it('writes one line per answer, with the method, path, status and time, and nothing on arrival', async () => {
    logged.length = 0;
    expect((await shop.call('get-data', {})).status).toBe(200);
    expect((await shop.call('get-shop-item', { external_code: 'NO-SUCH-ITEM' })).status).toBe(404);
    const lines = logged.filter((line) => line.msg !== undefined);
    expect(lines.map((line) => [line.msg, line.method, line.url, line.status])).toEqual([
      ['answered', 'POST', '/api/get-data', 200],
      ['answered', 'POST', '/api/get-shop-item', 404],
    ]);
    for (const line of lines) {
      expect(typeof line.ms).toBe('number');
      expect(line.level).toBe(30);
      // The request is not serialised whole: no headers, no address and port.
      expect(line.req).toBeUndefined();
    }
    // Fastify's deprecated way to switch its request lines off would warn at every start.
    expect(warnings.filter((warning) => warning.includes('Fastify'))).toEqual([]);
  });
});
