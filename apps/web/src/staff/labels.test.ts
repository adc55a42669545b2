import { formatZonedTime, isoInZone } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { auditActionLabel, paymentMethodLabel, statusInSentence, statusLabel } from './labels';
import { staffTexts } from './texts';

describe('the words staff read for stored values (issue 34)', () => {
  it('names payment methods, audit actions and statuses in words, also those added later', () => {
    expect(paymentMethodLabel('cash')).toBe('Cash');
    expect(paymentMethodLabel('credit_card')).toBe('Card');
    expect(paymentMethodLabel('card_terminal')).toBe('Card terminal');
    expect(paymentMethodLabel('gift_voucher')).toBe('Gift voucher');
    expect(auditActionLabel('order.box-office-email-tickets')).toBe('Box office tickets e-mailed');
    expect(auditActionLabel('staff.sign-in-failed')).toBe('Failed sign-ins');
    expect(auditActionLabel('order.change-answers')).toBe('Answers to the order’s questions changed by the customer');
    expect(auditActionLabel('order.some-new_thing')).toBe('Order: some new thing');
    expect(statusLabel('processed')).toBe('Processed');
    expect(statusLabel('partial')).toBe('Partly paid');
    expect(statusInSentence('queued')).toBe('waiting to be sent');
  });

  it('counts shoppers in the singular and the plural', () => {
    expect(staffTexts.onsales.rate(1)).toBe('1 new shopper a minute');
    expect(staffTexts.onsales.rate(30)).toBe('30 new shoppers a minute');
    expect(staffTexts.onsales.cap(1)).toBe('at most 1 shopper at once');
  });
});

describe('times for organisers (decision 0072)', () => {
  it('shows a time on the event’s clocks with the zone named, winter and summer', () => {
    expect(formatZonedTime('2026-11-23T12:00:00Z', 'Europe/Amsterdam')).toBe('23 Nov 2026, 13:00 CET');
    expect(formatZonedTime('2027-06-18T14:00:00Z', 'Europe/Amsterdam', 'time')).toBe('16:00 CEST');
  });

  it('exports a time as ISO-8601 with the zone’s offset, the same instant', () => {
    expect(isoInZone(new Date('2027-06-18T14:00:00.000Z'), 'Europe/Amsterdam')).toBe('2027-06-18T16:00:00.000+02:00');
    expect(isoInZone(new Date('2026-11-23T12:00:00.123Z'), 'America/St_Johns')).toBe('2026-11-23T08:30:00.123-03:30');
    // The spring change: the hour the clocks skip is never written.
    expect(isoInZone(new Date('2027-03-28T01:30:00Z'), 'Europe/Amsterdam')).toBe('2027-03-28T03:30:00.000+02:00');
    expect(Date.parse(isoInZone(new Date('2027-03-28T01:30:00Z'), 'Europe/Amsterdam'))).toBe(Date.parse('2027-03-28T01:30:00Z'));
  });
});
