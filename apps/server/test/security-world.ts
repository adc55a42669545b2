import { api, type ApiPath } from '@festival/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppOptions } from '../src/app';
import { customers, sessions, shopItems, travelTimes } from '../src/db/schema';
import { hashToken } from '../src/modules/accounts/session.service';
import { hashPassword } from '../src/modules/accounts/passwords';
import { ACCEPT_TERMS_LINK, INVOICE_LINK, instalmentLink, orderLinkSignature } from '../src/modules/checkout/order-links.signatures';
import { BANK_DETAILS, cartWith, checkoutPayload, createCustomer, paidOrder } from './shop-flows';
import { createTestShop, type TestShop } from './test-shop';
import type { Engine } from './databases';
import { createSnapshotter } from './db-snapshot';

/** The password the world's customers really have. */
export const WORLD_PASSWORD = 'correct horse battery staple';

/**
 * Everything one customer can name in a call or a link: a session, an open cart with a ticket
 * and merchandise, a paid order with a shuttle ticket and shipped merchandise, a refund request,
 * a payment-plan order with an instalment to pay and an unpaid card order.
 */
export interface Party {
  token: string;
  email: string;
  id: number;
  cart: { code: string; productId: number; merchandiseId: number };
  paid: {
    id: number;
    code: string;
    /** Its invoice link's signature (decision 0027: each link signs its own purpose). */
    checksum: string;
    /** The weekend ticket, with a refund requested for it. */
    ticket: { code: string; email: string };
    /** The shuttle ticket, with a travel time. */
    shuttle: { code: string; email: string };
    merchandise: string;
  };
  refundId: number;
  /** `checksum`: the signature of the link to the instalment `reference`. */
  plan: { id: number; code: string; checksum: string; reference: string };
  /** `checksum`: the signature of its accept-terms link. */
  unpaid: { id: number; code: string; checksum: string };
  /** The shuttle's departure, and another one it can move to. */
  travelTimeId: number;
  otherTravelTimeId: number;
}

/** Two customers, the owner and another, each with everything of a Party. */
export async function buildWorld(shop: TestShop, base: string, secret: string): Promise<{ owner: Party; other: Party; anonymousCart: string }> {
  // The two departures with the most seats left: the shuttle is booked on one and can move to the other.
  const [departure, later] = await shop.database.db
    .select({ id: travelTimes.id })
    .from(travelTimes)
    .innerJoin(shopItems, eq(shopItems.id, travelTimes.shopItemId))
    .where(and(eq(shopItems.externalCode, 'NWF27-SHUTTLE'), eq(travelTimes.active, true)))
    .orderBy(desc(sql`coalesce(${travelTimes.seats}, 1000000) - ${travelTimes.held} - ${travelTimes.sold}`), asc(travelTimes.departsAt))
    .limit(2);
  const travelTimeId = departure!.id;

  async function party(): Promise<Party> {
    const customer = await createCustomer(shop);
    await shop.database.db.update(customers).set({ passwordHash: await hashPassword(WORLD_PASSWORD) }).where(eq(customers.id, customer.id));
    const order = await paidOrder(shop, base, customer, [{ code: 'NWF27-WEEKEND' }, { code: 'NWF27-SHUTTLE', transport_time_id: travelTimeId }], ['NWF27-HOODIE']);
    const [ticket, shuttle] = order.tickets;
    const requested = await shop.call('request-refund', { token: customer.token, order_id: order.id, tickets: ticket!.code, ...BANK_DETAILS });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);

    const plan = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(customer.token, await cartWith(shop, customer.token, ['NWF27-WEEKEND-PLAN'])))).body).order;
    const unpaid = api['checkout-cart'].answer.parse((await shop.call('checkout-cart', checkoutPayload(customer.token, await cartWith(shop, customer.token, ['NWF27-PARKING'])))).body).order;

    const cartCode = await cartWith(shop, customer.token, ['NWF27-LOCKER'], ['NWF27-POSTER']);
    const cart = api['get-cart'].answer.parse((await shop.call('get-cart', { token: customer.token, cart: cartCode })).body).cart!;
    return {
      ...customer,
      cart: { code: cartCode, productId: cart.products[0]!.id, merchandiseId: cart.merchandise[0]!.id },
      paid: {
        id: order.id,
        code: order.code,
        checksum: orderLinkSignature(secret, order.code, INVOICE_LINK),
        ticket: { code: ticket!.code, email: ticket!.email! },
        shuttle: { code: shuttle!.code, email: shuttle!.email! },
        merchandise: order.merchandisePurchases[0]!.code,
      },
      refundId: requested.body.data.refund_id,
      plan: { id: plan.id, code: plan.code, checksum: orderLinkSignature(secret, plan.code, instalmentLink(plan.payments[1]!.reference)), reference: plan.payments[1]!.reference },
      unpaid: { id: unpaid.id, code: unpaid.code, checksum: orderLinkSignature(secret, unpaid.code, ACCEPT_TERMS_LINK) },
      travelTimeId,
      otherTravelTimeId: later!.id,
    };
  }

  const owner = await party();
  const other = await party();
  const anonymousCart = await cartWith(shop, '', ['NWF27-CAMPING']);
  return { owner, other, anonymousCart };
}

const HOUR = 3_600_000;

/**
 * A shop for the abuse suite with its world built: account answers without their time floor and
 * background rounds out of the way (a table fingerprint must only see what the calls did), listening
 * for the sandbox gateway's payers, with a table fingerprint of its database (test/db-snapshot.ts).
 * `app` adds options (a clock, a pinned catalogue snapshot).
 */
export async function openAbuseShop(engine: Engine, secret: string, app: Partial<Omit<AppOptions, 'db' | 'config' | 'webRoot'>> = {}) {
  const shop = await createTestShop(engine, {
    app: { appSecret: secret, accountAnswerFloorMs: 0, cartSweepIntervalMs: HOUR, reminderIntervalMs: HOUR, mail: { pollMs: HOUR }, ...app },
  });
  const base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const world = await buildWorld(shop, base, secret);
  /** A call as the web app makes it, with its status and its body (JSON where it is JSON). */
  const send = async (path: ApiPath, payload: unknown) => {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      payload: JSON.stringify(payload),
    });
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = response.body;
    }
    return { status: response.statusCode, body };
  };
  /** A call that logged the owner out or changed their password ended the session the tests go on with: it comes back. */
  const keepSession = () =>
    shop.database.db
      .insert(sessions)
      .values({ customerId: world.owner.id, tokenHash: hashToken(world.owner.token), expiresAt: new Date(Date.now() + HOUR) })
      .onConflictDoNothing();
  return { shop, base, snapshot: createSnapshotter(shop.database.db), send, keepSession, ...world };
}
export type AbuseShop = Awaited<ReturnType<typeof openAbuseShop>>;
