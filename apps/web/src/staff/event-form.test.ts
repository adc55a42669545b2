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
  ends_at: '2027-06-21T01:00:00.000Z',
  venue: 'Walibi Holland, Biddinghuizen',
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
    expect(form).toMatchObject({ code: 'NWF27-COPY', name: 'Northwind Festival 2027 (copy)', timezone: 'Europe/Amsterdam', startsAt: '2027-06-18T12:00', endsAt: '2027-06-21T03:00', venue: 'Walibi Holland, Biddinghuizen', bankTransferCountries: 'NL, BE', ageRangeActive: true });
    expect(prepareEvent(form)).toEqual({
      ok: true,
      event: {
        code: 'NWF27-COPY',
        name: 'Northwind Festival 2027 (copy)',
        timezone: 'Europe/Amsterdam',
        starts_at: '2027-06-18T12:00:00+02:00',
        ends_at: '2027-06-21T03:00:00+02:00',
        venue: 'Walibi Holland, Biddinghuizen',
        age_range_active: true,
        credit_card_active: true,
        bank_transfer_active: true,
        bank_transfer_countries: ['NL', 'BE'],
      },
    });
  });

  it('refuses with the catalogue file’s rules, by field', () => {
    const refused = prepareEvent({ ...emptyEventForm('Europe/Atlantis'), code: 'NWF28', name: ' ', startsAt: 'soon', bankTransferCountries: 'Netherlands' });
    expect(refused).toEqual({
      ok: false,
      problems: { starts_at: catalogueFieldMessages.instant, name: eventFieldMessages.name, timezone: eventFieldMessages.timezone, bank_transfer_countries: eventFieldMessages.country },
    });
    // The end after the start, and a venue of at most 200 characters: the file's rules.
    expect(prepareEvent({ ...duplicateFormOf(event), endsAt: '2027-06-18T12:00', venue: 'x'.repeat(201) })).toEqual({
      ok: false,
      problems: { ends_at: catalogueFieldMessages.laterThan('starts_at'), venue: eventFieldMessages.name },
    });
  });

  it('sends only the settings that change, the start compared as an instant (decision 0105)', () => {
    const form = settingsFormOf(event);
    expect(form).toMatchObject({ code: 'NWF27', name: 'Northwind Festival 2027', startsAt: '2027-06-18T12:00' });
    expect(prepareEventSettings(event, form)).toEqual({ ok: false, problems: { _: staffCatalogueMessages.nothingToChange } });
    // A new zone alone moves no instant: the start shown is left as it was.
    expect(prepareEventSettings(event, { ...form, timezone: 'Europe/London', creditCardActive: false, bankTransferCountries: 'nl be de' })).toEqual({
      ok: true,
      changes: { timezone: 'Europe/London', credit_card_active: false, bank_transfer_countries: ['NL', 'BE', 'DE'] },
    });
    // The same start typed on London's clocks is no change of it either; another one is, read on London's clocks.
    expect(prepareEventSettings(event, { ...form, timezone: 'Europe/London', startsAt: '2027-06-18T11:00' })).toEqual({ ok: true, changes: { timezone: 'Europe/London' } });
    expect(prepareEventSettings(event, { ...form, timezone: 'Europe/London', startsAt: '2027-06-18T13:00' })).toEqual({ ok: true, changes: { timezone: 'Europe/London', starts_at: '2027-06-18T13:00:00+01:00' } });
    expect(prepareEventSettings(event, { ...form, startsAt: '' })).toEqual({ ok: true, changes: { starts_at: null } });
    expect(prepareEventSettings(event, { ...form, endsAt: '2027-06-21T05:00', venue: ' Walibi Holland ' })).toEqual({ ok: true, changes: { ends_at: '2027-06-21T05:00:00+02:00', venue: 'Walibi Holland' } });
    expect(prepareEventSettings(event, { ...form, endsAt: '', venue: '' })).toEqual({ ok: true, changes: { ends_at: null, venue: null } });
    expect(prepareEventSettings(event, { ...form, timezone: 'Mars/Olympus' })).toEqual({ ok: false, problems: { timezone: eventFieldMessages.timezone } });
  });

  it('says a problem under its field, the shop’s too', () => {
    expect(eventFormFieldOf('event.bank_transfer_countries.0')).toBe('bank_transfer_countries');
    expect(eventFormFieldOf('changes.timezone')).toBe('timezone');
    expect(eventProblemSentence('timezone', eventFieldMessages.timezone, { timezone: 'Time zone' })).toBe(`Time zone ${say(eventFieldMessages.timezone)}.`);
    expect(eventProblemSentence('code', '"NWF27" is the code of another event', { code: 'Code' })).toBe('"NWF27" is the code of another event');
  });
});
