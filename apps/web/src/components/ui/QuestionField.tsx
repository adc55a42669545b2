import { answerTexts, questionLabelIn, type QuestionDefinition } from '@festival/contract';
import { say } from '../../lib/say';
import { Dropdown } from './Dropdown';
import type { AnswerFormValue } from './question-field';
import { TextField } from './TextField';
import { uiTexts } from './ui.messages';
import './question-field.css';

export interface QuestionFieldProps {
  id: string;
  question: QuestionDefinition;
  /** The page's language: the label and options are shown in it. */
  language: string;
  value: AnswerFormValue;
  onChange: (value: AnswerFormValue) => void;
  invalid: boolean;
  /** The text of the question's problem, shown under it and tied to it (aria-describedby). */
  error?: string | undefined;
}

/**
 * A product's question as a buyer answers it (decision 0106), the same in the personalise modal
 * and on the checkout page: text, number and date as inputs, choice as a dropdown, multi as
 * checkboxes and yes/no as radios in a fieldset; required ones marked.
 */
export function QuestionField({ id, question, language, value, onChange, invalid, error }: QuestionFieldProps) {
  const label = questionLabelIn(question, language);
  const errorId = error ? `${id}-error` : undefined;
  const text = typeof value === 'string' ? value : '';
  const common = { 'aria-invalid': invalid || undefined, 'aria-describedby': errorId };
  const errorText = error && (
    <p id={errorId} className="field__error question-field__error">
      {error}
    </p>
  );
  if (question.kind === 'choice')
    return (
      <div className="question-field">
        <Dropdown
          id={id}
          label={label}
          required={question.required}
          placeholder={say(uiTexts.questionField.chooseOption)}
          options={question.options.map((option) => ({ value: option.code, label: questionLabelIn(option, language) }))}
          value={text}
          onChange={onChange}
          {...common}
        />
        {errorText}
      </div>
    );
  if (question.kind === 'multi' || question.kind === 'yes_no') {
    const chosen = Array.isArray(value) ? value : [];
    const options =
      question.kind === 'multi'
        ? question.options.map((option) => ({ value: option.code, label: questionLabelIn(option, language) }))
        : [
            { value: 'yes', label: say(answerTexts.yes) },
            { value: 'no', label: say(answerTexts.no) },
          ];
    return (
      <fieldset id={id} tabIndex={-1} className="fieldset question-field" aria-describedby={errorId} aria-invalid={common['aria-invalid']} aria-required={question.required || undefined}>
        <legend className="field__label">
          {label}
          {question.required && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </legend>
        {options.map((option) => (
          <label key={option.value} className="question-field__option">
            {question.kind === 'multi' ? (
              <input
                type="checkbox"
                name={id}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((code) => code !== option.value))}
              />
            ) : (
              <input type="radio" name={id} value={option.value} checked={text === option.value} onChange={() => onChange(option.value)} />
            )}{' '}
            {option.label}
          </label>
        ))}
        {errorText}
      </fieldset>
    );
  }
  return (
    <div className="question-field">
      <TextField
        id={id}
        type={question.kind === 'date' ? 'date' : question.kind === 'number' ? 'number' : 'text'}
        inputMode={question.kind === 'number' ? 'numeric' : undefined}
        label={label}
        required={question.required}
        value={text}
        onChange={onChange}
        maxLength={question.kind === 'text' ? (question.max_length ?? undefined) : undefined}
        min={question.kind === 'number' ? (question.min ?? undefined) : question.kind === 'date' ? (question.earliest ?? undefined) : undefined}
        max={question.kind === 'number' ? (question.max ?? undefined) : question.kind === 'date' ? (question.latest ?? undefined) : undefined}
        {...common}
      />
      {errorText}
    </div>
  );
}
