import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../test/load/server-process';
import { freePort } from '../../test/smtp-sink';
import { timeLimit } from '../../test/time-limits';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ITEM = 'NWF27-PARKING';

/** An organiser command (npm run backup / restore) as the terminal runs it, on DATA_DIR; its exit code and output. */
async function command(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<{ code: number; output: string }> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, `apps/server/src/cli/${script}.ts`), ...args], { cwd: ROOT, env, timeout: timeLimit(120_000) });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** The flash item's counters and what the carts hold of it: equal in any one committed state. */
async function holdsOf(client: PGlite): Promise<{ held: number; inCarts: number; carts: number }> {
  const { rows } = await client.query<{ held: number; in_carts: number; carts: number }>(
    `SELECT s.held, (SELECT count(*)::int FROM cart_products cp WHERE cp.shop_item_id = s.id) AS in_carts, (SELECT count(*)::int FROM carts) AS carts FROM shop_items s WHERE s.external_code = $1`,
    [ITEM],
  );
  return { held: rows[0]!.held, inCarts: rows[0]!.in_carts, carts: rows[0]!.carts };
}

/**
 * Backups of the embedded database without stopping the shop (issue 38 point 6, decision 0118):
 * `npm run backup` asks the running shop, which writes one committed state while visitors keep
 * filling carts; `npm run restore` brings it into an empty folder, where the counters agree with
 * the carts (no half-made cart); a restore into a folder that is not empty refuses and changes
 * nothing; a file that is not a backup leaves no folder behind.
 */
describe('backups of the embedded database while the shop runs', () => {
  const folders: string[] = [];
  const folder = (name: string) => {
    const made = mkdtempSync(path.join(tmpdir(), `shop-${name}-`));
    folders.push(made);
    return made;
  };
  afterAll(() => {
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('copies the running shop during a run of carts, and restores it into an empty folder only', async () => {
    const dataDir = folder('backup');
    const port = await freePort();
    const shop = await startServerProcess({ port, quiet: true, env: { DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' } });
    const file = path.join(folder('copies'), 'during-the-sale.tar.gz');
    let adds = 0;
    let refused = 0;
    try {
      // Visitors fill carts while the copy is taken: each add a transaction of a cart, its line and the item's count.
      let stop = false;
      const visitor = async () => {
        while (!stop) {
          const answer = await fetch(`${shop.url}/api/add-product-to-cart`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
            body: JSON.stringify({ external_code: ITEM, full_name: 'Backup Visitor', email: 'visitor@example.org', age: '25-34' }),
          });
          await answer.arrayBuffer();
          if (answer.status === 200) adds += 1;
          else refused += 1;
          expect(answer.status).toBeLessThan(500);
        }
      };
      const visitors = Array.from({ length: 4 }, visitor);
      await expect.poll(() => adds, { timeout: timeLimit(30_000) }).toBeGreaterThan(20);
      const before = adds;
      const backup = await command('backup', [file], dataDir);
      const after = adds;
      stop = true;
      await Promise.all(visitors);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toMatch(/^Backed up the running shop’s database to .*during-the-sale\.tar\.gz \(\d+\.\d MB, \d+\.\d s\)\./m);
      expect(backup.output).toContain('app-secret');
      // Carts kept being filled while it was taken: the shop answered throughout.
      expect(after).toBeGreaterThan(before);
      expect(statSync(file).size).toBeGreaterThan(100_000);
      // A second backup to the same file is refused: a backup never overwrites.
      const again = await command('backup', [file], dataDir);
      expect([again.code, again.output]).toEqual([1, expect.stringContaining('exists already')]);
    } finally {
      await shop.stop();
    }
    expect(refused).toBe(0);

    // Restored into an empty folder: one committed state, its counters agreeing with its carts.
    const restoredDir = folder('restored');
    const restored = await command('restore', [file], restoredDir);
    expect(restored.code, restored.output).toBe(0);
    const client = await PGlite.create(path.join(restoredDir, 'pglite'));
    try {
      const state = await holdsOf(client);
      expect(state.held).toBe(state.inCarts);
      expect(state.inCarts).toBeGreaterThan(0);
      expect(state.inCarts).toBeLessThanOrEqual(adds);
      const { rows } = await client.query<{ migrations: number }>('SELECT count(*)::int AS migrations FROM drizzle.__drizzle_migrations');
      expect(rows[0]!.migrations).toBeGreaterThan(50);
    } finally {
      await client.close();
    }

    // Into a folder that is not empty: refused, nothing changed.
    const taken = folder('taken');
    mkdirSync(path.join(taken, 'pglite'));
    writeFileSync(path.join(taken, 'pglite', 'keep.txt'), 'mine');
    const refusedRestore = await command('restore', [file], taken);
    expect([refusedRestore.code, refusedRestore.output]).toEqual([1, expect.stringContaining('is not empty')]);
    expect(readdirSync(path.join(taken, 'pglite'))).toEqual(['keep.txt']);

    // A file that is not a backup: refused, and no folder left behind.
    const notBackup = path.join(folder('junk'), 'junk.tar.gz');
    writeFileSync(notBackup, 'not a backup');
    const emptyDir = folder('empty');
    const junk = await command('restore', [notBackup], emptyDir);
    expect(junk.code, junk.output).toBe(1);
    expect(existsSync(path.join(emptyDir, 'pglite'))).toBe(false);
  }, timeLimit(240_000));

  it('copies a shop that is not running, and says how to back up PostgreSQL', async () => {
    const dataDir = folder('stopped');
    const port = await freePort();
    const shop = await startServerProcess({ port, quiet: true, env: { DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '' } });
    await shop.stop();
    const file = path.join(folder('stopped-copies'), 'copy.tar.gz');
    const stopped = await command('backup', [file], dataDir);
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output).toMatch(/^Backed up the shop’s database to /m);
    expect(existsSync(file)).toBe(true);
    // No process is left holding the folder.
    expect(existsSync(path.join(dataDir, 'pglite.pid'))).toBe(false);

    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://shop@db.example.org/shop', NODE_ENV: 'production' };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/backup.ts')], { cwd: ROOT, env, timeout: timeLimit(60_000) });
    expect(stdout).toContain('pg_dump --format=custom');
  }, timeLimit(180_000));
});
