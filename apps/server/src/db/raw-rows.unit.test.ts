import { describe, expect, it } from 'vitest';
import { rowFromJson, rowsFromJson } from './raw-rows';
import { orders } from './schema';

describe('rowFromJson', () => {
  it('maps a row_to_json row to the select model: camel-case keys, dates, JSON columns, nulls', () => {
    const row = rowFromJson(orders, {
      id: 7,
      code: 'K7QF3XHM',
      customer_id: 3,
      total_price: 9200,
      billing_address: { City: 'Amsterdam' },
      created_at: '2026-11-23T20:15:01.123456+00:00',
      paid_at: null,
    });
    expect(row.id).toBe(7);
    expect(row.customerId).toBe(3);
    expect(row.totalPrice).toBe(9200);
    expect(row.billingAddress).toEqual({ City: 'Amsterdam' });
    expect(row.createdAt).toEqual(new Date('2026-11-23T20:15:01.123Z'));
    expect(row.paidAt).toBeNull();
    // A column the JSON lacks is null, never undefined.
    expect(row.discountName).toBeNull();
  });

  it('reads an empty json_agg (null) as no rows', () => {
    expect(rowsFromJson(orders, null)).toEqual([]);
  });
});
