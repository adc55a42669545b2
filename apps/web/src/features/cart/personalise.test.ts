import { english, questionDefinition, questionMessages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { ageOptionsFor, answersFormOf, answersInput, defaultsForAdding, defaultsOfLine, EMPTY_PASSENGER_FORM, holderInput, otherHoldersOf, refusedQuestion, ticketQuestionsOf, travelTimeChangesOpen } from './personalise';
import { testCartProduct } from '../../../test/test-cart';

const config = { ageRanges: ['18-24', '25-34'], events: { '1': { ageRangeActive: true, creditCardActive: true, bankTransferActive: false, bankTransferCountries: [] } } };
const customer = { full_name: 'Jane Doe', email: 'jane@example.com' };

describe('the personalise form', () => {
  it('asks the age of entry tickets only, and only when their event has age ranges active', () => {
    expect(ageOptionsFor({ type: 'ticket', event_id: 1 }, config)).toEqual(['18-24', '25-34']);
    expect(ageOptionsFor({ type: 'ticket', event_id: 2 }, config)).toEqual([]);
    expect(ageOptionsFor({ type: 'ticket', event_id: null }, config)).toEqual([]);
    expect(ageOptionsFor({ type: 'locker', event_id: 1 }, config)).toEqual([]);
    expect(ageOptionsFor({ type: 'ticket', event_id: 1 }, { ...config, ageRanges: [] })).toEqual([]);
  });

  it("fills in a logged-in customer's name and e-mail for their first line of a product", () => {
    expect(defaultsForAdding(10, [], customer)).toEqual({ ...EMPTY_PASSENGER_FORM, fullName: 'Jane Doe', email: 'jane@example.com' });
    // A line of another product in their name does not count.
    expect(defaultsForAdding(10, [testCartProduct({ product: { id: 11 } })], customer).fullName).toBe('Jane Doe');
  });

  it('starts empty for a visitor, and for a customer who already has this product in their name', () => {
    expect(defaultsForAdding(10, [], null)).toEqual(EMPTY_PASSENGER_FORM);
    expect(defaultsForAdding(10, [testCartProduct({ full_name: 'jane doe', product: { id: 10 } })], customer)).toEqual(EMPTY_PASSENGER_FORM);
  });

  it("starts from a cart line's own values when personalising it again", () => {
    expect(defaultsOfLine(testCartProduct({ full_name: 'Sam Poe', email: 'sam@example.com', age: '25-34', transport_time_id: 7 }))).toEqual({
      fullName: 'Sam Poe',
      email: 'sam@example.com',
      age: '25-34',
      transportTimeId: '7',
    });
    expect(defaultsOfLine(testCartProduct({ full_name: null, email: null }))).toEqual(EMPTY_PASSENGER_FORM);
  });

  it('checks duplicates against the other lines of the same product only', () => {
    const lines = [
      testCartProduct({ id: 1, full_name: 'Jane Doe', product: { id: 10 } }),
      testCartProduct({ id: 2, full_name: 'Sam Poe', product: { id: 10 } }),
      testCartProduct({ id: 3, full_name: 'Kim Loe', product: { id: 11 } }),
    ];
    expect(otherHoldersOf(10, lines)).toEqual(['Jane Doe', 'Sam Poe']);
    expect(otherHoldersOf(10, lines, 2)).toEqual(['Jane Doe']);
  });

  it('sends trimmed text, and null for the fields the product does not ask for', () => {
    const form = { fullName: ' Jane Doe ', email: ' jane@example.com ', age: '18-24', transportTimeId: '7' };
    expect(holderInput(form, { needsAge: true, needsTravelTime: true })).toEqual({ full_name: 'Jane Doe', email: 'jane@example.com', age: '18-24', transport_time_id: 7 });
    expect(holderInput(form, { needsAge: false, needsTravelTime: false })).toEqual({ full_name: 'Jane Doe', email: 'jane@example.com', age: null, transport_time_id: null });
    expect(holderInput({ ...form, age: '', transportTimeId: '' }, { needsAge: true, needsTravelTime: true })).toMatchObject({ age: null, transport_time_id: null });
  });

  it('notes the travel-time change deadline of transport only while it lies ahead', () => {
    const now = Date.parse('2027-06-01T00:00:00Z');
    expect(travelTimeChangesOpen({ travel_time_type: 'selectable', allow_travel_time_changes_until: '2027-06-14T23:59:59+02:00' }, now)).toBe(true);
    expect(travelTimeChangesOpen({ travel_time_type: 'selectable', allow_travel_time_changes_until: '2027-05-14T23:59:59+02:00' }, now)).toBe(false);
    expect(travelTimeChangesOpen({ travel_time_type: 'selectable', allow_travel_time_changes_until: null }, now)).toBe(false);
    expect(travelTimeChangesOpen({ travel_time_type: null, allow_travel_time_changes_until: '2027-06-14T23:59:59+02:00' }, now)).toBe(false);
  });
});

describe("the personalise form's questions (decision 0106)", () => {
  const questions = [
    { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium' }], translations: { de: { label: 'T-Shirt-Größe' } } },
    { code: 'diet', kind: 'multi', label: 'Diet', options: [{ code: 'vegan', label: 'Vegan' }, { code: 'nuts', label: 'No nuts' }] },
    { code: 'age', kind: 'number', label: 'Age', min: 16, max: 99 },
    { code: 'arrival', kind: 'date', label: 'Arrival' },
    { code: 'camping', kind: 'yes_no', label: 'Camping', required: true },
    { code: 'company', kind: 'text', label: 'Company' },
    { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' },
    { code: 'old', kind: 'text', label: 'Old', archived: true },
  ].map((question) => questionDefinition.parse(question));
  const asked = ticketQuestionsOf(questions);

  it('asks the per-ticket questions not archived, in their order; none for a product without', () => {
    expect(asked.map((question) => question.code)).toEqual(['size', 'diet', 'age', 'arrival', 'camping', 'company']);
    expect(ticketQuestionsOf(undefined)).toEqual([]);
  });

  it("starts with a line's answers as fields (yes/no as yes or no, numbers as text) and empty fields for the rest", () => {
    expect(answersFormOf(asked, { size: 'm', diet: ['nuts'], age: 30, camping: false, unknown: 'x' })).toEqual({ size: 'm', diet: ['nuts'], age: '30', arrival: '', camping: 'no', company: '' });
    expect(answersFormOf(asked, undefined)).toEqual({ size: '', diet: [], age: '', arrival: '', camping: '', company: '' });
  });

  it("makes the answers sent from the fields by the contract's rule, with its problems by question in the page's language", () => {
    const filled = { size: 's', diet: ['nuts', 'vegan'], age: '42', arrival: '2027-06-18', camping: 'yes', company: '  ACME  ' };
    expect(answersInput(asked, filled, 'en')).toEqual({ answers: { size: 's', diet: ['vegan', 'nuts'], age: 42, arrival: '2027-06-18', camping: true, company: 'ACME' }, problems: [] });
    const { answers, problems } = answersInput(asked, { ...answersFormOf(asked, undefined), age: '12' }, 'de');
    expect(answers).toEqual({});
    expect(problems.map((problem) => [problem.code, english(problem.message)])).toEqual([
      ['size', english(questionMessages.required('T-Shirt-Größe'))],
      ['age', english(questionMessages.numberRange(16, 99))],
      ['camping', english(questionMessages.required('Camping'))],
    ]);
    // A product without questions sends no answers at all.
    expect(answersInput([], {}, 'en')).toEqual({ answers: undefined, problems: [] });
  });

  it("names the question of a server's refusal by its field", () => {
    expect(refusedQuestion('answers.size')).toBe('size');
    expect(refusedQuestion('full_name')).toBeNull();
    expect(refusedQuestion(undefined)).toBeNull();
  });
});
