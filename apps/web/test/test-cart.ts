import type { Cart, CartProduct } from '@festival/contract';

/** A cart line for tests: an entry ticket of event 1 unless told otherwise. */
export function testCartProduct(overrides: Partial<Omit<CartProduct, 'product'>> & { product?: Partial<CartProduct['product']> } = {}): CartProduct {
  const { product, ...line } = overrides;
  return {
    id: 1,
    shop_item_type: 'tickets',
    full_name: 'Jane Doe',
    email: 'jane@example.com',
    age: null,
    transport_time_id: null,
    travel_time: null,
    price: 18950,
    fee: 350,
    ...line,
    product: {
      id: 10,
      name: 'Weekend ticket',
      external_code: 'NWF27-WEEKEND',
      type: 'ticket',
      event: 'Northwind Festival 2027',
      event_id: 1,
      timezone: 'Europe/Amsterdam',
      travel_times: [],
      travel_time_type: null,
      has_payment_plan: false,
      payment_plan: null,
      allow_travel_time_changes_until: null,
      ...product,
    },
  };
}

/** A cart for tests, expiring 15 minutes after its server time. */
export function testCart(overrides: Partial<Cart> = {}): Cart {
  return {
    code: 'cart-code',
    expires_at: '2027-06-01T12:15:00.000Z',
    now: '2027-06-01T12:00:00.000Z',
    products: [],
    merchandise: [],
    total_price: 0,
    ...overrides,
  };
}
