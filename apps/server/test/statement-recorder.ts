import pg from 'pg';

export interface RecordedStatement {
  text: string;
  values: unknown[];
}

/**
 * Records the statements the server sends PostgreSQL (every node-postgres client of the process,
 * including those connected before), while switched on; BEGIN, COMMIT and connection set-up are
 * left out. `query` is the method as it was, for statements the test sends itself unrecorded.
 */
export function createStatementRecorder() {
  const recorded: RecordedStatement[] = [];
  let on = false;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (on) {
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first?.text;
      const values = (typeof first === 'string' ? undefined : first?.values) ?? (Array.isArray(second) ? second : []);
      if (text && !/^\s*(begin|commit|rollback|select 1|select set_config)/i.test(text)) recorded.push({ text, values });
    }
    return (query as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    recorded,
    query,
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
    },
  };
}
