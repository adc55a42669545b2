import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerApiRoute } from '../../http/api-route';
import { findSessionCustomer } from '../accounts/session.service';
import type { CartService } from './cart.service';

/** The cart calls of spec section 7. A session token attaches the cart to its customer. */
export function registerCartRoutes(app: FastifyInstance, db: Db, carts: CartService): void {
  const customerOf = (token: string | null | undefined) => findSessionCustomer(db, token);

  registerApiRoute(app, 'get-cart', async (input) => ({ cart: await carts.get(input.cart, await customerOf(input.token)) }));
  registerApiRoute(app, 'add-product-to-cart', async (input) => carts.addProduct(input, await customerOf(input.token)));
  registerApiRoute(app, 'update-product-in-cart', async (input) => ({ cart: await carts.updateProduct(input, await customerOf(input.token)) }));
  registerApiRoute(app, 'remove-product-from-cart', async (input) => carts.removeProduct(input, await customerOf(input.token)));
  registerApiRoute(app, 'add-merchandise-to-cart', async (input) => carts.addMerchandise(input, await customerOf(input.token)));
  registerApiRoute(app, 'remove-merchandise-from-cart', async (input) => ({ cart: await carts.removeMerchandise(input, await customerOf(input.token)) }));
}
