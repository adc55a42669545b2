import { catalogueFieldMessages, eventFieldMessages, staffCatalogueMessages, type CatalogueEventView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { say } from '../lib/say';
import { duplicateFormOf, emptyEventForm, eventFormFieldOf, eventProblemSentence, prepareEvent, prepareEventSettings, settingsFormOf } from './event-form';

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

  it('sends only the settings that change, the start compared as an instant (decision 0105)', () => {
    const form = settingsFormOf(event);
    expect(form).toMatchObject({ code: 'NWF27', name: 'Northwind Festival 2027', startsAt: '2027-06-18T12:00' });
    expect(prepareEventSettings(event, form)).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    // The same start typed on London's clocks after the zone changes is no change of the start.
    expect(prepareEventSettings(event, { ...form, timezone: 'Europe/London', startsAt: '2027-06-18T11:00', creditCardActive: false, bankTransferCountries: 'nl be de' })).toEqual({
      ok: true,
      changes: { timezone: 'Europe/London', credit_card_active: false, bank_transfer_countries: ['NL', 'BE', 'DE'] },
    });
    expect(prepareEventSettings(event, { ...form, startsAt: '' })).toEqual({ ok: true, changes: { starts_at: null } });
    expect(prepareEventSettings(event, { ...form, timezone: 'Mars/Olympus' })).toEqual({ ok: false, problems: { timezone: eventFieldMessages.timezone } });
  });

  it('says a problem under its field, the shop’s too', () => {
    expect(eventFormFieldOf('event.bank_transfer_countries.0')).toBe('bank_transfer_countries');
    expect(eventFormFieldOf('changes.timezone')).toBe('timezone');
    expect(eventProblemSentence('timezone', eventFieldMessages.timezone, { timezone: 'Time zone' })).toBe(`Time zone ${say(eventFieldMessages.timezone)}.`);
    expect(eventProblemSentence('code', '"NWF27" is the code of another event', { code: 'Code' })).toBe('"NWF27" is the code of another event');
  });
});
