import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { createVoucherAdmin } from '../apps/server/src/modules/backoffice/vouchers.service';
import { createDatabase, startServerProcess } from '../apps/server/test/load/server-process';
import { note, record, type ExpectedFigure } from './report';
import { ADMIN_DATABASE_URL } from './server';

const CODES = Number(process.env.VOUCHER_CODES ?? 10_000);
const RUNS = Number(process.env.VOUCHER_RUNS ?? 3);

export const VOUCHER_FIGURES: ExpectedFigure[] = [
  { name: `voucher-generate of ${CODES.toLocaleString('en')} codes with their CSV over HTTP on postgres (slowest of ${RUNS})`, unit: 's', target: { max: 5 } },
  { name: `${CODES.toLocaleString('en')} voucher codes generated on the embedded database (PGlite, slowest of ${RUNS})`, unit: 's', target: { max: 5 } },
];

/** The template every benchmark code gets: single-use, 10 % off, until the end of the festival. */
const template = { name: 'Bench crew', kind: 'percentage' as const, percent: 10, max_uses: 1, valid_until: '2099-01-01T00:00:00Z', active: true };

/**
 * Issue 37's speed target: generating 10,000 voucher codes under 5 s (decision 0096). On
 * PostgreSQL the whole call is timed as the back office makes it: the real server in its own
 * process, an admin's session, voucher-generate over HTTP with the CSV of every code in the
 * answer; each run adds its codes to those of the runs before (their uniqueness is checked
 * against more codes each time). On the embedded database (PGlite, in this process) the same
 * service makes the codes and the CSV.
 */
export async function benchVouchers(port = 3850): Promise<void> {
  const database = await createDatabase(ADMIN_DATABASE_URL, `shop_vouchers_${process.pid}`);
  let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
  try {
    server = await startServerProcess({ port, databaseUrl: database.url, quiet: true });
    const token = randomBytes(32).toString('hex');
    await signInAdmin(database.url, token);
    const generate = async (prefix: string) => {
      const started = performance.now();
      const response = await fetch(`${server!.url}/api/staff/voucher-generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: `staff_session=${token}` },
        body: JSON.stringify({ count: CODES, prefix, template }),
      });
      const body = (await response.json()) as { count?: number; content?: string; message?: string };
      const seconds = (performance.now() - started) / 1000;
      if (response.status !== 200 || body.count !== CODES) throw new Error(`voucher-generate answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
      return { seconds, bytes: body.content!.length };
    };
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { seconds, bytes } = await generate(`BENCH${run}`);
      times.push(seconds);
      note(`run ${run + 1}: ${CODES.toLocaleString('en')} codes in ${seconds.toFixed(2)} s, a CSV of ${(bytes / 1024).toFixed(0)} KiB`);
    }
    record(VOUCHER_FIGURES[0]!.name, Math.max(...times), 's', VOUCHER_FIGURES[0]!.target);
  } finally {
    await server?.stop();
    await database.drop();
  }

  const embedded = await openDatabase({});
  try {
    await embedded.migrate();
    const admin = createVoucherAdmin({ db: embedded.db, config: { currency: 'EUR', timezone: 'Europe/Amsterdam' }, now: () => new Date() });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      const answer = await admin.generate({ commandLine: true }, { count: CODES, prefix: `EMBEDDED${run}`, template });
      times.push((performance.now() - started) / 1000);
      if (answer.count !== CODES) throw new Error(`made ${answer.count} codes`);
      note(`embedded run ${run + 1}: ${CODES.toLocaleString('en')} codes in ${times[run]!.toFixed(2)} s`);
    }
    record(VOUCHER_FIGURES[1]!.name, Math.max(...times), 's', VOUCHER_FIGURES[1]!.target);
  } finally {
    await embedded.close();
  }
}

/** An admin with a signed-in session for `token`, as the order-search bench makes one. */
export async function signInAdmin(url: string, token: string, email = 'bench.vouchers@example.org'): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [{ id }] = (await client.query<{ id: number }>("INSERT INTO staff_members (email, name, role, password_hash) VALUES ($1, 'Bench', 'admin', 'x') RETURNING id", [email])).rows as [{ id: number }];
    await client.query("INSERT INTO staff_sessions (staff_id, token_hash, stage, expires_at) VALUES ($1, $2, 'signed-in', now() + interval '12 hours')", [id, createHash('sha256').update(token).digest('hex')]);
  } finally {
    await client.end();
  }
}
