import type { PaymentPlanEntry } from '@festival/contract';

export interface ScheduledPayment {
  /** 1 for the initial payment, then 2, 3, … */
  number: number;
  amount: number;
  dueAt: Date;
}

/**
 * `date` moved by whole calendar days in the browser's zone: the wall-clock time stays, so a
 * daylight-saving change in between does not move the day.
 */
function addDays(date: Date, days: number): Date {
  const result = new Date(date.getTime());
  result.setDate(result.getDate() + days);
  return result;
}

/**
 * `date` moved by whole calendar months; a day the target month lacks becomes its last day
 * (31 January + 1 month is 28 or 29 February), as people count "a month later".
 */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getDate();
  result.setDate(1);
  result.setMonth(result.getMonth() + months);
  const lastDay = new Date(result.getFullYear(), result.getMonth() + 1, 0).getDate();
  result.setDate(Math.min(day, lastDay));
  return result;
}

/** When one entry is due: `now` plus its count of days, weeks (7 days) or months; count 0 is now. */
export function paymentDueDate(entry: Pick<PaymentPlanEntry, 'units' | 'count'>, now: Date): Date {
  switch (entry.units) {
    case 'days':
      return addDays(now, entry.count);
    case 'weeks':
      return addDays(now, entry.count * 7);
    case 'months':
      return addMonths(now, entry.count);
  }
}

/**
 * The instalments of a payment plan with their due dates, counted from `now` (spec section 4:
 * "payment plan dates are computed from now by adding each entry's count of units"). The first
 * entry is the initial payment.
 */
export function paymentPlanSchedule(plan: readonly PaymentPlanEntry[] | null | undefined, now: Date): ScheduledPayment[] {
  return (plan ?? []).map((entry, index) => ({
    number: index + 1,
    amount: entry.amount,
    dueAt: paymentDueDate(entry, now),
  }));
}
