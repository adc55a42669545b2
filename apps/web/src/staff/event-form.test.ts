import { catalogueFieldMessages, eventFieldMessages, type CatalogueEventView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { say } from '../lib/say';
import { duplicateFormOf, emptyEventForm, eventFormFieldOf, eventProblemSentence, prepareEvent } from './event-form';

const event: CatalogueEventView = {
  code: 'NWF27',
  name: 'Northwind Festival 2027',
  translations: {},
  timezone: 'Europe/Amsterdam',
  starts_at: '2027-06-18T10:00:00.000Z',
  age_range_active: true,
  credit_card_active: true,
  bank_transfer_active: true,
  bank_transfer_countries: ['NL', 'BE'],
  archived: false,
  changed_here: [],
};

describe('the event form', () => {
  it('duplicates an event’s settings under a new code and name, its start on its clocks', () => {
    const form = duplicateFormOf(event);
    expect(form).toMatchObject({ code: 'NWF27-COPY', name: 'Northwind Festival 2027 (copy)', timezone: 'Europe/Amsterdam', startsAt: '2027-06-18T12:00', bankTransferCountries: 'NL, BE', ageRangeActive: true });
    expect(prepareEvent(form)).toEqual({
      ok: true,
      event: { code: 'NWF27-COPY', name: 'Northwind Festival 2027 (copy)', timezone: 'Europe/Amsterdam', starts_at: '2027-06-18T12:00:00+02:00', age_range_active: true, credit_card_active: true, bank_transfer_active: true, bank_transfer_countries: ['NL', 'BE'] },
    });
  });

  it('refuses with the catalogue file’s rules, by field', () => {
    const refused = prepareEvent({ ...emptyEventForm('Europe/Atlantis'), code: 'NWF28', name: ' ', startsAt: 'soon', bankTransferCountries: 'Netherlands' });
    expect(refused).toEqual({
      ok: false,
      problems: { starts_at: catalogueFieldMessages.instant, name: eventFieldMessages.name, timezone: eventFieldMessages.timezone, bank_transfer_countries: eventFieldMessages.country },
    });
  });

  it('says a problem under its field, the shop’s too', () => {
    expect(eventFormFieldOf('event.bank_transfer_countries.0')).toBe('bank_transfer_countries');
    expect(eventProblemSentence('timezone', eventFieldMessages.timezone, { timezone: 'Time zone' })).toBe(`Time zone ${say(eventFieldMessages.timezone)}.`);
    expect(eventProblemSentence('code', '"NWF27" is the code of another event', { code: 'Code' })).toBe('"NWF27" is the code of another event');
  });
});
