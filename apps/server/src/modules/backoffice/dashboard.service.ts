import {
  DASHBOARD_LIVE_MINUTES,
  DASHBOARD_LIVE_REFRESH_SECONDS,
  DASHBOARD_MINUTE_WINDOW,
  DASHBOARD_PAYMENT_STATUSES,
  DASHBOARD_QUIET_REFRESH_SECONDS,
  type DashboardAnswer,
} from '@festival/contract';
import type { Db } from '../../db/client';
import * as queries from './dashboard.queries';

/** The shortest time an answer is kept; it is kept longer when computing it took long (decision 0043). */
export const DASHBOARD_CACHE_MS = 2_000;
/** An answer is kept at least this many times as long as it took to compute: the dashboards' share of the database stays under 1/20. */
export const DASHBOARD_COST_FACTOR = 20;
/** ...but never longer than this. */
export const DASHBOARD_CACHE_MAX_MS = 10_000;
/**
 * When the kept answer is out of date, a request waits this long for the new one and otherwise
 * gets the one before (at most DASHBOARD_STALE_MAX_MS old): in a flash sale, when the buyers keep
 * the database's connections busy, a dashboard answers at once with figures a few seconds old.
 */
export const DASHBOARD_FRESH_WAIT_MS = 50;
export const DASHBOARD_STALE_MAX_MS = 60_000;

export type DashboardResult = { found: true; answer: DashboardAnswer } | { found: false; reason: 'no-such-event' | 'no-events' };

interface Cached<T> {
  promise: Promise<T>;
  /** When it was asked for: a clock set back (a test's, an operator's) makes it stale too. */
  from: number;
  expiresAt: number;
}

const fresh = (entry: { from: number; expiresAt: number } | undefined, at: number) => entry !== undefined && entry.from <= at && at < entry.expiresAt;

const STANDING_EXCLUDED = new Set(['abandoned', 'cancelled']);
const DAY_MS = 86_400_000;

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDay(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The dates from `first` to `last` (YYYY-MM-DD, both included); date arithmetic needs no time zone. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= end; at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * The next or current event: the first (by start) that started at most a week ago or starts
 * later (a festival runs at most a week), otherwise the one that started last, otherwise the first
 * without a start.
 */
export function defaultEvent<E extends { starts_at: string | null }>(events: E[], now: Date): E | undefined {
  const dated = events.filter((event) => event.starts_at !== null).sort((a, b) => Date.parse(a.starts_at!) - Date.parse(b.starts_at!));
  const from = now.getTime() - 7 * DAY_MS;
  return dated.find((event) => Date.parse(event.starts_at!) >= from) ?? dated[dated.length - 1] ?? events[0];
}

const emptyMoney = () => ({ orders: 0, gross: 0, refunded: 0, net: 0 });

/**
 * The answer's order figures from the day rows and the minute rows (pure, so the rules are
 * tested on their own): today and total, payment statuses, and the chart per minute while live
 * (an order in the last hour, or units held in carts now: `buying`), per day otherwise.
 */
export function summarise(days: queries.DayRow[], minutes: queries.MinuteRow[], now: Date, timezone: string, buying = false) {
  const today = localDay(now, timezone);
  const total = emptyMoney();
  const todays = emptyMoney();
  const statuses = Object.fromEntries(DASHBOARD_PAYMENT_STATUSES.map((status) => [status, 0])) as Record<(typeof DASHBOARD_PAYMENT_STATUSES)[number], number>;
  const perDay = new Map<string, { orders: number; units: number; revenue: number }>();
  for (const row of days) {
    const standing = !STANDING_EXCLUDED.has(row.status);
    for (const figures of row.day === today ? [total, todays] : [total]) {
      if (standing) figures.orders += row.orders;
      figures.gross += Number(row.gross);
      figures.refunded += Number(row.refunded);
    }
    if (row.status in statuses) statuses[row.status as keyof typeof statuses] += row.orders;
    const bucket = perDay.get(row.day) ?? { orders: 0, units: 0, revenue: 0 };
    if (standing) {
      bucket.orders += row.orders;
      bucket.units += row.units;
    }
    bucket.revenue += Number(row.gross);
    perDay.set(row.day, bucket);
  }
  for (const figures of [total, todays]) figures.net = figures.gross - figures.refunded;

  const nowMinute = Math.floor(now.getTime() / 60_000) * 60;
  const live = buying || minutes.some((row) => row.minute >= nowMinute - DASHBOARD_LIVE_MINUTES * 60 && row.minute <= nowMinute);
  let sales: DashboardAnswer['sales'];
  if (live) {
    const perMinute = new Map<number, { orders: number; units: number; revenue: number }>();
    for (const row of minutes) {
      const bucket = perMinute.get(row.minute) ?? { orders: 0, units: 0, revenue: 0 };
      if (!STANDING_EXCLUDED.has(row.status)) {
        bucket.orders += row.orders;
        bucket.units += row.units;
      }
      bucket.revenue += Number(row.gross);
      perMinute.set(row.minute, bucket);
    }
    const buckets = [];
    for (let minute = nowMinute - DASHBOARD_MINUTE_WINDOW * 60; minute <= nowMinute; minute += 60) {
      buckets.push({ at: new Date(minute * 1000).toISOString(), ...(perMinute.get(minute) ?? { orders: 0, units: 0, revenue: 0 }) });
    }
    sales = { per: 'minute', live, buckets };
  } else {
    const known = [...perDay.keys()].sort();
    const first = known[0] && known[0] < today ? known[0] : today;
    const buckets = daysBetween(first, today > (known[known.length - 1] ?? today) ? today : known[known.length - 1]!).map((day) => ({ at: day, ...(perDay.get(day) ?? { orders: 0, units: 0, revenue: 0 }) }));
    sales = { per: 'day', live, buckets };
  }
  return { orders: { today: todays, total }, payment_statuses: statuses, sales };
}

const figuresOf = (row: { stock: number | null; held: number; sold: number }) => ({
  stock: row.stock,
  sold: row.sold,
  held: row.held,
  available: row.stock === null ? null : Math.max(0, row.stock - row.held - row.sold),
});

export interface DashboardService {
  /** The dashboard of the event with this code (the next or current one without). */
  dashboard(eventCode: string | undefined): Promise<DashboardResult>;
  /** How many times the figures were computed (each a set of queries): what the cache saves. */
  readonly computations: number;
}

/**
 * The dashboard with a short cache shared by every dashboard of the instance: one computation
 * per event per interval, requests in the meantime wait on the same promise (decision 0043).
 */
export function createDashboardService(deps: { db: Db; timezone: string; currency: string; now: () => Date; cacheMs?: number }): DashboardService {
  const { db, timezone, currency, now } = deps;
  const minCacheMs = deps.cacheMs ?? DASHBOARD_CACHE_MS;
  let events: Cached<queries.EventRow[]> | undefined;
  let computations = 0;

  const keep = <T>(entry: Cached<T>, drop: () => void): Cached<T> => {
    entry.promise.catch(drop);
    return entry;
  };

  /** The events, kept like the answers: out of date, the list before is used while a new one is read (the first read waits). */
  const eventList = (at: number): Promise<queries.EventRow[]> => {
    if (events && fresh(events, at)) return events.promise;
    const before = events;
    const entry: Cached<queries.EventRow[]> = keep({ promise: queries.listEvents(db), from: at, expiresAt: at + minCacheMs }, () => {
      if (events === entry) events = before;
    });
    if (!before) {
      events = entry;
      return entry.promise;
    }
    // Taken once read; until then the list before answers (and refreshes are not started twice).
    before.expiresAt = Number.POSITIVE_INFINITY;
    before.from = Math.min(before.from, at);
    entry.promise.then(
      () => {
        if (events === before) events = entry;
      },
      () => {
        before.expiresAt = 0;
      },
    );
    return before.promise;
  };

  async function compute(event: queries.EventRow, list: queries.EventRow[]): Promise<{ answer: DashboardAnswer; ms: number }> {
    computations += 1;
    const started = performance.now();
    const at = now();
    const since = new Date((Math.floor(at.getTime() / 60_000) - DASHBOARD_MINUTE_WINDOW) * 60_000);
    const read = await db.transaction(
      async (tx) => {
        const items = await queries.itemsOf(tx, event.id);
        const departures = await queries.departuresOf(tx, event.id);
        const days = await queries.ordersByDay(tx, event.id, timezone);
        const minutes = await queries.ordersByMinute(tx, event.id, since);
        const refunds = await queries.openRefunds(tx, event.id);
        const complimentary = await queries.complimentaryOf(tx, event.id);
        const lists = await queries.checkinListsOf(tx, event.id);
        const gates = await queries.gatesOf(
          tx,
          lists.map((list) => list.id),
        );
        return { items, departures, days, minutes, refunds, lists, gates, complimentary };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const buying = read.items.some((row) => row.event_id !== null && row.held > 0) || read.departures.some((row) => row.held > 0);
    const summary = summarise(read.days, read.minutes, at, timezone, buying);
    const product = (row: queries.ItemRow) => ({ code: row.code, name: row.name, type: row.type, on_sale: row.on_sale, ...figuresOf(row) });
    const answer: DashboardAnswer = {
      event: { code: event.code, name: event.name, starts_at: event.starts_at },
      events: list.map((one) => ({ code: one.code, name: one.name, starts_at: one.starts_at })),
      currency,
      timezone,
      products: read.items.filter((row) => row.event_id !== null).map(product),
      merchandise: read.items.filter((row) => row.event_id === null).map(product),
      departures: read.departures.map((row) => ({ product: row.product, product_name: row.product_name, departs_at: row.departs_at, active: row.active, ...figuresOf({ stock: row.seats, held: row.held, sold: row.sold }) })),
      ...summary,
      refund_requests: { open: read.refunds.open, amount: Number(read.refunds.amount) },
      complimentary: read.complimentary,
      checkins: read.lists.map((list) => {
        const scanned = read.gates.filter((gate) => gate.list_id === list.id);
        const named = (list.gates ?? []).filter((gate) => !scanned.some((row) => row.gate === gate)).map((gate) => ({ gate, admitted: 0, inside: 0 }));
        return {
          code: list.code,
          name: list.name,
          active: list.active,
          admitted: list.admitted,
          inside: list.inside,
          gates: [...scanned.map((row) => ({ gate: row.gate, admitted: row.admitted, inside: row.inside })), ...named].sort((a, b) => a.gate.localeCompare(b.gate)),
        };
      }),
      generated_at: at.toISOString(),
      refresh_seconds: summary.sales.live ? DASHBOARD_LIVE_REFRESH_SECONDS : DASHBOARD_QUIET_REFRESH_SECONDS,
    };
    return { answer, ms: performance.now() - started };
  }

  interface Kept {
    answer?: DashboardAnswer;
    /** When the kept answer was asked for, and until when it is fresh. */
    from: number;
    expiresAt: number;
    /** The new answer being computed, which every request in the meantime shares. */
    refreshing?: Promise<DashboardAnswer>;
  }
  const kept = new Map<number, Kept>();

  const refresh = (event: queries.EventRow, list: queries.EventRow[], entry: Kept, at: number): Promise<DashboardAnswer> => {
    entry.refreshing ??= compute(event, list).then(
      (done) => {
        entry.answer = done.answer;
        entry.from = at;
        entry.expiresAt = now().getTime() + Math.min(DASHBOARD_CACHE_MAX_MS, Math.max(minCacheMs, DASHBOARD_COST_FACTOR * done.ms));
        entry.refreshing = undefined;
        return done.answer;
      },
      (error: unknown) => {
        entry.refreshing = undefined;
        throw error;
      },
    );
    return entry.refreshing;
  };

  return {
    get computations() {
      return computations;
    },
    async dashboard(eventCode) {
      const at = now().getTime();
      const list = await eventList(at);
      if (!list.length) return { found: false, reason: 'no-events' };
      const event = eventCode === undefined ? defaultEvent(list, new Date(at)) : list.find((one) => one.code === eventCode);
      if (!event) return { found: false, reason: 'no-such-event' };
      let entry = kept.get(event.id);
      if (!entry) kept.set(event.id, (entry = { from: at, expiresAt: 0 }));
      if (entry.answer && fresh(entry, at)) return { found: true, answer: entry.answer };
      const next = refresh(event, list, entry, at);
      const stale = entry.answer && at >= entry.from && at - entry.from < DASHBOARD_STALE_MAX_MS ? entry.answer : undefined;
      if (!stale) return { found: true, answer: await next };
      // The answer before, unless the new one comes within a moment (or fails).
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<DashboardAnswer>((resolve) => (timer = setTimeout(() => resolve(stale), DASHBOARD_FRESH_WAIT_MS)));
      try {
        return { found: true, answer: await Promise.race([next.catch(() => stale), waited]) };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
