import type { MerchandisePurchase, Order, Ticket } from '@festival/contract';

/** For tests: an order, a ticket and a merchandise purchase as get-data answers them. */

export function testTicket(overrides: Partial<Ticket> = {}): Ticket {
  return {
    code: 'TCK-1',
    product: 'Weekend ticket',
    full_name: 'Jane Doe',
    email: 'jane@example.com',
    age: null,
    status: 'active',
    pending: false,
    type: 'ticket',
    price: 18950,
    fee: 350,
    refund_fee: 0,
    refund_total: 18950,
    shipping_refund: 0,
    is_ever_refundable: false,
    is_refundable: false,
    allow_name_changes: false,
    allow_email_changes: false,
    name_changes_left: null,
    allow_travel_time_changes: false,
    allow_download: true,
    recently_edited: false,
    transport_time_id: null,
    travel_time: null,
    travel_times: [],
    timezone: 'Europe/Amsterdam',
    event_name: 'Northwind Festival 2027',
    event_id: 1,
    ...overrides,
  };
}

export function testMerchandisePurchase(overrides: Partial<MerchandisePurchase> = {}): MerchandisePurchase {
  return {
    code: 'MER-1',
    merchandise: 'Festival T-shirt',
    price: 2500,
    fee: 0,
    status: 'active',
    refund_fee: 0,
    refund_total: 2500,
    shipping_refund: 0,
    is_refundable: false,
    ...overrides,
  };
}

/** A paid card order of one ticket unless told otherwise. */
export function testOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    code: 'NWF-ABC123',
    checksum: 'invoice-signature',
    terms_checksum: 'terms-signature',
    created_at: '2027-06-01T12:00:00.000Z',
    staff: 'Online',
    total_price: 19300,
    total_paid: 19300,
    total_refunded: 0,
    discount_amount: 0,
    discount_name: null,
    shipping_amount: 0,
    shipping_country: null,
    shipping_refunded: 0,
    payment_method: 'credit_card',
    payment_status: 'paid',
    has_refunds: false,
    fully_refunded: false,
    has_active_refunds: false,
    can_refund: false,
    has_invoice: true,
    accepted_ts_and_cs: true,
    has_payment_plan: false,
    payment_plan: null,
    payments: [],
    payment_attempts: 0,
    payment_reference: null,
    pay_by: null,
    can_pay_by_transfer: false,
    returned_amount: 0,
    tickets: [testTicket()],
    cartProducts: [],
    cartMerchandise: [],
    merchandisePurchases: [],
    ...overrides,
  };
}
