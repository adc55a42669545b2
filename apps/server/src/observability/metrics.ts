import { timingSafeEqual, createHash } from 'node:crypto';
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { readShopState, type ShopState } from './metrics.queries';

/**
 * The shop's Prometheus metrics (issue 38 point 5, decision 0119), with prom-client: the process's
 * own (CPU, memory, event-loop lag, GC), every request's latency by route and outcome, and what the
 * tables say (open carts, the waiting rooms' queues and admissions, orders by payment state, the
 * outbox by state, check-ins by kind), read in one statement at most every STATE_MAX_AGE_MS however
 * often Prometheus asks. Served at GET /metrics to a bearer of METRICS_TOKEN only; with node:cluster
 * workers, the worker asked gathers every worker's figures through the primary (aggregateMetrics),
 * so one scrape of the shop's one port sees the whole shop.
 */

/** The tables' figures are read at most this often (each scrape every 5 s reads them every other time). */
export const STATE_MAX_AGE_MS = 10_000;
/** A worker's part waited for this long at most; a worker that does not answer is left out. */
const PART_TIMEOUT_MS = 2_000;

const REQUEST = 'festival:metrics-request';
const COLLECT = 'festival:metrics-collect';
const PART = 'festival:metrics-part';
const ANSWER = 'festival:metrics-answer';

type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
type Message = { type: typeof REQUEST; id: number } | { type: typeof COLLECT; id: number } | { type: typeof PART; id: number; metrics: MetricsJson } | { type: typeof ANSWER; id: number; text: string };
const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && (value as { type: string }).type.startsWith('festival:metrics-');

export interface ShopMetrics {
  registry: Registry;
  /** One answer: its route's pattern (undefined: no route), method, status and seconds taken. */
  observe(route: string | undefined, method: string, statusCode: number, seconds: number): void;
  /** The text Prometheus reads: this process's, or every worker's together under node:cluster. */
  text(): Promise<string>;
}

/** A route's label: its pattern (bounded), or "unmatched" for an address no route serves. */
const routeOf = (url: string | undefined) => url ?? 'unmatched';

export function createShopMetrics(db: Db): ShopMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const errors = new Counter({ name: 'shop_http_server_errors_total', help: 'Answers with a 5xx status, by route.', labelNames: ['route'] as const, registers: [registry] });

  // The tables' figures: the same in every worker, so the shop's total is any one of them (max), not their sum.
  let state: { at: number; value: Promise<ShopState> } | null = null;
  const current = () => {
    if (!state || Date.now() - state.at > STATE_MAX_AGE_MS) {
      const value = readShopState(db);
      state = { at: Date.now(), value };
      // A failed read is read again at the next scrape.
      value.catch(() => {
        state = null;
      });
    }
    return state.value;
  };
  const stateGauge = <L extends string>(name: string, help: string, labelNames: readonly L[], set: (gauge: Gauge<L>, value: ShopState) => void) =>
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [registry],
      aggregator: 'max',
      async collect() {
        set(this, await current());
      },
    });
  stateGauge('shop_open_carts', 'Carts holding stock now.', [], (gauge, value) => gauge.set(value.openCarts));
  stateGauge('shop_queue_waiting', 'Visitors waiting in the on-sales’ waiting rooms.', [], (gauge, value) => gauge.set(value.queueWaiting));
  stateGauge('shop_queue_admitted', 'Places admitted to shop (taken), since the rooms opened.', [], (gauge, value) => gauge.set(value.queueAdmitted));
  const byKey = <L extends string>(label: L, pick: (value: ShopState) => Record<string, number>) => (gauge: Gauge<L>, value: ShopState) => {
    gauge.reset();
    for (const [key, count] of Object.entries(pick(value))) gauge.set({ [label]: key } as Record<L, string>, count);
  };
  stateGauge('shop_orders', 'Orders by payment state (paid ones are the sales).', ['payment_status'], byKey('payment_status', (value) => value.orders));
  stateGauge('shop_mail_outbox', 'Messages in the outbox by state (pending, sending, sent, failed).', ['status'], byKey('status', (value) => value.outbox));
  stateGauge('shop_checkins', 'Scans at the gates by kind (in, out, conflict, refused).', ['kind'], byKey('kind', (value) => value.checkins));

  return {
    registry,
    observe(route: string | undefined, method: string, statusCode: number, seconds: number) {
      const status = `${Math.floor(statusCode / 100)}xx`;
      requests.observe({ method, route: routeOf(route), status }, seconds);
      if (statusCode >= 500) errors.inc({ route: routeOf(route) });
    },
    async text() {
      if (!cluster.isWorker || !process.send) return registry.metrics();
      return askPrimary();
    },
  };
}

let asked = 0;
const waiting = new Map<number, (text: string) => void>();

/** In a worker: the whole shop's figures, gathered by the primary from every worker. */
function askPrimary(): Promise<string> {
  asked += 1;
  const id = asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the primary did not gather the metrics in time'));
    }, PART_TIMEOUT_MS * 2);
    waiting.set(id, (text) => {
      clearTimeout(timer);
      resolve(text);
    });
    process.send!({ type: REQUEST, id } satisfies Message);
  });
}

/** In a worker: answers the primary's collection with this worker's registry, and hands the asking request its answer. */
export function answerPrimary(registry: Registry): () => void {
  const listener = (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === COLLECT) {
      void registry.getMetricsAsJSON().then((metrics) => process.send?.({ type: PART, id: message.id, metrics } satisfies Message));
    } else if (message.type === ANSWER) {
      waiting.get(message.id)?.(message.text);
      waiting.delete(message.id);
    }
  };
  process.on('message', listener);
  return () => process.off('message', listener);
}

/**
 * In the primary: a worker's request for the metrics asks every live worker for its part and
 * answers the aggregate (prom-client's AggregatorRegistry.aggregate: counters and histograms
 * summed, the tables' gauges by their own aggregator).
 */
export function aggregateMetrics(): void {
  let next = 0;
  const gathering = new Map<number, { parts: MetricsJson[]; expected: number; done: (parts: MetricsJson[]) => void }>();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === REQUEST) {
      next += 1;
      const id = next;
      const workers = Object.values(cluster.workers ?? {}).filter((live) => live !== undefined && live.isConnected());
      const finish = (parts: MetricsJson[]) => {
        gathering.delete(id);
        const text = AggregatorRegistry.aggregate(parts).metrics();
        void Promise.resolve(text).then((body) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text: body } satisfies Message));
      };
      const timer = setTimeout(() => {
        const entry = gathering.get(id);
        if (entry) finish(entry.parts);
      }, PART_TIMEOUT_MS);
      gathering.set(id, {
        parts: [],
        expected: workers.length,
        done: (parts) => {
          clearTimeout(timer);
          finish(parts);
        },
      });
      for (const live of workers) live!.send({ type: COLLECT, id } satisfies Message);
    } else if (message.type === PART) {
      const entry = gathering.get(message.id);
      if (!entry) return;
      entry.parts.push(message.metrics);
      if (entry.parts.length >= entry.expected) entry.done(entry.parts);
    }
  });
}

/** Whether a request carries the metrics token (compared in constant time). */
export function bearsToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** GET /metrics for a bearer of `token` (401 otherwise, saying nothing more); every answer's latency observed. */
export function registerMetrics(app: FastifyInstance, metrics: ShopMetrics, token: string): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    if (!bearsToken(request.headers.authorization, token)) return reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'A metrics token is needed.' });
    return reply.type(metrics.registry.contentType).send(await metrics.text());
  });
}
