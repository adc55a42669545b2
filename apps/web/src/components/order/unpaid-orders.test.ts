import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../test/test-order';
import { showsOrderPayment, unpaidOrders } from './unpaid-orders';

const NOW = Date.parse('2027-06-01T12:00:00Z');
const later = new Date(NOW + 10 * 60_000).toISOString();
const earlier = new Date(NOW - 60_000).toISOString();

describe('the orders the shop reminds the customer to pay (decision 0066)', () => {
  const card = (overrides: Parameters<typeof testOrder>[0] = {}) =>
    testOrder({ payment_method: 'credit_card', payment_status: 'pending', accepted_ts_and_cs: true, total_paid: 0, pay_by: later, ...overrides });

  it('lists a card order inside its time to pay and a transfer not received, newest first', () => {
    const older = card({ code: 'OLDER', created_at: '2027-06-01T11:00:00Z' });
    const transfer = card({ code: 'TRANSFER', payment_method: 'bank_transfer', pay_by: null, created_at: '2027-06-01T11:30:00Z' });
    expect(unpaidOrders([older, transfer], NOW).map((order) => order.code)).toEqual(['TRANSFER', 'OLDER']);
  });

  it('leaves out what cannot or need not be paid now', () => {
    expect(unpaidOrders([card({ pay_by: earlier })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ pay_by: null })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ payment_status: 'paid' })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ payment_status: 'processing' })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ payment_status: 'abandoned' })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ accepted_ts_and_cs: false })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ has_payment_plan: true })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ checksum: '' })], NOW)).toEqual([]);
    expect(unpaidOrders([card({ payment_method: 'bank_transfer', pay_by: earlier })], NOW)).toEqual([]);
    expect(unpaidOrders(undefined, NOW)).toEqual([]);
  });

  it("steps aside on the order's own pages", () => {
    expect(showsOrderPayment('/order/NWF-1', 'NWF-1')).toBe(true);
    expect(showsOrderPayment('/portal/orders/NWF-1/confirmation', 'NWF-1')).toBe(true);
    expect(showsOrderPayment('/checkout', 'NWF-1')).toBe(false);
    expect(showsOrderPayment('/order/NWF-2', 'NWF-1')).toBe(false);
  });
});
