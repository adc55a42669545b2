import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { requestLocale } from '../../lib/language';
import type { CustomerRow } from '../accounts/session.queries';
import { findSessionCustomer } from '../accounts/session.service';
import type { CustomerData, VisitorAnswers } from '../data/data.service';
import type { WaitingRoom } from '../onsale/waiting-room';
import type { CartService, CartWithData } from './cart.service';

/** The cart calls of spec section 7. A session token attaches the cart to its customer. */
export function registerCartRoutes(
  app: FastifyInstance,
  db: Db,
  carts: CartService,
  visitor: VisitorAnswers,
  customerData: CustomerData,
  room: Pick<WaitingRoom, 'gate'>,
): void {
  const customerOf = (token: string | null | undefined) => findSessionCustomer(db, token);
  /**
   * "cart and data" (cart calls change no order, so the customer's data_version read with the
   * session is current): a visitor's data is the same for everyone, already serialised once per
   * snapshot and encoded (`,"data":…}`), so only the cart is serialised per call. On-sale adds are hot.
   */
  const withData = async ({ cart, snapshot }: CartWithData, customer: CustomerRow | null) =>
    // The snapshot is in the request's language (decision 0094): its data answers are made once per snapshot and language.
    customer
      ? visitor.customerAnswer(snapshot, await customerData(snapshot, customer, { versionIsCurrent: true }), `{"cart":${JSON.stringify(cart)},"data":`)
      : visitor.visitorCartAnswer(snapshot, cart);

  registerApiRoute(app, 'get-cart', async (input, request) => ({ cart: await carts.get(input.cart, await customerOf(input.token), requestLocale(request)) }));
  // While an on-sale's room is open, its products are added only with an admission pass (decision
  // 0048) whose place may still shop: its row is checked where the stock is taken.
  // What refuses an add whoever asks (a sold-out item above all) is refused before the session is read.
  registerApiRoute(app, 'add-product-to-cart', async (input, request) => {
    await carts.refuseUnaddable('tickets', input.external_code);
    const customer = await customerOf(input.token);
    const admitted = (await room.gate()).check(customer, { codes: [input.external_code] }, input.admission, request);
    return withData(await carts.addProduct(input, customer, request.ip, admitted.rooms.length ? admitted.hold : undefined, requestLocale(request)), customer);
  });
  registerApiRoute(app, 'update-product-in-cart', async (input, request) => ({ cart: await carts.updateProduct(input, await customerOf(input.token), requestLocale(request)) }));
  registerApiRoute(app, 'remove-product-from-cart', async (input, request) => {
    const customer = await customerOf(input.token);
    return withData(await carts.removeProduct(input, customer, requestLocale(request)), customer);
  });
  registerApiRoute(app, 'add-merchandise-to-cart', async (input, request) => {
    await carts.refuseUnaddable('merchandise', input.external_code);
    const customer = await customerOf(input.token);
    const admitted = (await room.gate()).check(customer, { codes: [input.external_code] }, input.admission, request);
    return withData(await carts.addMerchandise(input, customer, request.ip, admitted.rooms.length ? admitted.hold : undefined, requestLocale(request)), customer);
  });
  registerApiRoute(app, 'remove-merchandise-from-cart', async (input, request) => ({ cart: await carts.removeMerchandise(input, await customerOf(input.token), requestLocale(request)) }));
}
