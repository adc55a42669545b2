import { checkAnswers, type AnswerForm, type Text } from '@festival/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/FormError';
import { answersFormOf, type AnswersForm } from '../../../components/ui/question-field';
import { QuestionField } from '../../../components/ui/QuestionField';
import { useToast } from '../../../components/ui/Toasts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/language';
import { say } from '../../../lib/say';
import { useChangeAnswers } from '../api/tickets';
import { portalTexts } from '../portal.messages';

const texts = portalTexts.answersEditor;

export interface AnswersEditorProps {
  /** The form's element ids start with it (one page may hold several forms). */
  idPrefix: string;
  orderId: number;
  form: AnswerForm;
  /** The ticket whose answers these are; absent: the order's own answers to the product's per-order questions. */
  ticket?: string | undefined;
  /** The form's heading (its accessible name), and its level. */
  title: string;
  level?: 2 | 3;
}

/**
 * A product's questions as the customer changes their answers in the portal (change-answers,
 * decision 0106), while the ticket's holder may be changed: the same fields as the personalise
 * modal and the checkout page (QuestionField), checked by the contract's rule before sending; each
 * problem, or the shop's refusal naming `answers.<code>`, at its question, the first focused.
 */
export function AnswersEditor({ idPrefix, orderId, form, ticket, title, level = 2 }: AnswersEditorProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const language = useLanguage();
  const toast = useToast();
  const { send, isPending } = useChangeAnswers();
  const [values, setValues] = useState<AnswersForm>(() => answersFormOf(form.questions, form.values));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const fieldId = (code: string) => `${idPrefix}-answer-${code}`;
  const titleId = `${idPrefix}-title`;

  const refuse = (found: Record<string, string>, message: string) => {
    setProblems(found);
    setError(message);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkAnswers(form.questions, values, language);
    if (checked.problems.length) {
      const said = (message: Text) => say(message);
      refuse(Object.fromEntries(checked.problems.map((problem) => [problem.code, said(problem.message)])), said(checked.problems[0]!.message));
      return;
    }
    try {
      const data = await send({ order_id: orderId, ticket: ticket ?? null, product: ticket ? null : form.product, answers: checked.answers });
      if (!data) return;
      setProblems({});
      setError(null);
      toast.success(say(texts.saved));
    } catch (failure) {
      const field = failure instanceof ApiError && failure.body?.errors ? Object.keys(failure.body.errors)[0] : undefined;
      const code = field?.startsWith('answers.') ? field.slice('answers.'.length) : null;
      refuse(code ? { [code]: errorText(failure) } : {}, errorText(failure));
    }
  };

  return (
    <form id={`${idPrefix}-form`} className="form-stack" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
      <Heading id={titleId} className="screen-title">
        {title}
      </Heading>
      <FormError id={`${idPrefix}-error`} message={error} />
      {form.questions.map((question) => (
        <QuestionField
          key={question.code}
          id={fieldId(question.code)}
          question={question}
          language={language}
          value={values[question.code] ?? (question.kind === 'multi' ? [] : '')}
          onChange={(value) => setValues((current) => ({ ...current, [question.code]: value }))}
          invalid={Boolean(problems[question.code])}
          error={problems[question.code]}
        />
      ))}
      <div className="button-row">
        <Button id={`${idPrefix}-save`} type="submit" loading={isPending}>
          {say(texts.save)}
        </Button>
      </div>
    </form>
  );
}
