import { describe, expect, it } from 'vitest';
import { changeLines } from './audit-changes';

const view = { timeZone: 'Europe/Amsterdam', currency: 'EUR', locale: 'en-GB' };

describe('what an audit entry changed', () => {
  it('lists the fields that differ, before and after, in words: roles, times on the events’ clocks', () => {
    expect(changeLines({ role: 'box_office', name: 'Bram', disabledAt: null }, { role: 'admin', name: 'Bram', disabledAt: '2026-11-24T10:00:00.000Z' }, view)).toEqual([
      'role: box office → admin',
      'disabled: – → 24 Nov 2026, 11:00 CET',
    ]);
  });

  it('says an order’s statuses, amounts and time to pay as the order page does', () => {
    const before = { payment_status: 'pending', total_price: 19300, total_paid: 0, total_refunded: 0, pay_by: '2027-06-01T08:00:00.000Z' };
    const after = { payment_status: 'partial', total_price: 19300, total_paid: 5000, total_refunded: 0, pay_by: '2027-06-08T08:00:00.000Z', received: 5000 };
    expect(changeLines(before, after, view)).toEqual([
      'payment status: Pending → Partly paid',
      'paid: €0.00 → €50.00',
      'time to pay: 1 Jun 2027, 10:00 CEST → 8 Jun 2027, 10:00 CEST',
      'received: – → €50.00',
    ]);
  });

  it('says what was created or removed, and shows plain values and lists as they are', () => {
    expect(changeLines(null, { email: 'a@example.org', codes: [1, 2], enabled: true }, view)).toEqual(['created', 'email: a@example.org', 'codes: 1, 2', 'enabled: yes']);
    expect(changeLines({ email: 'a@example.org' }, null, view)).toEqual(['removed']);
    expect(changeLines(3, 4, view)).toEqual(['3 → 4']);
    expect(changeLines(null, null, view)).toEqual([]);
    expect(changeLines({ a: 1 }, { a: 1 }, view)).toEqual([]);
    expect(changeLines(null, { nested: { a: 1 } }, view)).toEqual(['created', 'nested: {"a":1}']);
  });

  it('shows an attack entry as the attempts so far in its quarter of an hour, from a time on the events’ clocks', () => {
    expect(changeLines(null, { attempts: 100, since: '2027-06-01T08:00:00.000Z' }, view)).toEqual(['100 attempts in the quarter of an hour from 1 Jun 2027, 10:00 CEST']);
    expect(changeLines(null, { attempts: 1, since: '2027-06-01T08:00:00.000Z' }, view)).toEqual(['1 attempt in the quarter of an hour from 1 Jun 2027, 10:00 CEST']);
  });
});
