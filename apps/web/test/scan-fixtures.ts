import { ticketPublicKey, type TicketPassFields } from '@festival/contract/ticket-pass';
import type { SyncAnswer } from '../src/scan/offline/data';

/** Test fixtures of the offline scanner: a synced list as the shop answers it, and pass fields. */
export const SEED = new Uint8Array(32).fill(7);
export const OTHER_SEED = new Uint8Array(32).fill(9);
export const NOW = new Date('2027-06-19T12:00:00Z');
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** A synced list as the shop answers it: the entrance (single entry) of event 3, products 10 (every day) and 11 (Saturday 19 June only); ticket 100 synced valid, 101 revoked, 102 reassigned (new code). */
export async function syncedList(overrides: Partial<SyncAnswer['list']> = {}): Promise<SyncAnswer> {
  return {
    cursor: '2027-06-19T11:55:00.000Z',
    locale: 'en-GB',
    full: true,
    list: {
      id: 1,
      code: 'GATE',
      name: 'Entrance',
      event_id: 3,
      event: 'Festival',
      timezone: 'Europe/Amsterdam',
      entry: 'single',
      gates: ['North', 'South'],
      opens_at: '2027-06-18T09:00:00.000Z',
      closes_at: '2027-06-21T00:00:00.000Z',
      boarding_before_minutes: 30,
      boarding_after_minutes: 15,
      day_cutover_minutes: 360,
      product_ids: [10, 11],
      ...overrides,
    },
    keys: [{ id: 5, public_key: hex(await ticketPublicKey(SEED)) }],
    departures: [],
    products: [
      { id: 10, name: 'Weekend ticket', departs_at: null, days: null },
      { id: 11, name: 'Saturday ticket', departs_at: null, days: ['2027-06-19'] },
    ],
    tickets: [
      { id: 100, code: 'AAAABBBBCCCCDDDDEEEE', valid: true, holder: 'Pat Holder', age: '25-34', product_id: 10, departs_at: null },
      { id: 101, code: 'RRRRSSSSTTTTUUUUVVVV', valid: false, holder: 'Refunded Person', age: null, product_id: 10, departs_at: null },
      { id: 102, code: 'NEWNEWNEWNEWNEWNEWNE', valid: true, holder: 'New Holder', age: null, product_id: 11, departs_at: null },
    ],
    states: [],
    admitted: 0,
    inside: 0,
  };
}

export const fields = (overrides: Partial<TicketPassFields> = {}): TicketPassFields => ({
  keyId: 5,
  ticketId: 200,
  eventId: 3,
  productId: 10,
  travelTimeId: null,
  validFrom: new Date('2027-01-01T10:00:00Z'),
  validUntil: new Date('2027-07-19T10:00:00Z'),
  code: 'ZZZZYYYYXXXXWWWWVVVV',
  ageRange: '18-24',
  ...overrides,
});
