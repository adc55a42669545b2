import http from 'node:http';

export interface PacedResult {
  sent: number;
  ok: number;
  failed: number;
  /** Achieved answers per second. */
  rate: number;
  p50: number;
  p99: number;
}

/**
 * `buyers` buyers, each on a connection of their own, who together send `rate` requests a second
 * at random moments (a Poisson process: every buyer acts on their own, as people do), for
 * `seconds`. A request's latency counts from the moment it was due, so a server that falls
 * behind shows it rather than slowing the load down (no coordinated omission). autocannon's
 * fixed rate fires every connection in step instead, which measures a burst, not a rate.
 */
export async function pacedLoad(options: { url: string; body: string; headers: Record<string, string>; buyers: number; rate: number; seconds: number }): Promise<PacedResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.buyers });
  const latencies: number[] = [];
  let failed = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let due = start;

  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body) } },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - dueAt);
            else failed += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        failed += 1;
        resolve();
      });
      request.end(options.body);
    });

  while (due < end) {
    due += -Math.log(1 - Math.random()) * (1000 / options.rate);
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(due));
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0);
  return { sent: pending.length, ok: latencies.length, failed, rate: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) };
}
