import { catalogueFieldMessages, checkinListFieldMessages, type CheckinListView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { say } from '../lib/say';
import { conflictTexts, daysOf, duplicateFormOf, emptyListForm, formFieldOf, gateRows, gatesOf, listFormOf, listProblemSentence, listServerProblems, prepareList, toggleProduct } from './checkin-lists-page';
import { staffTexts } from './texts';

const texts = staffTexts.checkinLists;
const ZONE = 'Europe/Amsterdam';

const view: CheckinListView = {
  id: 7,
  list: {
    code: 'GATE',
    event: 'FEST',
    name: 'Entrance',
    products: [
      { product: 'WEEKEND', days: 'every' },
      { product: 'DAY-SAT', days: ['2027-06-19'] },
    ],
    day_cutover: '05:00',
    entry: 'alternating',
    opens_at: '2027-06-18T08:00:00.000Z',
    closes_at: null,
    boarding: { before_minutes: 30, after_minutes: 15 },
    gates: ['North', 'South'],
  },
  event_name: 'Festival',
  timezone: ZONE,
  active: true,
  scanned: true,
  back_office_fields: [],
  admitted: 3,
  inside: 2,
  gates: [
    { gate: 'North', admitted: 3, inside: 2 },
    { gate: 'Old gate', admitted: 1, inside: 0 },
  ],
  open_conflicts: 0,
};

describe('the check-in list form', () => {
  it('shows a list as staff type it (times on the event’s clock) and sends it back as the catalogue file writes it', () => {
    const form = listFormOf(view);
    expect(form).toMatchObject({ code: 'GATE', gates: 'North, South', opensAt: '2027-06-18T10:00', closesAt: '', dayCutover: '05:00', before: '30', after: '15' });
    expect(form.products).toEqual([
      { code: 'WEEKEND', every: true, days: '' },
      { code: 'DAY-SAT', every: false, days: '2027-06-19' },
    ]);
    const prepared = prepareList(form, ZONE);
    expect(prepared).toEqual({
      ok: true,
      list: {
        code: 'GATE',
        event: 'FEST',
        name: 'Entrance',
        products: [
          { product: 'WEEKEND', days: 'every' },
          { product: 'DAY-SAT', days: ['2027-06-19'] },
        ],
        day_cutover: '05:00',
        entry: 'alternating',
        opens_at: '2027-06-18T10:00:00+02:00',
        closes_at: null,
        boarding: { before_minutes: 30, after_minutes: 15 },
        gates: ['North', 'South'],
      },
    });
  });

  it('duplicates a list without its code, and starts a new one empty with the defaults of the file', () => {
    expect(duplicateFormOf(view)).toMatchObject({ code: '', name: 'Entrance', gates: 'North, South' });
    expect(emptyListForm('FEST')).toMatchObject({ event: 'FEST', products: [], entry: 'single', dayCutover: '06:00', before: '30', after: '15' });
  });

  it('reads gates and days as staff type them', () => {
    expect(gatesOf(' North , South,,\nCampsite gate ')).toEqual(['North', 'South', 'Campsite gate']);
    expect(daysOf('2027-06-19, 2027-06-20;2027-06-21  ')).toEqual(['2027-06-19', '2027-06-20', '2027-06-21']);
  });

  it('switches products on (every day, until days are given) and off', () => {
    const on = toggleProduct(emptyListForm('FEST'), 'WEEKEND', true);
    expect(on.products).toEqual([{ code: 'WEEKEND', every: true, days: '' }]);
    expect(toggleProduct(on, 'WEEKEND', true)).toBe(on);
    expect(toggleProduct(on, 'WEEKEND', false).products).toEqual([]);
  });

  it('refuses with the catalogue file’s rules, each problem at its field (a product’s at its row)', () => {
    const form = { ...listFormOf(view), code: 'bad code!', name: ' ', dayCutover: '13:00', before: 'soon' };
    form.products = [{ code: 'DAY-SAT', every: false, days: '2027-06-19, 19 June' }];
    const prepared = prepareList(form, ZONE);
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.problems).toEqual({
      code: catalogueFieldMessages.code,
      name: checkinListFieldMessages.name,
      'products.DAY-SAT': checkinListFieldMessages.day,
      day_cutover: checkinListFieldMessages.dayCutover,
      'boarding.before_minutes': checkinListFieldMessages.minutes,
    });
    // The rules across fields, once every field passes (as the file is read).
    expect(prepareList({ ...listFormOf(view), gates: 'North, north', closesAt: '2027-06-18T09:00' }, ZONE)).toEqual({
      ok: false,
      problems: { gates: checkinListFieldMessages.gateTwice('north', 0), closes_at: catalogueFieldMessages.laterThan('opens_at') },
    });
    expect(prepareList({ ...emptyListForm('FEST'), code: 'X', name: 'X' }, ZONE)).toEqual({ ok: false, problems: { products: checkinListFieldMessages.products } });
    expect(prepareList({ ...listFormOf(view), opensAt: 'soon' }, ZONE)).toEqual({ ok: false, problems: { opens_at: catalogueFieldMessages.instant } });
  });

  it('puts the shop’s refusals at the form’s fields, a product’s at its row', () => {
    const form = listFormOf(view);
    expect(formFieldOf(['list', 'products', 1, 'days', 0], form)).toBe('products.DAY-SAT');
    expect(formFieldOf(['products', 0, 'product'], form)).toBe('products.WEEKEND');
    expect(formFieldOf(['list', 'gates', 1], form)).toBe('gates');
    expect(formFieldOf(['list', 'boarding', 'after_minutes'], form)).toBe('boarding.after_minutes');
    expect(listServerProblems({ 'list.products.1.days.0': ['lies outside'], 'list.event': ['must stay FEST'], 'list.products.1': ['is twice'] }, form)).toEqual({
      'products.DAY-SAT': 'lies outside is twice',
      event: 'must stay FEST',
    });
  });

  it('says a rule after its field’s label, and a sentence as it is', () => {
    const labels = { gates: 'Gates', 'products.DAY-SAT': 'Saturday (DAY-SAT)' };
    expect(listProblemSentence('gates', checkinListFieldMessages.gate, labels)).toBe('Gates must be 1-60 characters.');
    expect(listProblemSentence('products.DAY-SAT', 'lies outside the list’s opening hours', labels)).toBe('Saturday (DAY-SAT) lies outside the list’s opening hours.');
    expect(listProblemSentence('_', 'Change at least one field.', labels)).toBe('Change at least one field.');
  });
});

describe('the figures and the scans to resolve', () => {
  it('lists every gate of the list (those without a scan at zero), then gates scanned at that the list no longer has', () => {
    expect(gateRows(view)).toEqual([
      { gate: 'North', admitted: 3, inside: 2 },
      { gate: 'South', admitted: 0, inside: 0 },
      { gate: 'Old gate', admitted: 1, inside: 0 },
    ]);
  });

  it('says what happened and what to do for each kind of scan the gates could not count', () => {
    expect(conflictTexts({ kind: 'conflict', reason: 'already-in' })).toEqual({ what: texts.reasons['already-in'], advice: texts.advices.copied });
    expect(conflictTexts({ kind: 'conflict', reason: 'not-inside' }).advice).toBe(texts.advices.exit);
    expect(conflictTexts({ kind: 'refused', reason: 'unknown-gate' }).advice).toBe(texts.advices.gate);
    expect(conflictTexts({ kind: 'refused', reason: 'revoked' })).toEqual({ what: texts.reasons.revoked, advice: texts.advices.refused });
    expect(say(conflictTexts({ kind: 'refused', reason: 'toString' }).what)).toBe(say(texts.reasons.other));
  });
});
