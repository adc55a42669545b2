import autocannon from 'autocannon';
import { startBareServer } from './bare-server';
import { note, record } from './report';

const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** p99 latency of a call under 200 concurrent clients (issue 9: browsing during an on-sale), after a warm-up. */
export async function benchCall(url: string, engine: string, apiPath: string, body: object): Promise<void> {
  const result = await flatOut(`${url}/api/${apiPath}`, body);
  const failures = result.non2xx + result.errors + result.timeouts;
  record(`${apiPath} p99 at 200 concurrent clients on ${engine}`, result.latency.p99, 'ms', { max: 20 });
  note(`${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, ${failures} failed of ${result.requests.total}`);
  if (failures > 0) record(`${apiPath} failed answers on ${engine}`, failures, 'answers', { max: 0 });
}

async function flatOut(url: string, body: object) {
  const options = { url, method: 'POST' as const, headers: HEADERS, body: JSON.stringify(body), connections: 200 };
  await autocannon({ ...options, duration: 3 });
  return autocannon({ ...options, duration: 10 });
}

/**
 * The same load against a server that only sends a constant answer of the same size: what this
 * machine allows any server, with autocannon's 200 clients beside it on the same cores.
 */
export async function benchBareServer(answerBytes: number): Promise<void> {
  const bare = await startBareServer(answerBytes);
  try {
    const result = await flatOut(bare.url, {});
    note(
      `reference: bare node:http sending a constant ${Math.round(answerBytes / 1024)} kB answer under the same load: ${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
  } finally {
    bare.stop();
  }
}
