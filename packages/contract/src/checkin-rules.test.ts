import { describe, expect, it } from 'vitest';
import { festivalDay, festivalDaysText, gateRefusal, isFestivalDay, typedTicketCode, type CheckinListRule, type ScannedTicket } from './checkin-rules';
import { english } from './i18n/english';
import { wrongDayMessage } from './staff-checkin';

const list: CheckinListRule = {
  id: 1,
  eventId: 2,
  productIds: [10, 11],
  entry: 'single',
  opensAt: new Date('2027-06-18T09:00:00Z'),
  closesAt: new Date('2027-06-21T00:00:00Z'),
  boardingBeforeMinutes: 30,
  boardingAfterMinutes: 15,
  timeZone: 'Europe/Amsterdam',
  dayCutoverMinutes: 360,
  productDays: new Map(),
};
const ticket: ScannedTicket = { ticketId: 5, eventId: 2, productId: 10, departure: null, validFrom: new Date('2026-11-24T10:00:00Z'), validUntil: new Date('2027-07-18T10:00:00Z') };
const at = (iso: string) => new Date(iso);

describe('whether a ticket may pass a gate', () => {
  it('lets a valid ticket of a listed product pass while the list is open', () => {
    expect(gateRefusal(list, ticket, 'valid', at('2027-06-18T09:00:00Z'))).toBeNull();
    // A ticket sold after the scanner's last sync is judged by its pass alone.
    expect(gateRefusal(list, ticket, 'unknown', at('2027-06-20T23:59:59Z'))).toBeNull();
  });

  it('refuses a revoked ticket before anything else, even at the wrong gate', () => {
    expect(gateRefusal(list, { ...ticket, productId: 99 }, 'revoked', at('2027-06-18T10:00:00Z'))).toEqual({ result: 'revoked' });
  });

  it('refuses another product or another event as not for this list', () => {
    expect(gateRefusal(list, { ...ticket, productId: 12 }, 'valid', at('2027-06-18T10:00:00Z'))).toEqual({ result: 'wrong-list' });
    expect(gateRefusal(list, { ...ticket, eventId: 3 }, 'valid', at('2027-06-18T10:00:00Z'))).toEqual({ result: 'wrong-list' });
  });

  it('refuses outside the list’s window and outside the ticket’s own', () => {
    expect(gateRefusal(list, ticket, 'valid', at('2027-06-18T08:59:59Z'))).toMatchObject({ result: 'wrong-day' });
    expect(gateRefusal(list, ticket, 'valid', at('2027-06-21T00:00:00Z'))).toMatchObject({ result: 'wrong-day' });
    const open = { ...list, opensAt: null, closesAt: null };
    expect(gateRefusal(open, ticket, 'valid', at('2026-11-24T09:59:00Z'))).toMatchObject({ result: 'wrong-day' });
    expect(gateRefusal(open, ticket, 'valid', at('2027-07-18T10:00:00Z'))).toMatchObject({ result: 'wrong-day' });
    expect(gateRefusal(open, ticket, 'valid', at('2027-01-01T00:00:00Z'))).toBeNull();
  });

  it('boards a transport ticket from 30 minutes before its departure until 15 after, and names its departure otherwise', () => {
    const departure = at('2027-06-18T10:00:00Z');
    const bus = { ...ticket, departure };
    expect(gateRefusal(list, bus, 'valid', at('2027-06-18T09:30:00Z'))).toBeNull();
    expect(gateRefusal(list, bus, 'valid', at('2027-06-18T10:15:00Z'))).toBeNull();
    expect(gateRefusal(list, bus, 'valid', at('2027-06-18T09:29:59Z'))).toEqual({ result: 'wrong-bus', departure, early: true });
    expect(gateRefusal(list, bus, 'valid', at('2027-06-18T10:15:01Z'))).toEqual({ result: 'wrong-bus', departure, early: false });
  });
});

describe('a day ticket admits on its own festival day (decision 0064)', () => {
  // Product 11 is a Saturday ticket, product 10 a weekend ticket; the list runs Friday 11:00 to Monday 02:00 (Amsterdam, summer time).
  const festival: CheckinListRule = { ...list, opensAt: at('2027-06-18T09:00:00Z'), closesAt: at('2027-06-21T00:00:00Z'), productDays: new Map([[11, ['2027-06-19']]]) };
  const saturday: ScannedTicket = { ...ticket, productId: 11 };

  it('refuses a Saturday ticket on Friday and on Sunday, naming its day, and admits it on Saturday', () => {
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-18T12:00:00Z'))).toEqual({ result: 'wrong-day', opensAt: festival.opensAt, closesAt: festival.closesAt, days: ['2027-06-19'] });
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-20T12:00:00Z'))).toMatchObject({ result: 'wrong-day', days: ['2027-06-19'] });
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-19T09:00:00Z'))).toBeNull();
    // The weekend ticket admits every day the list is open.
    for (const when of ['2027-06-18T12:00:00Z', '2027-06-19T12:00:00Z', '2027-06-20T23:00:00Z']) expect(gateRefusal(festival, ticket, 'valid', at(when)), when).toBeNull();
  });

  it('keeps the night with the day it began on until the cut-over, in the event’s zone', () => {
    // 01:30 on Sunday in Amsterdam (23:30 UTC on Saturday) is still Saturday's night; 06:00 is Sunday.
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-19T23:30:00Z'))).toBeNull();
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-20T03:59:59Z'))).toBeNull();
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-20T04:00:00Z'))).toMatchObject({ result: 'wrong-day' });
    // Saturday 05:59 local is still Friday's night; 06:00 is Saturday.
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-19T03:59:00Z'))).toMatchObject({ result: 'wrong-day' });
    expect(gateRefusal(festival, saturday, 'valid', at('2027-06-19T04:00:00Z'))).toBeNull();
    // With the cut-over at midnight, Sunday 00:00 local is Sunday.
    expect(gateRefusal({ ...festival, dayCutoverMinutes: 0 }, saturday, 'valid', at('2027-06-19T22:00:00Z'))).toMatchObject({ result: 'wrong-day' });
    expect(gateRefusal({ ...festival, dayCutoverMinutes: 0 }, saturday, 'valid', at('2027-06-19T21:59:59Z'))).toBeNull();
  });

  it('reads the day in the event’s zone, not the device’s or UTC', () => {
    // 23:30 UTC on Saturday is Sunday morning in Tokyo and Saturday evening in New York.
    const moment = at('2027-06-19T23:30:00Z');
    expect(festivalDay(moment, 'UTC', 0)).toBe('2027-06-19');
    expect(festivalDay(moment, 'Asia/Tokyo', 0)).toBe('2027-06-20');
    expect(festivalDay(moment, 'Asia/Tokyo', 9 * 60)).toBe('2027-06-19');
    expect(festivalDay(moment, 'America/New_York', 0)).toBe('2027-06-19');
    expect(gateRefusal({ ...festival, timeZone: 'Asia/Tokyo', dayCutoverMinutes: 0 }, saturday, 'valid', moment)).toMatchObject({ result: 'wrong-day' });
  });

  it('turns the day when the local clock shows the cut-over, across the change to and from summer time', () => {
    // 28 March 2027: Amsterdam's clocks go from 02:00 to 03:00. The day turns at 06:00 local: 04:00 UTC.
    expect(festivalDay(at('2027-03-28T03:59:59Z'), 'Europe/Amsterdam', 360)).toBe('2027-03-27');
    expect(festivalDay(at('2027-03-28T04:00:00Z'), 'Europe/Amsterdam', 360)).toBe('2027-03-28');
    // 31 October 2027: from 03:00 back to 02:00. 06:00 local is then 05:00 UTC.
    expect(festivalDay(at('2027-10-31T04:59:59Z'), 'Europe/Amsterdam', 360)).toBe('2027-10-30');
    expect(festivalDay(at('2027-10-31T05:00:00Z'), 'Europe/Amsterdam', 360)).toBe('2027-10-31');
    // A cut-over inside the skipped hour (02:30): 01:59 local is before it, 03:00 local after it.
    expect(festivalDay(at('2027-03-28T00:59:00Z'), 'Europe/Amsterdam', 150)).toBe('2027-03-27');
    expect(festivalDay(at('2027-03-28T01:00:00Z'), 'Europe/Amsterdam', 150)).toBe('2027-03-28');
    // The repeated hour (02:00-03:00 twice) with a cut-over at 02:30: both 02:30s are the new day.
    expect(festivalDay(at('2027-10-31T00:30:00Z'), 'Europe/Amsterdam', 150)).toBe('2027-10-31');
    expect(festivalDay(at('2027-10-31T01:30:00Z'), 'Europe/Amsterdam', 150)).toBe('2027-10-31');
    // Across a month and a year.
    expect(festivalDay(at('2027-01-01T03:00:00Z'), 'Europe/Amsterdam', 360)).toBe('2026-12-31');
    expect(festivalDay(at('2027-03-01T03:00:00Z'), 'Europe/Amsterdam', 360)).toBe('2027-02-28');
  });

  it('names the ticket’s days in the shop’s locale', () => {
    expect(english(wrongDayMessage(['2027-06-19'], 'en-GB'))).toBe('Wrong day: day ticket for Saturday 19 June');
    expect(english(wrongDayMessage(['2027-06-20', '2027-06-19'], 'en-GB'))).toBe('Wrong day: ticket for Saturday 19 June and Sunday 20 June');
    expect(english(wrongDayMessage(null, 'en-GB'))).toBe('Wrong day: this ticket does not admit now');
    expect(festivalDaysText(['2027-06-19'], 'nl-NL')).toBe('zaterdag 19 juni');
  });

  it('knows a festival day when it sees one', () => {
    expect(isFestivalDay('2027-06-19')).toBe(true);
    for (const text of ['2027-6-19', '2027-02-30', '19-06-2027', '2027-06-19T00:00', '']) expect(isFestivalDay(text), text).toBe(false);
  });
});

describe('a typed ticket code', () => {
  it('is read in any case, with spaces or dashes between its groups, and only when it can be a code', () => {
    expect(typedTicketCode('xw87c bfyhr-ak5uy rsx29')).toBe('XW87CBFYHRAK5UYRSX29');
    expect(typedTicketCode(' AB12 ')).toBe('AB12');
    for (const text of ['', 'AB1', 'A'.repeat(41), 'AB12!', 'ÄB12', 'HC1:6BF']) expect(typedTicketCode(text), text).toBeNull();
  });
});
