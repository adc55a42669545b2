import { questionEditorTexts as texts, type QuestionDefinitionInput, type QuestionView, type Shown } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import type { StaffCallInput } from '../../lib/staff-call';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import { FormDialog } from '../FormDialog';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { useStaffAction } from '../use-staff-action';
import { emptyQuestionForm, movedCodes, prepareQuestion, QUESTION_KIND_LIST, questionFormOf, questionServerProblems, type QuestionForm } from './questions-editor';

type Action = { isPending: boolean; message: string | null; errors: Record<string, string[]> };
const listKey = (product: string) => ['question-list', product] as const;

/**
 * A product's questions to its buyers (issue 37 point 4, decision 0106), on its card in the
 * catalogue page: read when opened; added, changed, reordered and removed (archived when answered)
 * with the catalogue file's rules, checked here before sending and by the shop.
 */
/** `madeHere`: the product was made in the back office, so every question of it is set here and none is marked. */
export function QuestionsEditor({ product, madeHere = false }: { product: string; madeHere?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="staff-cat-questions" onToggle={(event) => setOpen((event.target as HTMLDetailsElement).open)}>
      <summary>{say(texts.summary)}</summary>
      {open && <QuestionsList product={product} madeHere={madeHere} />}
    </details>
  );
}

function QuestionsList({ product, madeHere }: { product: string; madeHere: boolean }) {
  const list = useQuery({ queryKey: listKey(product), queryFn: () => staffCall('question-list', { product }) });
  const reload = [listKey(product), ['staff-audit']] as const;
  const [editing, setEditing] = useState<{ code: string | null } | null>(null);
  const save = useStaffAction({
    run: (input: StaffCallInput<'question-save'>) => staffCall('question-save', input),
    done: (answer) => {
      setEditing(null);
      return answer.message;
    },
    reload,
  });
  const remove = useStaffAction({ run: (input: StaffCallInput<'question-remove'>) => staffCall('question-remove', input), done: (answer) => answer.message, reload });
  const order = useStaffAction({ run: (input: StaffCallInput<'question-order'>) => staffCall('question-order', input), done: (answer) => answer.message, reload });
  if (!list.data) return <p className="text-muted">{list.isPending ? '…' : list.error?.message}</p>;
  const { questions, languages } = list.data;
  const codes = questions.map((view) => view.question.code);
  const refusal = remove.message ?? order.message;
  const current = editing?.code ? questions.find((view) => view.question.code === editing.code) : undefined;
  return (
    <div className="staff-cat-questions__body">
      <p className="text-muted">{say(texts.lead)}</p>
      {refusal && (
        <div className="alert alert--danger" role="alert">
          {refusal}
        </div>
      )}
      {questions.length === 0 ? (
        <p className="staff-cat-empty">{say(texts.empty)}</p>
      ) : (
        <ol className="staff-cat-questions__list">
          {questions.map((view, index) => (
            <QuestionLine
              key={view.question.code}
              view={view}
              marked={view.set_here && !madeHere}
              actions={
                <>
                  <Button size="sm" variant="secondary" onClick={() => setEditing({ code: view.question.code })} aria-label={say(texts.editLabel(view.question.label))}>
                    {say(texts.edit)}
                  </Button>
                  <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => order.mutate({ product, codes: movedCodes(codes, index, -1) })} aria-label={say(texts.upLabel(view.question.label))}>
                    {say(texts.up)}
                  </Button>
                  <Button size="sm" variant="secondary" disabled={index === questions.length - 1} onClick={() => order.mutate({ product, codes: movedCodes(codes, index, 1) })} aria-label={say(texts.downLabel(view.question.label))}>
                    {say(texts.down)}
                  </Button>
                  {!view.question.archived && (
                    <Button size="sm" variant="secondary" onClick={() => remove.mutate({ product, code: view.question.code })} aria-label={say(texts.removeLabel(view.question.label))}>
                      {say(texts.remove)}
                    </Button>
                  )}
                </>
              }
            />
          ))}
        </ol>
      )}
      <div className="button-row">
        <Button size="sm" onClick={() => setEditing({ code: null })}>
          {say(texts.add)}
        </Button>
      </div>
      {editing && (editing.code === null || current) && (
        <QuestionDialog
          view={current ?? null}
          languages={languages}
          action={save}
          onSave={(question) => save.mutate({ product, code: current ? current.question.code : null, question })}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function QuestionLine({ view, marked, actions }: { view: QuestionView; marked: boolean; actions: ReactNode }) {
  const { question } = view;
  return (
    <li className="staff-cat-questions__item">
      <span>
        <strong>{question.label}</strong> <code>{question.code}</code> · {say(texts.kinds[question.kind])} · {say(question.per === 'order' ? texts.perOrder : texts.perTicket)}
      </span>
      <span className="staff-cat-item__badges">
        {question.required && <Badge tone="info">{say(texts.required)}</Badge>}
        {question.at_gate && <Badge tone="info">{say(texts.atGate)}</Badge>}
        {question.archived && <Badge tone="neutral">{say(texts.archived)}</Badge>}
        {view.answers > 0 && <Badge tone="neutral">{say(texts.answers(view.answers))}</Badge>}
        {marked && <Badge tone="info">{say(texts.setHere)}</Badge>}
      </span>
      <span className="button-row">{actions}</span>
    </li>
  );
}

function QuestionDialog({ view, languages, action, onSave, onClose }: { view: QuestionView | null; languages: string[]; action: Action; onSave: (question: QuestionDefinitionInput) => void; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<QuestionForm>(() => (view ? questionFormOf(view.question, languages) : emptyQuestionForm(languages)));
  const [problems, setProblems] = useState<Record<string, Shown>>({});
  const [tried, setTried] = useState(0);
  useFocusOnRefusal(formRef, tried, action.errors);
  const server = tried > 0 ? questionServerProblems(action.errors) : {};
  const problemOf = (field: string, label: Shown): string | undefined => {
    const problem = problems[field] ?? server[field];
    if (!problem) return undefined;
    const said = say(problem);
    return /^\p{Ll}/u.test(said) ? say(texts.fieldProblem(say(label), said)) : said;
  };
  const set = <K extends keyof QuestionForm>(key: K, value: QuestionForm[K]) => setForm((was) => ({ ...was, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried((count) => count + 1);
    const prepared = prepareQuestion(form, view?.question ?? null);
    if (!prepared.ok) return setProblems(prepared.problems);
    setProblems({});
    onSave(prepared.question);
  };
  const besideFields = Object.keys(server).some((field) => field !== '_');
  const text = (field: 'code' | 'label' | 'min' | 'max' | 'earliest' | 'latest' | 'max_length', label: Shown, hint?: Shown, extra: { disabled?: boolean; type?: string; inputMode?: 'numeric' } = {}) => {
    const problem = problemOf(field, label);
    return (
      <TextField
        id={`${id}-${field}`}
        label={say(label)}
        value={form[field]}
        onChange={(value) => set(field, value)}
        autoComplete="off"
        hint={problem ?? (hint ? say(hint) : undefined)}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
        {...extra}
      />
    );
  };
  const check = (field: 'required' | 'at_gate' | 'archived', label: Shown) => (
    <div className="staff-cat-check">
      <input type="checkbox" id={`${id}-${field}`} checked={form[field]} onChange={(event) => set(field, event.target.checked)} />
      <label htmlFor={`${id}-${field}`}>{say(label)}</label>
    </div>
  );
  const optionsProblem = problemOf('options', texts.options);
  const hasOptions = form.kind === 'choice' || form.kind === 'multi';
  return (
    <FormDialog
      id="staff-question-edit"
      formId={`${id}-form`}
      formRef={formRef}
      title={view ? say(texts.editTitle(view.question.label)) : say(texts.newTitle)}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={besideFields ? null : action.message}
      problem={action.message ? undefined : problems._}
    >
      {text('code', texts.code, texts.codeHint, { disabled: view !== null })}
      {text('label', texts.label)}
      {languages.slice(1).map((language) => {
        const problem = problemOf(`translations.${language}`, texts.labelIn(language));
        return (
          <TextField
            key={language}
            id={`${id}-label-${language}`}
            lang={language}
            label={say(texts.labelIn(language))}
            value={form.translations[language] ?? ''}
            onChange={(value) => set('translations', { ...form.translations, [language]: value })}
            autoComplete="off"
            hint={problem ?? say(texts.labelInHint)}
            aria-invalid={problem ? true : undefined}
          />
        );
      })}
      <div className="staff-form-row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-kind`}>
            {say(texts.kind)}
          </label>
          <select id={`${id}-kind`} className="field__control" value={form.kind} onChange={(event) => set('kind', event.target.value as QuestionForm['kind'])}>
            {QUESTION_KIND_LIST.map((kind) => (
              <option key={kind} value={kind}>
                {say(texts.kinds[kind])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-per`}>
            {say(texts.per)}
          </label>
          <select id={`${id}-per`} className="field__control" value={form.per} onChange={(event) => set('per', event.target.value as QuestionForm['per'])}>
            <option value="ticket">{say(texts.perTicket)}</option>
            <option value="order">{say(texts.perOrder)}</option>
          </select>
        </div>
      </div>
      {hasOptions && (
        <div className={['field', optionsProblem ? 'staff-cat-field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${id}-options`}>
            {say(texts.options)}
          </label>
          <textarea
            id={`${id}-options`}
            className="field__control"
            rows={5}
            value={form.options}
            onChange={(event) => set('options', event.target.value)}
            aria-invalid={optionsProblem ? true : undefined}
            aria-describedby={`${id}-options-hint`}
          />
          <p id={`${id}-options-hint`} className="field__hint">
            {optionsProblem ?? say(texts.optionsHint)}
          </p>
        </div>
      )}
      {form.kind === 'number' && (
        <div className="staff-form-row">
          {text('min', texts.min, texts.optional, { inputMode: 'numeric' })}
          {text('max', texts.max, texts.optional, { inputMode: 'numeric' })}
        </div>
      )}
      {form.kind === 'date' && (
        <div className="staff-form-row">
          {text('earliest', texts.earliest, texts.optional, { type: 'date' })}
          {text('latest', texts.latest, texts.optional, { type: 'date' })}
        </div>
      )}
      {form.kind === 'text' && text('max_length', texts.maxLength, texts.optional, { inputMode: 'numeric' })}
      {check('required', texts.required)}
      {check('at_gate', texts.atGate)}
      {check('archived', texts.archived)}
    </FormDialog>
  );
}
