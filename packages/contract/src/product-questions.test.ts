import { describe, expect, it } from 'vitest';
import { english, issueText } from './index';
import { answerWords, checkAnswers, productQuestions, questionDefinition, type AskedQuestion, type QuestionDefinitionInput } from './product-questions';

const size = questionDefinition.parse({
  code: 'size',
  kind: 'choice',
  label: 'T-shirt size',
  required: true,
  options: [
    { code: 's', label: 'Small', translations: { de: { label: 'Klein' } } },
    { code: 'm', label: 'Medium' },
  ],
  translations: { de: { label: 'T-Shirt-Größe' } },
});
const diet = questionDefinition.parse({ code: 'diet', kind: 'multi', label: 'Dietary needs', options: [{ code: 'vegan', label: 'Vegan' }, { code: 'gluten', label: 'No gluten' }] });
const company = questionDefinition.parse({ code: 'company', kind: 'text', label: 'Company', max_length: 10 });
const kids = questionDefinition.parse({ code: 'kids', kind: 'number', label: 'Children', min: 0, max: 4 });
const arrival = questionDefinition.parse({ code: 'arrival', kind: 'date', label: 'Arrival', earliest: '2027-06-17', latest: '2027-06-20' });
const camper = questionDefinition.parse({ code: 'camper', kind: 'yes_no', label: 'Camper van', required: true });
const all: AskedQuestion[] = [size, diet, company, kids, arrival, camper];

const problemsOf = (given: Record<string, unknown>, language = 'en') =>
  Object.fromEntries(checkAnswers(all, given, language).problems.map((problem) => [problem.code, english(problem.message)]));

describe('an answer to a product question', () => {
  it('is kept as its kind keeps it: text trimmed, numbers and yes/no from a form, several choices in the options’ order, blanks left out', () => {
    const { answers, problems } = checkAnswers(all, { size: 'm', diet: ['gluten', 'vegan'], company: '  ACME  ', kids: '2', arrival: '2027-06-18', camper: 'no' }, 'en');
    expect(problems).toEqual([]);
    expect(answers).toEqual({ size: 'm', diet: ['vegan', 'gluten'], company: 'ACME', kids: 2, arrival: '2027-06-18', camper: false });
    expect(checkAnswers(all, { size: 's', camper: true, company: '   ', diet: [] }, 'en').answers).toEqual({ size: 's', camper: true });
  });

  it('refuses a required question left blank, naming the question in the reader’s language', () => {
    expect(problemsOf({ camper: true })).toEqual({ size: '"T-shirt size" needs an answer' });
    expect(checkAnswers(all, { size: ' ', camper: true }, 'de').problems[0]!.message.values).toEqual({ question: 'T-Shirt-Größe' });
  });

  it('refuses an option that does not exist, a number or a date out of range, too long a text, and what is not yes or no', () => {
    expect(problemsOf({ size: 'xl', diet: ['vegan', 'vegan'], company: 'A long company name', kids: 5, arrival: '2027-06-16', camper: 'maybe' })).toEqual({
      size: 'must be one of the options',
      diet: 'must be some of the options, each once',
      company: 'must be at most 10 characters',
      kids: 'must be a whole number from 0 to 4',
      arrival: 'must be 2027-06-17 or later',
      camper: 'must be yes or no',
    });
    expect(problemsOf({ size: 's', camper: true, kids: 1.5, arrival: '2027-06-21' })).toEqual({ kids: 'must be a whole number from 0 to 4', arrival: 'must be 2027-06-20 or earlier' });
    expect(problemsOf({ size: 's', camper: true, arrival: '2027-02-30' })).toEqual({ arrival: 'must be a date such as 2027-06-18' });
  });

  it('ignores answers to questions not asked (archived since the page was loaded)', () => {
    expect(checkAnswers([size], { size: 's', gone: 'x' }, 'en')).toEqual({ answers: { size: 's' }, problems: [] });
  });

  it('is said with the options’ labels in the reader’s language', () => {
    expect(answerWords(size, 's', 'de', { yes: 'ja', no: 'nein' })).toBe('Klein');
    expect(answerWords(diet, ['vegan', 'gluten'], 'en', { yes: 'yes', no: 'no' })).toBe('Vegan, No gluten');
    expect(answerWords(camper, true, 'en', { yes: 'yes', no: 'no' })).toBe('yes');
  });
});

describe('a product question', () => {
  const refusals = (input: QuestionDefinitionInput) => {
    const result = questionDefinition.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), english(issueText(issue))]));
  };

  it('takes defaults: optional, per ticket, not at the gate', () => {
    expect(questionDefinition.parse({ code: 'q', kind: 'text', label: 'Company' })).toMatchObject({ required: false, per: 'ticket', at_gate: false, archived: false, options: [] });
  });

  it('refuses a choice without options, options twice, limits of another kind and a range upside down', () => {
    expect(refusals({ code: 'q', kind: 'choice', label: 'Size' })).toEqual({ options: 'a choice question needs at least one option' });
    expect(refusals({ code: 'q', kind: 'multi', label: 'Size', options: [{ code: 'a', label: 'A' }, { code: 'a', label: 'B' }] })).toEqual({ 'options.1.code': '"a" is the code of another option' });
    expect(refusals({ code: 'q', kind: 'text', label: 'Size', options: [{ code: 'a', label: 'A' }], min: 1 })).toEqual({ options: 'only a question of kind choice, multi takes this', min: 'only a question of kind number takes this' });
    expect(refusals({ code: 'q', kind: 'number', label: 'N', min: 5, max: 1 })).toEqual({ min: 'must not be more than max' });
    expect(refusals({ code: 'q', kind: 'date', label: 'D', earliest: '2027-06-20', latest: '2027-06-01' })).toEqual({ earliest: 'must not be later than latest' });
    expect(refusals({ code: 'q', kind: 'sometimes' as never, label: '' })).toEqual({ kind: 'must be text, choice, multi, number, date or yes_no', label: 'must be 1-200 characters' });
  });

  it('names one question of a product by its code', () => {
    const result = productQuestions.safeParse([
      { code: 'q', kind: 'text', label: 'A' },
      { code: 'q', kind: 'yes_no', label: 'B' },
    ]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), english(issueText(issue))])).toEqual([['1.code', '"q" is the code of another question of this product']]);
  });
});
