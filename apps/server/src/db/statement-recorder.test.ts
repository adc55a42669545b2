import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTestUrl } from '../../test/engines';
import { createStatementRecorder } from '../../test/statement-recorder';

const postgresUrl = postgresTestUrl('statement recorder test');

/**
 * The statement counts and comparisons of the API tests (exports, dashboard, access matrix) must
 * see one answer's statements only: the server's background duties share the process and its
 * pools, and may send theirs at any moment.
 */
describe.skipIf(!postgresUrl)('the statement recorder', () => {
  let pool: pg.Pool;
  beforeAll(() => {
    // One connection: a caller waiting for it is handed it from the other's release.
    pool = new pg.Pool({ connectionString: postgresUrl, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
  });

  it('records what the work sends, through the pool and a checked-out connection, and nothing sent beside it', async () => {
    const recorder = createStatementRecorder();
    try {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      // A duty holds the only connection, then sends a statement of its own while the work waits for it.
      const duty = (async () => {
        const client = await pool.connect();
        await held;
        await client.query("SELECT 'duty, checked out'");
        client.release();
        await pool.query("SELECT 'duty, pooled'");
      })();
      const work = recorder.during(async () => {
        const waiting = pool.query("SELECT 'work, pooled'");
        release();
        await waiting;
        const client = await pool.connect();
        await client.query("SELECT 'work, checked out'");
        client.release();
      });
      await Promise.all([duty, work]);
      expect(recorder.take().map((statement) => statement.text)).toEqual(["SELECT 'work, pooled'", "SELECT 'work, checked out'"]);

      recorder.start();
      await pool.query("SELECT 'anything'");
      recorder.stop();
      await pool.query("SELECT 'after'");
      expect(recorder.take().map((statement) => statement.text)).toEqual(["SELECT 'anything'"]);
    } finally {
      recorder.restore();
    }
  });
});
