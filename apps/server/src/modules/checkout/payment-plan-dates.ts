import type { PaymentPlanEntry } from '@festival/contract';

const DAY_MS = 24 * 60 * 60_000;

/** `date` plus whole calendar months (UTC); a day the target month lacks becomes its last day. */
function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The due dates of a payment plan's entries, computed from `now` by adding each entry's count of
 * units (spec section 4), as the product page shows them; the first entry is the initial payment.
 */
export function paymentPlanDueDates(plan: readonly Pick<PaymentPlanEntry, 'amount' | 'units' | 'count'>[], now: Date): { amount: number; dueAt: Date }[] {
  return plan.map((entry) => {
    const dueAt =
      entry.units === 'months' ? addMonths(now, entry.count) : new Date(now.getTime() + entry.count * (entry.units === 'weeks' ? 7 : 1) * DAY_MS);
    return { amount: entry.amount, dueAt };
  });
}
