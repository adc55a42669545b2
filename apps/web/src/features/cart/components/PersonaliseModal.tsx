import { holderError, messages, shopFrontMessages, type HolderField } from '@festival/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dropdown, type DropdownOption } from '../../../components/ui/Dropdown';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { Modal } from '../../../components/ui/Modal';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, refusalText } from '../../../lib/api-client';
import { useFormat } from '../../../lib/use-format';
import { useLanguage } from '../../../lib/language';
import {
  answersFormOf,
  answersInput,
  holderInput,
  holderRulesFor,
  refusedQuestion,
  ticketQuestionsOf,
  travelTimeChangesOpen,
  type AnswersForm,
  type HolderFields,
  type PassengerForm,
  type PersonaliseProduct,
} from '../personalise';
import './personalise.css';
import { say } from '../../../lib/say';
import { cartTexts } from '../cart.messages';
import { QuestionField } from '../../../components/ui/QuestionField';

const texts = cartTexts.personaliseModal;

export interface PersonaliseModalProps {
  product: PersonaliseProduct;
  /** The values the fields start with each time the modal opens. */
  defaults: PassengerForm;
  /** Age ranges to choose from; none means the product asks for no age. */
  ageOptions: readonly string[];
  /** Holder names of the cart's other lines of this product (the duplicate rule). */
  otherHolders: readonly (string | null)[];
  /** When the modal was opened: whether the travel time can still be changed is judged against it. */
  openedAt: number;
  /** The travel time the line holds now: its own seat keeps it selectable even when the others are gone. */
  heldTravelTimeId?: number | null;
  /** The answers the line holds now (re-personalising), by question code; the fields start with them. */
  defaultAnswers?: Readonly<Record<string, unknown>> | undefined;
  /** Sends the holder details; a rejection shows its message in the modal, which stays open. */
  onSubmit: (holder: HolderFields) => Promise<unknown>;
  onCancel: () => void;
}

const FIELD_IDS: Record<HolderField, string> = {
  full_name: 'personalise-full-name',
  email: 'personalise-email',
  age: 'personalise-age',
  transport_time_id: 'personalise-travel-time',
};

/** The id of the field of a per-ticket question (decision 0106). */
const answerFieldId = (code: string) => `personalise-answer-${code}`;

/** The field a server refusal names first, when it names one: a holder field, or a question's (`answers.<code>`). */
function refusedField(error: unknown): Invalid {
  if (!(error instanceof ApiError) || !error.body?.errors) return null;
  const field = Object.keys(error.body.errors)[0];
  const question = refusedQuestion(field);
  if (question !== null) return { answer: question };
  return field && field in FIELD_IDS ? (field as HolderField) : null;
}

/** The field marked invalid: a holder field, or a question by its code. */
type Invalid = HolderField | { answer: string } | null;
const fieldIdOf = (field: Exclude<Invalid, null>) => (typeof field === 'string' ? FIELD_IDS[field] : answerFieldId(field.answer));

/**
 * The personalise ticket modal of spec section 2, mounted while it is open: product name, full
 * name, e-mail, age range (entry tickets of events with age ranges) and travel time (selectable
 * transport), with Cancel and Confirm. Opening clears the form error, fills the fields from the
 * defaults and focuses the full name; the rules of spec section 5 are checked in their order
 * (holderError, the same function the server runs) before anything is sent.
 */
export function PersonaliseModal({ product, defaults, ageOptions, otherHolders, openedAt, heldTravelTimeId = null, defaultAnswers, onSubmit, onCancel }: PersonaliseModalProps) {
  const format = useFormat();
  const language = useLanguage();
  const [questions] = useState(() => ticketQuestionsOf(product.questions));
  const [form, setForm] = useState<PassengerForm>(defaults);
  const [answers, setAnswers] = useState<AnswersForm>(() => answersFormOf(questions, defaultAnswers));
  const [invalid, setInvalid] = useState<Invalid>(null);
  /** The text of each question refused, shown at its field. */
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const fullNameRef = useRef<HTMLInputElement>(null);
  // A refusal that arrives after Cancel has nowhere to show and must not linger as the page's error.
  const mounted = useRef(true);
  const rules = holderRulesFor(product, ageOptions, otherHolders);
  const isTransport = product.travel_time_type !== null;

  // Spec section 2: opening clears any error; closing leaves none behind on the page.
  useEffect(() => {
    mounted.current = true;
    formErrorStore.clear();
    return () => {
      mounted.current = false;
      formErrorStore.clear();
    };
  }, []);

  // The Confirm button is disabled while its call runs, which takes keyboard focus out of the
  // dialog (and with it Escape); when the call is refused, focus returns to the button.
  useEffect(() => {
    if (busy) return;
    const dialog = document.getElementById('personalise-modal');
    if (dialog && !dialog.contains(document.activeElement)) document.getElementById('personalise-confirm')?.focus();
  }, [busy]);

  const change = (field: keyof PassengerForm) => (value: string) => setForm((current) => ({ ...current, [field]: value }));

  const showError = (field: Invalid, message: string) => {
    setInvalid(field);
    formErrorStore.set(message);
    if (field) document.getElementById(fieldIdOf(field))?.focus();
  };
  const isInvalid = (code: string) => (invalid !== null && typeof invalid === 'object' && invalid.answer === code) || code in answerErrors;
  const answer = (code: string, value: string | string[]) => setAnswers((current) => ({ ...current, [code]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const holder = holderInput(form, rules);
    const error = holderError(holder, rules);
    if (error) {
      showError(error.field, say(error.message));
      return;
    }
    // The questions after the holder's fields, by the contract's rule (the server runs the same).
    const checked = answersInput(questions, answers, language);
    setAnswerErrors(Object.fromEntries(checked.problems.map((problem) => [problem.code, say(problem.message)])));
    const first = checked.problems[0];
    if (first) {
      showError({ answer: first.code }, say(first.message));
      return;
    }
    setInvalid(null);
    formErrorStore.clear();
    setBusy(true);
    try {
      await onSubmit(checked.answers ? { ...holder, answers: checked.answers } : holder);
    } catch (refusal) {
      // A refusal's reason shows here, at its field; a real failure (no answer, a 5xx) is told
      // once, by the caller's toast ('Could not add item to cart.', 'Could not update item details.').
      const reason = refusalText(refusal);
      if (!mounted.current) return;
      if (reason === null) formErrorStore.clear();
      else {
        const field = refusedField(refusal);
        if (field !== null && typeof field === 'object') setAnswerErrors({ [field.answer]: reason });
        showError(field, reason);
      }
    } finally {
      setBusy(false);
    }
  };

  const travelTimes: DropdownOption[] = product.travel_times.map((option) => {
    const soldOut = option.remaining !== null && option.remaining <= 0;
    const seats = option.remaining === null ? '' : soldOut ? ` (${say(shopFrontMessages.soldOut)})` : ` (${say(texts.seatsLeft({ count: format.number(option.remaining) }))})`;
    return {
      value: String(option.id),
      label: `${format.date(option.travel_time, product.timezone, 'dayDateTime')}${seats}`,
      disabled: soldOut && option.id !== heldTravelTimeId,
    };
  });
  const changesUntil = product.allow_travel_time_changes_until;

  return (
    <Modal
      open
      id="personalise-modal"
      title={say(texts.title)}
      onClose={onCancel}
      initialFocusRef={fullNameRef}
      footer={
        <>
          <Button id="personalise-cancel" variant="secondary" onClick={onCancel}>
            {say(messages.ui.cancel)}
          </Button>
          <Button id="personalise-confirm" type="submit" form="personalise-form" loading={busy}>
            {say(messages.ui.confirm)}
          </Button>
        </>
      }
    >
      <form id="personalise-form" className="personalise" noValidate onSubmit={(event) => void submit(event)}>
        <p className="personalise__product" id="personalise-product">
          {product.name}
        </p>
        <FormError id="personalise-error" />
        <TextField
          id={FIELD_IDS.full_name}
          ref={fullNameRef}
          label={say(texts.fullName)}
          required
          autoComplete="name"
          value={form.fullName}
          onChange={change('fullName')}
          hint={say(messages.cart.nameAsOnId)}
          aria-invalid={invalid === 'full_name' || undefined}
        />
        <TextField
          id={FIELD_IDS.email}
          type="email"
          label={say(texts.email)}
          required
          autoComplete="email"
          value={form.email}
          onChange={change('email')}
          aria-invalid={invalid === 'email' || undefined}
        />
        {rules.needsAge && (
          <Dropdown
            id={FIELD_IDS.age}
            label={say(texts.ageRange)}
            required
            placeholder={say(texts.chooseAgeRange)}
            options={ageOptions.map((age) => ({ value: age, label: age }))}
            value={form.age}
            onChange={change('age')}
            aria-invalid={invalid === 'age' || undefined}
          />
        )}
        {rules.needsTravelTime && (
          <Dropdown
            id={FIELD_IDS.transport_time_id}
            label={say(texts.travelTime)}
            required
            placeholder={say(texts.chooseTravelTime)}
            options={travelTimes}
            value={form.transportTimeId}
            onChange={change('transportTimeId')}
            aria-invalid={invalid === 'transport_time_id' || undefined}
          />
        )}
        {questions.map((question) => (
          <QuestionField
            key={question.code}
            id={answerFieldId(question.code)}
            question={question}
            language={language}
            value={answers[question.code] ?? ''}
            onChange={(value) => answer(question.code, value)}
            invalid={isInvalid(question.code)}
            error={answerErrors[question.code]}
          />
        ))}
        {isTransport && (
          <ul className="personalise__notes" id="personalise-notes">
            <li>{say(messages.cart.meetingPoint)}</li>
            {changesUntil && travelTimeChangesOpen(product, openedAt) && (
              <li>{say(messages.cart.travelTimeChangesUntil(format.date(changesUntil, product.timezone, 'dateTime')))}</li>
            )}
          </ul>
        )}
      </form>
    </Modal>
  );
}
