import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

export interface RecordedStatement {
  text: string;
  values: unknown[];
}

/** Which recording a connection was checked out for: the caller's, captured when it asked the pool. */
const CHECKED_OUT_FOR = Symbol('statement recording of the checkout');
type TaggedClient = pg.Client & { [CHECKED_OUT_FOR]?: symbol };
/** The mark of a connection checked out outside any recording. */
const NOBODY = Symbol('no recording');

/**
 * Records the statements the server sends PostgreSQL; BEGIN, COMMIT and connection set-up are
 * left out. Two ways:
 * - `during(work)` records only the statements `work` itself causes, followed through its
 *   asynchronous calls. The server's background duties (mail, expiry, the waiting room's ticks)
 *   run in the same process and may hit the database at any moment: a count or comparison of one
 *   answer's statements must not see theirs. A pool's connection is attributed to whoever asked
 *   the pool for it (pg-pool may hand it over from another caller's callback, where the
 *   asynchronous context is that caller's).
 * - `start()` … `stop()` records every statement of the process in between (every node-postgres
 *   client, including those connected before), for tests that want them all.
 * `query` is the method as it was, for statements the test sends itself unrecorded.
 */
export function createStatementRecorder() {
  const recorded: RecordedStatement[] = [];
  let on = false;
  const recording = Symbol('this recording');
  const scope = new AsyncLocalStorage<symbol>();
  const query = pg.Client.prototype.query;
  const connect = pg.Pool.prototype.connect;
  const connectWasOwn = Object.hasOwn(pg.Pool.prototype, 'connect');
  pg.Client.prototype.query = function (this: TaggedClient, ...args: unknown[]) {
    if (on || this[CHECKED_OUT_FOR] === recording || (this[CHECKED_OUT_FOR] === undefined && scope.getStore() === recording)) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first?.text;
      const values = (typeof first === 'string' ? undefined : first?.values) ?? (Array.isArray(second) ? second : []);
      if (text && !/^\s*(begin|commit|rollback|select 1|select set_config)/i.test(text)) recorded.push({ text, values });
    }
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  pg.Pool.prototype.connect = function (this: pg.Pool, callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    const askedFor = scope.getStore();
    const tag = (client: pg.PoolClient | undefined) => {
      if (client) (client as unknown as TaggedClient)[CHECKED_OUT_FOR] = askedFor ?? NOBODY;
    };
    if (typeof callback === 'function') {
      return (connect as (callback: unknown) => void).call(this, (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => {
        tag(client);
        callback(error, client, done);
      });
    }
    return (connect as () => Promise<pg.PoolClient>).call(this).then((client) => {
      tag(client);
      return client;
    });
  } as typeof pg.Pool.prototype.connect;
  return {
    recorded,
    query,
    /** Runs `work`, recording the statements it causes and no others. */
    during: <T>(work: () => Promise<T>): Promise<T> => scope.run(recording, work),
    start: () => {
      on = true;
    },
    stop: () => {
      on = false;
    },
    /** What was recorded since the last take, removed from the record. */
    take: () => recorded.splice(0),
    restore: () => {
      pg.Client.prototype.query = query;
      if (connectWasOwn) pg.Pool.prototype.connect = connect;
      else delete (pg.Pool.prototype as Partial<pg.Pool>).connect;
    },
  };
}
