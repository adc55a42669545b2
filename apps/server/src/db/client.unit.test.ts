import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { timeLimit } from '../../test/time-limits';

describe('the embedded database folder', () => {
  it('refuses a second opener while the first holds it, and frees it on close', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'shop-db-')), 'pglite');
    // A live process that is not us holds the lock: our parent (npm or vitest).
    writeFileSync(`${dir}.pid`, String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by process \d+ \(is the shop running\?\)/);
    // A lock left by a process that is gone is taken over.
    writeFileSync(`${dir}.pid`, '999999');
    const first = await openDatabase({ dataDir: dir });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    await second.close();
  }, timeLimit(60_000));
});
