/**
 * The ticket holder rules of spec section 5 ("Personalise ticket", checked in this order),
 * shared by the personalise modal and the server's cart calls so both refuse the same input with
 * the same text. Zod-free: the web app's modal imports it.
 */
import { isValidEmail } from './mailbox';
import type { Text } from './i18n/text';
import { messages } from './messages';

/** The holder details of a cart product as typed (all text in the form). */
export interface HolderInput {
  full_name?: string | null;
  email?: string | null;
  age?: string | null;
  transport_time_id?: number | string | null;
}

export type HolderField = 'full_name' | 'email' | 'age' | 'transport_time_id';

export interface HolderRules {
  /** The product's name, for the duplicate-holder text. */
  productName: string;
  /** An entry ticket whose event has age ranges active, with age options to choose from. */
  needsAge: boolean;
  /** Transport with a selectable travel time. */
  needsTravelTime: boolean;
  /** Holder names on the cart's other lines of the same product. */
  otherHolders: readonly (string | null)[];
}

export interface HolderError {
  field: HolderField;
  message: Text;
}

/** Names compare without regard to case or extra spaces: "Jane  Doe" is "jane doe". */
export function sameHolderName(a: string, b: string): boolean {
  const normal = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return normal(a) === normal(b);
}

const blank = (value: string | number | null | undefined) => value === null || value === undefined || String(value).trim() === '';

/** The first rule the input breaks, in the spec's order, or null when it keeps them all. */
export function holderError(input: HolderInput, rules: HolderRules): HolderError | null {
  const texts = messages.personalise;
  const fullName = input.full_name?.trim() ?? '';
  const email = input.email?.trim() ?? '';
  if (!fullName) return { field: 'full_name', message: texts.fullNameRequired };
  if (!email) return { field: 'email', message: texts.emailRequired };
  // Spec section 5 asks for non-space text, @, text, dot, text, never mailto:; the shop's one
  // address rule (mailbox.ts) is that and stricter: exactly one bare mailbox.
  if (!isValidEmail(email)) return { field: 'email', message: texts.emailInvalid };
  if (rules.needsAge && blank(input.age)) return { field: 'age', message: texts.ageRequired };
  if (rules.needsTravelTime && blank(input.transport_time_id)) return { field: 'transport_time_id', message: texts.travelTimeRequired };
  if (rules.otherHolders.some((other) => other !== null && sameHolderName(other, fullName))) {
    return { field: 'full_name', message: texts.duplicateHolder(rules.productName, fullName) };
  }
  return null;
}

/** Product types of spec section 3: entry tickets, transport, and every other type an add-on. */
export const ENTRY_TICKET_TYPE = 'ticket';
export const TRANSPORT_TYPE = 'transport';
export function isAddOnType(type: string): boolean {
  return type !== ENTRY_TICKET_TYPE && type !== TRANSPORT_TYPE;
}
