import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startServerProcess, type ServerProcess } from '../../../test/load/server-process';
import { freePort } from '../../../test/smtp-sink';
import { REPO_ROOT } from '../../env';
import { postgresTestUrl } from '../../../test/engines';
import { timeLimit } from '../../../test/time-limits';

const adminUrl = postgresTestUrl('live catalogue import test');

/**
 * The organiser imports a changed catalogue (`npm run catalog -- import`, another process) while
 * the shop runs: every instance's cached snapshot shows the change within its one-second age,
 * with no restart, in the listing data and the product answer alike.
 */
describe.skipIf(!adminUrl)('a catalogue imported while the shop runs', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let server: ServerProcess;
  let dir: string;
  beforeAll(async () => {
    database = await createDatabase(adminUrl!, `shop_test_import_${process.pid}`);
    server = await startServerProcess({ port: await freePort(), databaseUrl: database.url, quiet: true });
    dir = mkdtempSync(path.join(tmpdir(), 'shop-catalogue-'));
  }, timeLimit(120_000));
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = async (apiPath: string, payload: object) => {
    const response = await fetch(`${server.url}/api/${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' }, body: JSON.stringify(payload) });
    return (await response.json()) as { item?: { price: number }; data?: { products: { external_code: string; price: number }[] } };
  };

  it('shows on the running instance within a second or two', async () => {
    expect((await call('get-shop-item', { external_code: 'NWF27-LOCKER' })).item?.price).toBe(1800);
    const demo = path.join(REPO_ROOT, 'catalog/demo');
    const changed = readFileSync(path.join(demo, 'catalogue.yaml'), 'utf8').replace(/(- code: NWF27-LOCKER\n(?:.*\n)*?\s+price: )1800/, '$11950');
    expect(changed).toContain('price: 1950');
    writeFileSync(path.join(dir, 'catalogue.yaml'), changed);
    symlinkSync(path.join(demo, 'images'), path.join(dir, 'images'));

    await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/cli/catalog.ts'), 'import', path.join(dir, 'catalogue.yaml')], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    const imported = Date.now();
    let seen: number | undefined;
    while (Date.now() - imported < 5_000) {
      const [item, data] = await Promise.all([call('get-shop-item', { external_code: 'NWF27-LOCKER' }), call('get-data', {})]);
      const listed = data.data?.products.find((product) => product.external_code === 'NWF27-LOCKER')?.price;
      if (item.item?.price === 1950 && listed === 1950) {
        seen = Date.now() - imported;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(seen).toBeDefined();
    expect(seen!).toBeLessThan(2_500);
  }, timeLimit(120_000));
});
