import { z } from 'zod';
import { issueMessage, message } from './i18n/text';

/**
 * The back office's dashboard of one event (issue 22 point 2, decision 0043): stock and seats,
 * orders and money, sales over time, payment statuses, open refund requests and check-ins, with
 * how soon the page should ask again. Money is integer minor units.
 */
export const dashboardMessages = {
  noSuchEvent: message({ id: 'dashboardMessages.noSuchEvent', defaultMessage: 'There is no event with that code.' }),
  noEvents: message({ id: 'dashboardMessages.noEvents', defaultMessage: 'The shop has no event yet: add one to the catalogue.' }),
  chooseEvent: message({ id: 'dashboardMessages.chooseEvent', defaultMessage: 'Choose an event.' }),
  eventCodeTooLong: message({ id: 'dashboardMessages.eventCodeTooLong', defaultMessage: 'An event code is at most 64 characters.' }),
};

/** How often the page asks again while a sale runs (orders in the last hour), and otherwise. */
export const DASHBOARD_LIVE_REFRESH_SECONDS = 5;
export const DASHBOARD_QUIET_REFRESH_SECONDS = 60;
/** Per-minute buckets cover this many minutes back while live; live means an order in the last hour. */
export const DASHBOARD_MINUTE_WINDOW = 180;
export const DASHBOARD_LIVE_MINUTES = 60;

export const dashboardPayload = z.object({
  /** The event's code; without it, the next or current event. */
  event: z
    .string({ error: issueMessage(dashboardMessages.chooseEvent) })
    .trim()
    .min(1, issueMessage(dashboardMessages.chooseEvent))
    .max(64, issueMessage(dashboardMessages.eventCodeTooLong))
    .optional(),
});

const count = z.number().int();
const money = z.number().int();

/** Units of a product (or seats of a departure): available is null when not counted (unlimited). */
const stockFigures = z.object({
  stock: count.nullable(),
  sold: count,
  held: count,
  available: count.nullable(),
});

export const dashboardProduct = stockFigures.extend({
  code: z.string(),
  name: z.string(),
  type: z.string(),
  on_sale: z.boolean(),
});

export const dashboardDeparture = stockFigures.extend({
  product: z.string(),
  product_name: z.string(),
  departs_at: z.string(),
  active: z.boolean(),
});

/** Orders that stand (not abandoned, not cancelled); gross is the money received, refunded what went back. */
export const dashboardMoney = z.object({
  orders: count,
  gross: money,
  refunded: money,
  net: money,
});

/** A bucket of the sales chart: the minute or the day (in the shop's time zone) starting at `at`. */
export const dashboardBucket = z.object({
  at: z.string(),
  orders: count,
  units: count,
  revenue: money,
});

export const DASHBOARD_PAYMENT_STATUSES = ['pending', 'partial', 'processing', 'problem', 'paid', 'cancelled', 'abandoned'] as const;

export const dashboardGate = z.object({ gate: z.string(), admitted: count, inside: count });
export const dashboardCheckinList = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  admitted: count,
  inside: count,
  gates: z.array(dashboardGate),
});

export const dashboardAnswer = z.object({
  event: z.object({ code: z.string(), name: z.string(), starts_at: z.string().nullable() }),
  /** Every event, for the page's choice. */
  events: z.array(z.object({ code: z.string(), name: z.string(), starts_at: z.string().nullable() })),
  currency: z.string(),
  timezone: z.string(),
  products: z.array(dashboardProduct),
  /** Items of no event (the shop's merchandise), shown with every event. */
  merchandise: z.array(dashboardProduct),
  departures: z.array(dashboardDeparture),
  orders: z.object({ today: dashboardMoney, total: dashboardMoney }),
  sales: z.object({ per: z.enum(['minute', 'day']), live: z.boolean(), buckets: z.array(dashboardBucket) }),
  payment_statuses: z.object(Object.fromEntries(DASHBOARD_PAYMENT_STATUSES.map((status) => [status, count])) as Record<(typeof DASHBOARD_PAYMENT_STATUSES)[number], typeof count>),
  refund_requests: z.object({ open: count, amount: money }),
  checkins: z.array(dashboardCheckinList),
  /** Complimentary tickets of the event per guest list (decision 0100): no sales, never in the orders' money. */
  complimentary: z.array(z.object({ list: z.string(), tickets: count })),
  generated_at: z.string(),
  refresh_seconds: count,
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
