import { catalogueFieldMessages, english, onsaleFieldMessages, onsaleRuleMessages, staffOnsaleMessages, type OnsaleChoices, type OnsaleView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { durationWords, newOnsaleForm, onsaleActions, onsaleFormOf, onsaleProblemSentence, onsaleServerProblems, prepareNewOnsale, prepareOnsaleChanges } from './onsales-page';

const onsale: OnsaleView = {
  code: 'GENERAL',
  title: 'Northwind Festival',
  event: 'NWF27',
  timezone: 'Europe/Amsterdam',
  state: 'not-yet-open',
  opens_at: '2027-01-15T09:00:00.000Z',
  room_opens_at: '2027-01-15T08:30:00.000Z',
  room_opens_minutes_before: 30,
  closes_at: null,
  products: [],
  admission_mode: 'rate',
  admission_limit: 300,
  admission_rate_limit: null,
  admission_min_per_minute: null,
  admission_target_p99_ms: null,
  steering: null,
  session_minutes: 20,
  proof_of_work_bits: 0,
  paused_at: null,
  made_here: false,
  figures: { places: 0, waiting: 0, admitted: 0, active: 0, admissions_per_minute: 0, sold_out_at: null, sell_out_seconds: null },
};

describe('the on-sale edit form', () => {
  it('shows the times on the event’s clocks and sends only what changed, as the file names it', () => {
    const form = onsaleFormOf(onsale);
    expect(form).toMatchObject({ opensAt: '2027-01-15T10:00', closesAt: '', roomMinutes: '30', mode: 'rate', limit: '300' });
    expect(prepareOnsaleChanges(onsale, form)).toEqual({ ok: false, problems: { _: staffOnsaleMessages.nothingToChange } });
    expect(prepareOnsaleChanges(onsale, { ...form, limit: '450', closesAt: '2027-01-16T10:00', proofBits: '16' })).toEqual({
      ok: true,
      changes: { admission: { rate_per_minute: 450 }, closes_at: '2027-01-16T10:00:00+01:00', proof_of_work: { bits: 16 } },
    });
    expect(prepareOnsaleChanges(onsale, { ...form, mode: 'cap' })).toEqual({ ok: true, changes: { admission: { max_active: 300 } } });
    expect(prepareOnsaleChanges({ ...onsale, proof_of_work_bits: 12 }, { ...form, proofBits: '0' })).toEqual({ ok: true, changes: { proof_of_work: null } });
  });

  it('switches to a self-steering rate and changes its minimum and target, sending the admission as a whole, each problem beside its field', () => {
    const form = onsaleFormOf(onsale);
    expect(form).toMatchObject({ steerMin: '', steerTarget: '' });
    expect(prepareOnsaleChanges(onsale, { ...form, mode: 'steer', steerMin: '60', limit: '3000' })).toEqual({ ok: true, changes: { admission: { steer: { min_per_minute: 60, max_per_minute: 3000 } } } });
    expect(prepareOnsaleChanges(onsale, { ...form, mode: 'steer', steerMin: '60', limit: '3000', steerTarget: '200' })).toEqual({
      ok: true,
      changes: { admission: { steer: { min_per_minute: 60, max_per_minute: 3000, target_p99_ms: 200 } } },
    });
    const steering: OnsaleView = { ...onsale, admission_mode: 'steer', admission_limit: 3000, admission_min_per_minute: 60, admission_target_p99_ms: 150 };
    const steered = onsaleFormOf(steering);
    expect(steered).toMatchObject({ mode: 'steer', limit: '3000', steerMin: '60', steerTarget: '150' });
    expect(prepareOnsaleChanges(steering, steered)).toEqual({ ok: false, problems: { _: staffOnsaleMessages.nothingToChange } });
    expect(prepareOnsaleChanges(steering, { ...steered, steerTarget: '120' })).toEqual({ ok: true, changes: { admission: { steer: { min_per_minute: 60, max_per_minute: 3000, target_p99_ms: 120 } } } });
    expect(prepareOnsaleChanges(steering, { ...steered, steerMin: '4000' })).toEqual({ ok: false, problems: { admission_steer_min: onsaleFieldMessages.steerMinAtMost } });
    expect(prepareOnsaleChanges(steering, { ...steered, steerTarget: '5' })).toEqual({ ok: false, problems: { admission_steer_target: onsaleFieldMessages.steerTarget } });
    expect(prepareOnsaleChanges(steering, { ...steered, steerMin: '' })).toEqual({ ok: false, problems: { admission_steer_min: onsaleFieldMessages.admissionLimit } });
    expect(onsaleServerProblems({ 'changes.admission.steer.min_per_minute': ['must not be more than max_per_minute'] }, 'steer')).toEqual({ admission_steer_min: 'must not be more than max_per_minute' });
  });

  it('sets, changes and clears a cap’s ramp, sending the admission as a whole, and puts a ramp’s problem beside the ramp', () => {
    const form = onsaleFormOf(onsale);
    expect(form.ramp).toBe('');
    expect(prepareOnsaleChanges(onsale, { ...form, mode: 'cap', limit: '2000', ramp: '500' })).toEqual({ ok: true, changes: { admission: { max_active: 2000, rate_per_minute: 500 } } });
    // A rate has no ramp: what is typed there is not sent.
    expect(prepareOnsaleChanges(onsale, { ...form, limit: '400', ramp: '500' })).toEqual({ ok: true, changes: { admission: { rate_per_minute: 400 } } });
    const ramped = { ...onsale, admission_mode: 'cap' as const, admission_limit: 2000, admission_rate_limit: 500 };
    const rampedForm = onsaleFormOf(ramped);
    expect(rampedForm).toMatchObject({ mode: 'cap', limit: '2000', ramp: '500' });
    expect(prepareOnsaleChanges(ramped, { ...rampedForm, ramp: '800' })).toEqual({ ok: true, changes: { admission: { max_active: 2000, rate_per_minute: 800 } } });
    expect(prepareOnsaleChanges(ramped, { ...rampedForm, ramp: ' ' })).toEqual({ ok: true, changes: { admission: { max_active: 2000 } } });
    expect(prepareOnsaleChanges(ramped, { ...rampedForm, limit: '2500' })).toEqual({ ok: true, changes: { admission: { max_active: 2500, rate_per_minute: 500 } } });
    expect(prepareOnsaleChanges(ramped, { ...rampedForm, ramp: '0' })).toEqual({ ok: false, problems: { admission_ramp: onsaleFieldMessages.admissionLimit } });
    expect(prepareOnsaleChanges(ramped, { ...rampedForm, limit: 'x', ramp: 'fast' })).toEqual({ ok: false, problems: { admission: onsaleFieldMessages.admissionLimit, admission_ramp: onsaleFieldMessages.admissionLimit } });
    expect(onsaleServerProblems({ 'changes.admission.rate_per_minute': ['must be a whole number from 1 to 1000000'] }, 'cap')).toEqual({ admission_ramp: 'must be a whole number from 1 to 1000000' });
  });

  it('refuses in the catalogue file’s words, by field, and reads the shop’s field errors the same way', () => {
    const form = onsaleFormOf(onsale);
    expect(prepareOnsaleChanges(onsale, { ...form, limit: '0', sessionMinutes: 'ten', roomMinutes: '2000' })).toEqual({
      ok: false,
      problems: { admission: onsaleFieldMessages.admissionLimit, session_minutes: onsaleFieldMessages.sessionMinutes, room_opens_minutes_before: onsaleFieldMessages.roomMinutes },
    });
    expect(prepareOnsaleChanges(onsale, { ...form, closesAt: '2027-01-15T09:00' }).ok).toBe(true);
    expect(prepareOnsaleChanges(onsale, { ...form, opensAt: '2027-01-17T10:00', closesAt: '2027-01-16T10:00' })).toEqual({ ok: false, problems: { closes_at: catalogueFieldMessages.laterThan('opens_at') } });
    expect(onsaleServerProblems({ 'changes.admission.rate_per_minute': ['must be a whole number from 1 to 1000000'], 'changes.opens_at': [english(staffOnsaleMessages.openingPassed)] })).toEqual({
      admission: 'must be a whole number from 1 to 1000000',
      opens_at: english(staffOnsaleMessages.openingPassed),
    });
    const labels = { opens_at: 'Sale opens', closes_at: 'Room closes' };
    // The shop's answer comes as words (in the page's language), the page's own check as the text: both read as the rule.
    expect(onsaleProblemSentence('closes_at', 'must be later than opens_at', labels)).toBe('Room closes must be later than “Sale opens”.');
    expect(onsaleProblemSentence('closes_at', catalogueFieldMessages.laterThan('opens_at'), labels)).toBe('Room closes must be later than “Sale opens”.');
    expect(onsaleProblemSentence('session_minutes', onsaleFieldMessages.sessionAtLeast, { session_minutes: 'Shopping time' })).toBe('Shopping time must be at least 5 minutes.');
    expect(onsaleProblemSentence('opens_at', staffOnsaleMessages.openingPassed, labels)).toBe(staffOnsaleMessages.openingPassed);
  });

  it('says how long a sell-out took', () => {
    expect([durationWords(45), durationWords(200), durationWords(600), durationWords(7500)]).toEqual(['45 s', '3 min 20 s', '10 min', '2 h 5 min']);
  });
});

describe('a new on-sale', () => {
  const choices: OnsaleChoices = {
    events: [
      { code: 'NWF27', name: 'Northwind Festival', timezone: 'Europe/Amsterdam' },
      { code: 'LDN', name: 'London Nights', timezone: 'Europe/London' },
    ],
    items: [],
  };

  it('starts on the first event with the file’s defaults, and is sent whole with its times on the event’s clock', () => {
    const form = newOnsaleForm(choices);
    expect(form).toMatchObject({ code: '', event: 'NWF27', products: [], roomMinutes: '30', sessionMinutes: '20', proofBits: '0', mode: 'rate' });
    const filled = { ...form, code: ' SUMMER ', products: ['NWF27-TOTE', 'NWF27-WEEKEND'], opensAt: '2027-01-15T10:00', limit: '600', proofBits: '12' };
    expect(prepareNewOnsale(filled, 'Europe/Amsterdam')).toEqual({
      ok: true,
      onsale: {
        code: 'SUMMER',
        event: 'NWF27',
        opens_at: '2027-01-15T10:00:00+01:00',
        room_opens_minutes_before: 30,
        closes_at: null,
        products: ['NWF27-TOTE', 'NWF27-WEEKEND'],
        admission: { rate_per_minute: 600 },
        session_minutes: 20,
        proof_of_work: { bits: 12 },
      },
    });
    // The same wall-clock time on another event's clock.
    const london = prepareNewOnsale({ ...filled, event: 'LDN' }, 'Europe/London');
    expect(london.ok && london.onsale.opens_at).toBe('2027-01-15T10:00:00+00:00');
    const steer = prepareNewOnsale({ ...filled, mode: 'steer', steerMin: '100', limit: '900', proofBits: '0' }, 'Europe/Amsterdam');
    expect(steer.ok && [steer.onsale.admission, steer.onsale.proof_of_work]).toEqual([{ steer: { min_per_minute: 100, max_per_minute: 900 } }, null]);
  });

  it('refuses with the file’s rules, each problem beside its field', () => {
    const form = { ...newOnsaleForm(choices), code: 'SUMMER', products: ['NWF27-TOTE'], opensAt: '2027-01-15T10:00', limit: '600' };
    expect(prepareNewOnsale({ ...form, code: 'no spaces' }, 'Europe/Amsterdam')).toEqual({ ok: false, problems: { code: catalogueFieldMessages.code } });
    expect(prepareNewOnsale({ ...form, products: [] }, 'Europe/Amsterdam')).toEqual({ ok: false, problems: { products: onsaleRuleMessages.products } });
    expect(prepareNewOnsale({ ...form, opensAt: '' }, 'Europe/Amsterdam')).toEqual({ ok: false, problems: { opens_at: catalogueFieldMessages.instant } });
    expect(prepareNewOnsale({ ...form, closesAt: '2027-01-14T10:00' }, 'Europe/Amsterdam')).toEqual({ ok: false, problems: { closes_at: catalogueFieldMessages.laterThan('opens_at') } });
    expect(prepareNewOnsale({ ...form, sessionMinutes: '500' }, 'Europe/Amsterdam')).toEqual({ ok: false, problems: { session_minutes: onsaleFieldMessages.sessionAtMost } });
    // The shop's refusals by field (`onsale.products.1`) land beside the form's fields.
    expect(onsaleServerProblems({ 'onsale.products.1': ['no product'], 'onsale.code': ['taken'] })).toEqual({ products: 'no product', code: 'taken' });
    // A taken code is said after the field's label, as the file's rules are; a room's clash as the shop words it.
    expect(english(onsaleProblemSentence('code', english(staffOnsaleMessages.codeTaken), { code: 'Code' }))).toBe('Code is already the code of another on-sale.');
    const clash = english(onsaleRuleMessages.roomClash('NWF27-TOTE', 'SUMMER'));
    expect(onsaleProblemSentence('products', clash, { products: 'Products' })).toBe(clash);
  });
});

describe('the live actions of an on-sale', () => {
  it('offers open now before the opening, pause or resume as paused, and close until closed', () => {
    expect(onsaleActions({ state: 'not-yet-open', paused_at: null })).toEqual(['open-now', 'pause', 'close']);
    expect(onsaleActions({ state: 'pre-queue', paused_at: null })).toEqual(['open-now', 'pause', 'close']);
    expect(onsaleActions({ state: 'admitting', paused_at: null })).toEqual(['pause', 'close']);
    expect(onsaleActions({ state: 'sold-out', paused_at: null })).toEqual(['pause', 'close']);
    expect(onsaleActions({ state: 'paused', paused_at: '2027-01-15T09:00:00.000Z' })).toEqual(['resume', 'close']);
    expect(onsaleActions({ state: 'closed', paused_at: null })).toEqual([]);
    expect(onsaleActions({ state: 'switched-off', paused_at: null })).toEqual([]);
  });
});
