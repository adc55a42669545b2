import {
  checkAnswers,
  ENTRY_TICKET_TYPE,
  sameHolderName,
  type CartProduct,
  type ClientConfig,
  type Customer,
  type AnswerProblem,
  type Answers,
  type HolderRules,
  type QuestionDefinition,
  type ShopItem,
} from '@festival/contract';
import type { AnswersForm } from '../../components/ui/question-field';

export { answersFormOf, type AnswerFormValue, type AnswersForm } from '../../components/ui/question-field';

/** What the personalise modal needs of a product: a shop item when adding, a cart line's product when editing. */
export type PersonaliseProduct = Pick<
  ShopItem,
  'id' | 'name' | 'type' | 'event_id' | 'timezone' | 'travel_times' | 'travel_time_type' | 'allow_travel_time_changes_until' | 'questions'
>;

/** The passenger form of spec section 3: every field is text while it is typed. */
export interface PassengerForm {
  fullName: string;
  email: string;
  age: string;
  transportTimeId: string;
}

export const EMPTY_PASSENGER_FORM: PassengerForm = { fullName: '', email: '', age: '', transportTimeId: '' };

/**
 * The age options of a product (spec section 5): the configured age ranges for an entry ticket
 * whose event has age ranges active; none for anything else. No options means no age field.
 */
export function ageOptionsFor(product: Pick<PersonaliseProduct, 'type' | 'event_id'>, config: Pick<ClientConfig, 'ageRanges' | 'events'>): readonly string[] {
  if (product.type !== ENTRY_TICKET_TYPE || product.event_id === null) return [];
  return config.events[String(product.event_id)]?.ageRangeActive ? config.ageRanges : [];
}

/** Holder names on the cart's other lines of the same product (the duplicate rule); `exceptLineId` is the line being edited. */
export function otherHoldersOf(productId: number, lines: readonly CartProduct[], exceptLineId?: number): (string | null)[] {
  return lines.filter((line) => line.product.id === productId && line.id !== exceptLineId).map((line) => line.full_name);
}

/** The rules of spec section 5 for this product, as holderError takes them (the server uses the same function). */
export function holderRulesFor(product: PersonaliseProduct, ageOptions: readonly string[], otherHolders: readonly (string | null)[]): HolderRules {
  return {
    productName: product.name,
    needsAge: ageOptions.length > 0,
    needsTravelTime: product.travel_time_type === 'selectable',
    otherHolders,
  };
}

/**
 * Defaults when adding a ticket (spec section 3 leaves them open; docs/decisions/0012): a
 * logged-in customer who has no line of this product in their own name yet gets their name and
 * e-mail filled in, as the first ticket is usually their own; anyone else starts empty.
 */
export function defaultsForAdding(productId: number, lines: readonly CartProduct[], customer: Pick<Customer, 'full_name' | 'email'> | null): PassengerForm {
  if (!customer) return EMPTY_PASSENGER_FORM;
  const ownLine = lines.some((line) => line.product.id === productId && line.full_name !== null && sameHolderName(line.full_name, customer.full_name));
  return ownLine ? EMPTY_PASSENGER_FORM : { ...EMPTY_PASSENGER_FORM, fullName: customer.full_name, email: customer.email };
}

/** Defaults of the cart's Personalise button: the line as it is. */
export function defaultsOfLine(line: CartProduct): PassengerForm {
  return {
    fullName: line.full_name ?? '',
    email: line.email ?? '',
    age: line.age ?? '',
    transportTimeId: line.transport_time_id === null ? '' : String(line.transport_time_id),
  };
}

/** The holder fields of the cart calls, with the answers to the product's per-ticket questions where it asks some (decision 0106). */
export interface HolderFields {
  full_name: string;
  email: string;
  age: string | null;
  transport_time_id: number | null;
  answers?: Answers;
}

/** The form as the holder rules and the cart calls take it: fields the product does not ask for are sent as null. */
export function holderInput(form: PassengerForm, rules: Pick<HolderRules, 'needsAge' | 'needsTravelTime'>): HolderFields {
  return {
    full_name: form.fullName.trim(),
    email: form.email.trim(),
    age: rules.needsAge && form.age ? form.age : null,
    transport_time_id: rules.needsTravelTime && form.transportTimeId ? Number(form.transportTimeId) : null,
  };
}

/** The travel-time change note shows while changes are still allowed (spec section 2). */
export function travelTimeChangesOpen(product: Pick<PersonaliseProduct, 'travel_time_type' | 'allow_travel_time_changes_until'>, now: number): boolean {
  const until = product.allow_travel_time_changes_until;
  return product.travel_time_type !== null && until !== null && Date.parse(until) > now;
}

/**
 * The questions the personalise modal asks (decision 0106): the product's per-ticket ones, in the
 * order asked. A cart line's product does not carry its questions; the caller passes the shop
 * item's (`questions`) where it has it.
 */
export function ticketQuestionsOf(questions: readonly QuestionDefinition[] | undefined): QuestionDefinition[] {
  return (questions ?? []).filter((question) => question.per === 'ticket' && !question.archived);
}

/**
 * The answers as the cart calls take them, checked by the contract's rule (the server runs the
 * same one): the answers kept (text trimmed, "42" a number, "yes" true, blanks left out) and the
 * problems by question code, in the order asked. No questions: no answers sent.
 */
export function answersInput(questions: readonly QuestionDefinition[], form: AnswersForm, language: string): { answers: Answers | undefined; problems: AnswerProblem[] } {
  if (!questions.length) return { answers: undefined, problems: [] };
  return checkAnswers(questions, form, language);
}

/** The code of the question a server refusal names (`answers.<code>`), when it names one. */
export function refusedQuestion(field: string | undefined): string | null {
  return field?.startsWith('answers.') ? field.slice('answers.'.length) : null;
}
