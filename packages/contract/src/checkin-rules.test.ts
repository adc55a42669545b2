import { describe, expect, it } from 'vitest';
import { gateRefusal, typedTicketCode, type CheckinListRule, type ScannedTicket } from './checkin-rules';

const list: CheckinListRule = {
  id: 1,
  eventId: 2,
  productIds: [10, 11],
  entry: 'single',
  opensAt: new Date('2027-06-18T09:00:00Z'),
  closesAt: new Date('2027-06-21T00:00:00Z'),
  boardingBeforeMinutes: 30,
  boardingAfterMinutes: 15,
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

describe('a typed ticket code', () => {
  it('is read in any case, with spaces or dashes between its groups, and only when it can be a code', () => {
    expect(typedTicketCode('xw87c bfyhr-ak5uy rsx29')).toBe('XW87CBFYHRAK5UYRSX29');
    expect(typedTicketCode(' AB12 ')).toBe('AB12');
    for (const text of ['', 'AB1', 'A'.repeat(41), 'AB12!', 'ÄB12', 'HC1:6BF']) expect(typedTicketCode(text), text).toBeNull();
  });
});
