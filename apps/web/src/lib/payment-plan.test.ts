import type { PaymentPlanEntry } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { paymentDueDate, paymentPlanSchedule } from './payment-plan';

/** A local date and time, so the tests hold in any time zone. */
const local = (year: number, month: number, day: number, hour = 10, minute = 30) => new Date(year, month - 1, day, hour, minute);
/** The local calendar date as [year, month, day]. */
const ymd = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('paymentDueDate', () => {
  it('is now for a count of 0, whatever the unit', () => {
    const now = local(2026, 3, 15);
    for (const units of ['days', 'weeks', 'months'] as const) {
      expect(paymentDueDate({ units, count: 0 }, now).getTime()).toBe(now.getTime());
    }
  });

  it('adds calendar days and keeps the time of day', () => {
    const due = paymentDueDate({ units: 'days', count: 10 }, local(2026, 1, 25, 14, 5));
    expect(ymd(due)).toEqual([2026, 2, 4]);
    expect([due.getHours(), due.getMinutes()]).toEqual([14, 5]);
  });

  it('counts a week as 7 days', () => {
    expect(ymd(paymentDueDate({ units: 'weeks', count: 1 }, local(2026, 12, 28)))).toEqual([2027, 1, 4]);
    expect(ymd(paymentDueDate({ units: 'weeks', count: 4 }, local(2026, 2, 1)))).toEqual([2026, 3, 1]);
  });

  it('adds months on the same day of the month', () => {
    expect(ymd(paymentDueDate({ units: 'months', count: 2 }, local(2026, 4, 15)))).toEqual([2026, 6, 15]);
    expect(ymd(paymentDueDate({ units: 'months', count: 3 }, local(2026, 11, 5)))).toEqual([2027, 2, 5]);
  });

  it('clamps to the last day of a shorter month', () => {
    expect(ymd(paymentDueDate({ units: 'months', count: 1 }, local(2027, 1, 31)))).toEqual([2027, 2, 28]);
    expect(ymd(paymentDueDate({ units: 'months', count: 1 }, local(2028, 1, 31)))).toEqual([2028, 2, 29]);
    expect(ymd(paymentDueDate({ units: 'months', count: 1 }, local(2026, 3, 31)))).toEqual([2026, 4, 30]);
    expect(ymd(paymentDueDate({ units: 'months', count: 13 }, local(2026, 1, 31)))).toEqual([2027, 2, 28]);
  });

  it('does not carry a clamp into later months: each entry counts from now', () => {
    const now = local(2027, 1, 31);
    expect(ymd(paymentDueDate({ units: 'months', count: 2 }, now))).toEqual([2027, 3, 31]);
  });

  it('keeps the time of day across a daylight-saving change', () => {
    const due = paymentDueDate({ units: 'days', count: 1 }, local(2026, 3, 28, 9, 0));
    expect(ymd(due)).toEqual([2026, 3, 29]);
    expect(due.getHours()).toBe(9);
  });

  it('does not change the date it was given', () => {
    const now = local(2026, 1, 31);
    paymentDueDate({ units: 'months', count: 1 }, now);
    expect(ymd(now)).toEqual([2026, 1, 31]);
  });
});

describe('paymentPlanSchedule', () => {
  const plan: PaymentPlanEntry[] = [
    { amount: 4900, units: 'days', count: 0 },
    { amount: 4800, units: 'weeks', count: 4 },
    { amount: 4800, units: 'months', count: 2 },
    { amount: 4800, units: 'months', count: 3 },
  ];

  it('numbers the entries, keeps their amounts and dates each one from now', () => {
    const now = local(2026, 11, 30);
    const schedule = paymentPlanSchedule(plan, now);
    expect(schedule.map((payment) => [payment.number, payment.amount, ...ymd(payment.dueAt)])).toEqual([
      [1, 4900, 2026, 11, 30],
      [2, 4800, 2026, 12, 28],
      [3, 4800, 2027, 1, 30],
      [4, 4800, 2027, 2, 28],
    ]);
    expect(schedule[0]?.dueAt.getTime()).toBe(now.getTime());
  });

  it('is empty without a plan', () => {
    expect(paymentPlanSchedule(null, local(2026, 1, 1))).toEqual([]);
    expect(paymentPlanSchedule([], local(2026, 1, 1))).toEqual([]);
  });
});
