import { english, questionDefinition, questionMessages } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { emptyQuestionForm, movedCodes, prepareQuestion, questionFormOf, questionServerProblems } from './questions-editor';

const LANGUAGES = ['en', 'de'];

describe('the question form of the back office', () => {
  it('sends a choice question with its options, one a line, and keeps a kept option’s translations', () => {
    const previous = questionDefinition.parse({ code: 'size', kind: 'choice', label: 'Size', options: [{ code: 's', label: 'S', translations: { de: { label: 'Klein' } } }] });
    const form = { ...questionFormOf(previous, LANGUAGES), options: 's: Small\n\n m : Medium ', translations: { de: ' Größe ' }, required: true };
    expect(prepareQuestion(form, previous)).toEqual({
      ok: true,
      question: {
        code: 'size',
        kind: 'choice',
        label: 'Size',
        required: true,
        per: 'ticket',
        at_gate: false,
        options: [
          { code: 's', label: 'Small', translations: { de: { label: 'Klein' } } },
          { code: 'm', label: 'Medium' },
        ],
        translations: { de: { label: 'Größe' } },
        archived: false,
      },
    });
  });

  it('refuses what the catalogue file refuses, by the form’s field, before sending', () => {
    const prepared = prepareQuestion({ ...emptyQuestionForm(LANGUAGES), code: 'kids', kind: 'number', label: 'Children', min: '5', max: 'x' }, null);
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(Object.keys(prepared.problems)).toEqual(['max']);
    const choice = prepareQuestion({ ...emptyQuestionForm(LANGUAGES), code: 'c', kind: 'choice', label: 'C' }, null);
    expect(choice.ok ? null : english(choice.problems.options!)).toBe(english(questionMessages.options));
  });

  it('reads the shop’s field errors by the form’s fields, and moves a question one place', () => {
    expect(questionServerProblems({ 'question.options.1.code': ['twice'], 'question.translations.de': ['no'], 'question.label': ['empty'] })).toEqual({ options: 'twice', 'translations.de': 'no', label: 'empty' });
    expect(movedCodes(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(movedCodes(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
