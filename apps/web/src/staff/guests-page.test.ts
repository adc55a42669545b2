import { staffBoxOfficeMessages, staffGuestMessages, type BoxOfficeItem } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { emptyGuestForm, issuableItems, maxGuestUnits, prepareGuestIssue } from './guests-page';

const item = (code: string, over: Partial<BoxOfficeItem> = {}): BoxOfficeItem => ({
  code,
  name: code,
  kind: 'ticket',
  price: 1000,
  fee: 50,
  left: 10,
  sold_out: false,
  limit_per_order: 0,
  needs: { holder: true, age: false, departure: false },
  departures: [],
  departs_at: null,
  ...over,
});

describe('the guest lists page', () => {
  const weekend = item('WEEKEND', { limit_per_order: 4, needs: { holder: true, age: true, departure: false } });
  const shuttle = item('SHUTTLE', { kind: 'transport', left: null, needs: { holder: true, age: false, departure: true } });
  const tee = item('TEE', { kind: 'merchandise', needs: { holder: false, age: false, departure: false } });
  const gone = item('GONE', { sold_out: true, left: 0 });

  it('offers tickets, add-ons and transport that are not sold out, never merchandise', () => {
    expect(issuableItems([{ event: 'Fest', items: [weekend, shuttle, gone] }, { event: null, items: [tee] }]).map((one) => one.code)).toEqual(['WEEKEND', 'SHUTTLE']);
    expect(maxGuestUnits(weekend)).toBe(4);
    expect(maxGuestUnits(shuttle)).toBe(50);
    expect(maxGuestUnits(item('LAST', { left: 1 }))).toBe(1);
  });

  it('says what is missing beside each field, the reason included', () => {
    const prepared = prepareGuestIssue({ ...emptyGuestForm('en'), code: 'WEEKEND', quantity: '5' }, [weekend, shuttle]);
    expect(prepared).toEqual({
      ok: false,
      problems: {
        list_id: staffGuestMessages.chooseList,
        quantity: staffBoxOfficeMessages.quantity,
        'guest.full_name': staffGuestMessages.guestName,
        'guest.age': staffBoxOfficeMessages.ageNeeded('WEEKEND'),
        reason: staffGuestMessages.reason,
      },
    });
    const transport = prepareGuestIssue({ ...emptyGuestForm('de', '3'), code: 'SHUTTLE', fullName: 'A', reason: 'Crew' }, [weekend, shuttle]);
    expect(transport).toEqual({ ok: false, problems: { departure_id: staffBoxOfficeMessages.departureNeeded('SHUTTLE') } });
    expect(prepareGuestIssue({ ...emptyGuestForm('de', '3'), fullName: 'A', reason: 'Crew' }, [weekend])).toEqual({ ok: false, problems: { code: staffGuestMessages.chooseTicket } });
  });

  it('sends the guest, the language and the trimmed reason; an age and a departure only where the ticket asks', () => {
    expect(prepareGuestIssue({ ...emptyGuestForm('fr', '3'), code: 'WEEKEND', quantity: '2', fullName: ' Ana ', email: ' ana@example.org ', age: '25-34', reason: ' Headliner ' }, [weekend])).toEqual({
      ok: true,
      payload: { list_id: 3, code: 'WEEKEND', quantity: 2, guest: { full_name: 'Ana', email: 'ana@example.org', age: '25-34' }, language: 'fr', reason: 'Headliner' },
    });
    expect(prepareGuestIssue({ ...emptyGuestForm('en', '1'), code: 'SHUTTLE', fullName: 'Bo', age: '25-34', departureId: '7', reason: 'Crew' }, [shuttle])).toEqual({
      ok: true,
      payload: { list_id: 1, code: 'SHUTTLE', quantity: 1, guest: { full_name: 'Bo', email: '' }, language: 'en', departure_id: 7, reason: 'Crew' },
    });
  });
});
