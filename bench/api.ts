import autocannon from 'autocannon';
import { note, record } from './report';

const HEADERS = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** p99 latency of a call under 200 concurrent clients (issue 9: browsing during an on-sale), after a warm-up. */
export async function benchCall(url: string, engine: string, apiPath: string, body: object): Promise<void> {
  const options = { url: `${url}/api/${apiPath}`, method: 'POST' as const, headers: HEADERS, body: JSON.stringify(body), connections: 200 };
  await autocannon({ ...options, duration: 3 });
  const result = await autocannon({ ...options, duration: 10 });
  const failures = result.non2xx + result.errors + result.timeouts;
  record(`${apiPath} p99 at 200 concurrent clients on ${engine}`, result.latency.p99, 'ms', { max: 20 });
  note(`${Math.round(result.requests.average)} requests/s, p50 ${result.latency.p50} ms, ${failures} failed of ${result.requests.total}`);
  if (failures > 0) record(`${apiPath} failed answers on ${engine}`, failures, 'answers', { max: 0 });
}
