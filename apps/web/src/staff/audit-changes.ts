import type { Text } from '@festival/contract';
import { say } from '../lib/say';
import { paymentMethodLabel, statusLabel } from './labels';
import { formatAmount } from './money';
import { staffTexts } from './texts';
import { formatStaffTime } from './times';

const auditTexts = staffTexts.audit;

/** How an audit entry's values read: times on the events' clocks, amounts in the shop's currency (issue 34 point 11). */
export interface ChangeView {
  timeZone: string;
  currency: string;
  locale?: string;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Fields that hold minor units of money. */
const MONEY_FIELDS = new Set(['total_price', 'total_paid', 'total_refunded', 'received', 'amount', 'total', 'price', 'fee', 'refund_fee', 'discount_amount', 'shipping_amount']);
const STATUS_FIELDS = new Set(['status', 'payment_status', 'paymentStatus']);
const METHOD_FIELDS = new Set(['method', 'payment_method', 'paymentMethod']);

/** A stored field's name in words: payment_status → "payment status", disabledAt → "disabled at", or the known word. */
function fieldWords(key: string): string {
  const known = auditTexts.fields[key];
  if (known) return say(known);
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** A stored value in words for its field: a role, a status, a method, a time, an amount, yes or no. */
function valueWords(key: string | null, value: unknown, view: ChangeView): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return say(value ? auditTexts.yes : auditTexts.no);
  if (typeof value === 'number' && key && MONEY_FIELDS.has(key) && Number.isSafeInteger(value)) return formatAmount(value, view.currency, view.locale);
  if (typeof value === 'string') {
    if (key === 'role') {
      const role = (staffTexts.roles as Record<string, Text>)[value];
      return role ? say(role) : value;
    }
    if (key && STATUS_FIELDS.has(key)) return statusLabel(value);
    if (key && METHOD_FIELDS.has(key)) return paymentMethodLabel(value);
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatStaffTime(value, view.timeZone, 'date-time', view.locale);
    return value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** What an entry changed, field by field, in words: "role: box office → admin", "payment status: Pending → Paid". */
export function changeLines(before: unknown, after: unknown, view: ChangeView): string[] {
  // Attempts on sign-ins are tallies, not records created (decision 0050).
  if (before === null && isRecord(after) && typeof after.attempts === 'number' && typeof after.since === 'string' && Object.keys(after).length === 2) {
    return [auditTexts.attempts(after.attempts, valueWords(null, after.since, view))];
  }
  if (!isRecord(before) && !isRecord(after)) return before === null && after === null ? [] : [`${valueWords(null, before, view)} → ${valueWords(null, after, view)}`];
  if (!isRecord(before)) return [say(auditTexts.created), ...Object.entries(after as Record<string, unknown>).map(([key, value]) => auditTexts.fieldValue(fieldWords(key), valueWords(key, value, view)))];
  if (!isRecord(after)) return [say(auditTexts.removed)];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => auditTexts.fieldChange(fieldWords(key), valueWords(key, before[key], view), valueWords(key, after[key], view)));
}
