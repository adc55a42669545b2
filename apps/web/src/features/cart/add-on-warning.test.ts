import { describe, expect, it } from 'vitest';
import { addOnsWithoutEntry } from './add-on-warning';
import { testCartProduct } from '../../../test/test-cart';

const locker = (id: number, fullName: string | null, eventId: number | null = 1) =>
  testCartProduct({ id, full_name: fullName, product: { id: 30, name: 'Locker', type: 'locker', event_id: eventId } });
const weekend = (id: number, fullName: string, eventId = 1) => testCartProduct({ id, full_name: fullName, product: { id: 10, name: 'Weekend ticket', type: 'ticket', event_id: eventId } });
const shuttle = (id: number, fullName: string) => testCartProduct({ id, full_name: fullName, product: { id: 20, name: 'Shuttle', type: 'transport' } });

describe('the add-on without entry ticket warning', () => {
  it('warns of an add-on whose holder has no entry ticket for the event', () => {
    expect(addOnsWithoutEntry([locker(1, 'Jane Doe')], [])).toEqual([
      { lineId: 1, addOn: 'Locker', holder: 'Jane Doe', event: 'Northwind Festival 2027' },
    ]);
  });

  it('is satisfied by an entry ticket in the cart for the same event and name, ignoring case and spaces', () => {
    expect(addOnsWithoutEntry([weekend(1, 'jane  doe'), locker(2, 'Jane Doe')], [])).toEqual([]);
  });

  it('is satisfied by a ticket the customer already has for the event in that name', () => {
    expect(addOnsWithoutEntry([locker(1, 'Jane Doe')], [{ full_name: 'JANE DOE', email: null, age: null, event_id: 1 }])).toEqual([]);
  });

  it('still warns when the entry ticket is for someone else or for another event', () => {
    const lines = [weekend(1, 'John Roe'), weekend(2, 'Jane Doe', 2), locker(3, 'Jane Doe')];
    const existing = [{ full_name: 'Jane Doe', email: null, age: null, event_id: 2 }];
    expect(addOnsWithoutEntry(lines, existing).map((warning) => warning.lineId)).toEqual([3]);
  });

  it('does not count transport or another add-on as an entry ticket', () => {
    const camping = testCartProduct({ id: 2, full_name: 'Jane Doe', product: { id: 31, name: 'Camping', type: 'camping' } });
    expect(addOnsWithoutEntry([shuttle(1, 'Jane Doe'), camping, locker(3, 'Jane Doe')], []).map((warning) => warning.addOn)).toEqual(['Camping', 'Locker']);
  });

  it('never warns of entry tickets or transport themselves', () => {
    expect(addOnsWithoutEntry([weekend(1, 'Jane Doe'), shuttle(2, 'John Roe')], [])).toEqual([]);
  });

  it('warns once per add-on and person, and not of add-ons without an event or a holder', () => {
    expect(addOnsWithoutEntry([locker(1, 'Jane Doe'), locker(2, 'jane doe'), locker(3, null), locker(4, 'Sam Poe', null)], []).map((warning) => warning.lineId)).toEqual([1]);
  });
});
