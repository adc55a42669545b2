import path from 'node:path';
import { api, type Order, type PaymentInstruction, type ShopConfigFile } from '@festival/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { expect } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { emailOutbox, invoices, merchandisePurchases, orders, paymentNotifications, payments, shopItems, tickets } from '../src/db/schema';
import { REPO_ROOT } from '../src/env';
import { freePort } from '../src/lib/free-port';
import type { PaymentGateway } from '../src/modules/payments/gateway';
import type { ProviderCredentials } from '../src/modules/payments/gateway-choice';
import { createConfiguredGateway } from '../src/modules/payments/gateways/configured';
import { createPaymentsService, type PaymentsService } from '../src/modules/payments/payments.service';
import type { Engine } from './databases';
import { cartWith, checkoutPayload, createCustomer } from './shop-flows';
import { createTestShop, TEST_HOLD_LIMITS, type TestShop } from './test-shop';

/**
 * A shop whose card payments go to a real provider's adapter (Stripe, Mollie) built from the
 * environment's credentials, as the server builds it, pointed at the provider's local double; it
 * listens at the public address it tells the provider (publicBaseUrl), so the double's webhooks
 * and the payer's returns reach it. Its clock is the wall clock (the doubles keep real time, and
 * carts hold by it); the background sweepers are kept out of the way, and a test runs the
 * unpaid-order sweeper's round itself, as it would run some time from now (`abandonOverdue`).
 */
export interface ProviderShop {
  shop: TestShop;
  /** http://127.0.0.1:<port>: the shop's public address and where it listens. */
  base: string;
  provider: 'stripe' | 'mollie';
  /** The shop's APP_SECRET: order links (an instalment's page) are signed with it. */
  appSecret: string;
  /** The shop's clock. */
  now(): Date;
  /**
   * The sweeper's round of unpaid card orders (the payments service's abandonOverdue on the
   * shop's database and gateway), run as it would run `later` ms from now: orders whose time to
   * pay is over by then are abandoned. Answers how many.
   */
  abandonOverdue(later: number): Promise<number>;
  /** The provider's adapter built from the same credentials, as the organiser's commands build theirs (createConfiguredGateway, under gatewayForCommand). */
  gateway: PaymentGateway;
  /** What the shop's notification route decided for each delivery it verified, in order ('applied', 'duplicate', …, one per fact). */
  notificationResults(): string[][];
  /** What the shop logged (pino's JSON lines). */
  logged: LogLine[];
  /** Another instance of the shop on the same database (PostgreSQL: its own connection pool), listening at its own address. */
  secondInstance(): Promise<ShopInstance>;
  close(): Promise<void>;
}

export interface ShopInstance {
  app: FastifyInstance;
  base: string;
  notificationResults(): string[][];
  close(): Promise<void>;
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A logger that keeps what the app logs, to read what its routes decided. */
function capturingLogger(): { logger: FastifyBaseLogger; lines: LogLine[]; notificationResults(): string[][] } {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return {
    logger,
    lines,
    notificationResults: () => lines.filter((line) => line.msg === 'payment notification').map((line) => line.results as string[]),
  };
}

/** Background rounds (carts, unpaid orders, reminders) never run by themselves during a test. */
const NEVER_MS = 24 * 60 * 60_000;

/** `options.config`: more of the shop's configuration (the languages it offers, say). */
export async function startProviderShop(
  engine: Engine,
  provider: 'stripe' | 'mollie',
  credentials: ProviderCredentials,
  options: { app?: Partial<AppOptions>; config?: Partial<ShopConfigFile> } = {},
): Promise<ProviderShop> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const now = () => new Date();
  const appSecret = `provider-shop-secret-${provider}-of-at-least-32-characters`;
  const log = capturingLogger();
  const appOptions: Partial<AppOptions> = {
    appSecret,
    now,
    catalogMaxAgeMs: 0,
    cartSweepIntervalMs: NEVER_MS,
    reminderIntervalMs: NEVER_MS,
    gatewayEnvironment: { production: false, demoConfig: false, credentials },
    ...options.app,
  };
  const shop = await createTestShop(engine, { config: { ...options.config, gateway: provider, publicBaseUrl: base, maxCreditCardAttempts: 5 }, app: { logger: log.logger, ...appOptions } });
  await shop.app.listen({ port, host: '127.0.0.1' });
  const gateway = createConfiguredGateway({ provider }, { credentials, appSecret }) as PaymentGateway;
  const sweeperAt = (later: number): PaymentsService =>
    createPaymentsService({ db: shop.database.db, config: shop.config, gateway, appSecret, now: () => new Date(now().getTime() + later) });
  const others: { close(): Promise<void> }[] = [];
  return {
    shop,
    base,
    provider,
    appSecret,
    now,
    abandonOverdue: (later) => sweeperAt(later).abandonOverdue(),
    gateway,
    notificationResults: log.notificationResults,
    logged: log.lines,
    async secondInstance() {
      // PostgreSQL: a pool of its own, as a second server has; PGlite is one process's database, shared.
      const database: Database | undefined = shop.database.url ? await openDatabase({ url: shop.database.url, poolSize: 10 }) : undefined;
      const own = capturingLogger();
      const app = await buildApp({ db: database?.db ?? shop.database.db, config: shop.config, webRoot: path.join(REPO_ROOT, 'apps/web/dist'), holdLimits: TEST_HOLD_LIMITS, logger: own.logger, ...appOptions });
      await app.ready();
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const instance: ShopInstance = {
        app,
        base: address,
        notificationResults: own.notificationResults,
        async close() {
          await app.close();
          await database?.close();
        },
      };
      others.push(instance);
      return instance;
    },
    async close() {
      for (const other of others) await other.close();
      await shop.close();
    },
  };
}

/** A buyer's card order of these products (one holder each), placed through checkout-cart: its view and the provider's page to pay on. */
export async function placeCardOrder(shop: TestShop, products: string[] = ['NWF27-PARKING']) {
  const buyer = await createCustomer(shop);
  const cart = await cartWith(shop, buyer.token, products);
  const answer = await shop.call('checkout-cart', checkoutPayload(buyer.token, cart));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const placed = api['checkout-cart'].answer.parse(answer.body);
  return { buyer, order: placed.order, instruction: placed.payment, amount: placed.order.total_price };
}

/** Another card attempt for the buyer's pending order (pay-order): the provider's new page. */
export async function payOrderAgain(shop: TestShop, buyer: { token: string }, order: Pick<Order, 'code'>): Promise<PaymentInstruction> {
  const answer = await shop.call('pay-order', { token: buyer.token, order: order.code });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return api['pay-order'].answer.parse(answer.body).payment;
}

/** The address a redirect instruction sends the payer to (the provider's hosted page). */
export function redirectUrl(instruction: PaymentInstruction | null | undefined): string {
  if (instruction?.action !== 'redirect') throw new Error(`expected a redirect to the provider's page, got ${JSON.stringify(instruction)}`);
  return instruction.url;
}

/** A form post as the payer's browser sends it from a hosted page, without following the redirect. */
export function pressOnPage(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

/** The payer's browser opens an address of the shop's (the return from the provider): where the shop sends it next. */
export async function openShopAddress(url: string): Promise<string> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status, url).toBe(303);
  return answer.headers.get('location')!;
}

export const confirmationPage = (code: string) => `/portal/orders/${encodeURIComponent(code)}/confirmation`;
export const orderPage = (code: string, payment: 'returned' | 'declined' | 'cancelled') => `/order/${encodeURIComponent(code)}?payment=${payment}`;

/** What the shop's database says of orders, their payments, tickets, stock and mail. */
export function shopRecords(shop: TestShop) {
  const db = () => shop.database.db;
  return {
    async order(code: string) {
      const [row] = await db().select().from(orders).where(eq(orders.code, code));
      return row!;
    },
    /** The order's card attempts, oldest first. */
    async payments(orderId: number) {
      return db().select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
    },
    async ticketStatuses(orderId: number) {
      return (await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id))).map((row) => row.status);
    },
    async merchandiseStatuses(orderId: number) {
      return (await db().select({ status: merchandisePurchases.status }).from(merchandisePurchases).where(eq(merchandisePurchases.orderId, orderId))).map((row) => row.status);
    },
    async item(externalCode: string) {
      const [row] = await db().select().from(shopItems).where(eq(shopItems.externalCode, externalCode));
      return row!;
    },
    /** Leaves this many units of the product unsold and unheld. */
    async leaveUnits(externalCode: string, units: number) {
      await db()
        .update(shopItems)
        .set({ stock: sql`${shopItems.held} + ${shopItems.sold} + ${units}` })
        .where(eq(shopItems.externalCode, externalCode));
    },
    /** Mail queued to an address, optionally with a subject containing some text. */
    async mailsTo(address: string, subject?: string) {
      return db()
        .select()
        .from(emailOutbox)
        .where(subject === undefined ? eq(emailOutbox.toAddress, address) : and(eq(emailOutbox.toAddress, address), like(emailOutbox.subject, `%${subject}%`)))
        .orderBy(asc(emailOutbox.id));
    },
    /** The order's confirmation mails (one, whatever arrives how often). */
    async confirmations(orderId: number) {
      return db().select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
    },
    async invoices(orderId: number) {
      return db().select().from(invoices).where(eq(invoices.orderId, orderId));
    },
    /** The provider's news recorded (applied once each) for a payment. */
    async notifications(paymentId: number) {
      return db().select().from(paymentNotifications).where(eq(paymentNotifications.paymentId, paymentId));
    },
  };
}
