/**
 * A user-facing text of the shop as a value: its message id, its English source (ICU MessageFormat,
 * the spec's words verbatim where the spec gives them) and the values of its placeholders. It is
 * put into words only where a person's language is known (the server's answer, the web page), by
 * a translator for that language (format.ts), so a text can travel from where it is decided (a
 * refusal deep in a service) to where it is shown without being English on the way
 * (docs/decisions/0093).
 *
 * Texts are declared with `message` (no placeholders: the declaration is itself the text) and
 * `messageWith` (a function of its values), each with an object literal `{ id, defaultMessage }`
 * so `npm run i18n` (FormatJS's extractor) reads them from the source.
 */

/**
 * A placeholder's value: a string, a number (formatted in the reader's language), or a list
 * (joined as the language joins them) of strings and texts, each text said in the reader's
 * language first (the fields a required-fields message names).
 */
export type TextValue = string | number | readonly (string | Text)[];
export type TextValues = Readonly<Record<string, TextValue>>;

export interface Text {
  readonly id: string;
  readonly defaultMessage: string;
  readonly values?: TextValues;
}

/** A text with placeholders: called with their values, it gives the text. */
export interface MessageWith<V extends TextValues> {
  (values: V): Text;
  readonly id: string;
  readonly defaultMessage: string;
}

interface Descriptor {
  id: string;
  defaultMessage: string;
}

const declared = new Map<string, Descriptor>();

/**
 * A text is never a string by accident: `${text}` or String(text) throws, where it would have
 * shown "[object Object]" (or English to every reader). Texts are put into words by a translator.
 */
function notAString(this: Text): never {
  throw new Error(`the text ${this.id} was used as a string: put it into words with a translator (format) first`);
}
const wordless = <T extends object>(text: T): T => Object.freeze(Object.defineProperty(text, 'toString', { value: notAString, enumerable: false }));

function declare(descriptor: Descriptor): Descriptor {
  const earlier = declared.get(descriptor.id);
  if (earlier && earlier.defaultMessage !== descriptor.defaultMessage) throw new Error(`message id ${descriptor.id} is declared twice with different texts`);
  declared.set(descriptor.id, descriptor);
  return descriptor;
}

/** A text without placeholders. */
export function message(descriptor: Descriptor): Text {
  return wordless({ ...declare(descriptor) });
}

/** A text with placeholders (`V` names them and their kinds). */
export function messageWith<V extends TextValues>(descriptor: Descriptor): MessageWith<V> {
  const { id, defaultMessage } = declare(descriptor);
  const make = (values: V): Text => wordless({ id, defaultMessage, values });
  return Object.assign(make, { id, defaultMessage }) as MessageWith<V>;
}

/** Every declared message, by id (the catalogue tests compare the language files with it). */
export function declaredMessages(): ReadonlyMap<string, Descriptor> {
  return declared;
}

/** Whether a value is a Text (rather than a plain string). */
export const isText = (value: unknown): value is Text =>
  typeof value === 'object' && value !== null && typeof (value as Text).id === 'string' && typeof (value as Text).defaultMessage === 'string';

const issueTexts = new Map<string, Text>();

/**
 * A text as a zod issue's message, which must be a string: a key (the message id, with its values
 * when it has some) that `textOfIssueMessage` turns back into the text. So a schema's refusal is
 * put into words in the reader's language like every other text, on the server and in the page.
 */
export function issueMessage(text: Text): string {
  const key = text.values ? `${text.id} ${JSON.stringify(text.values)}` : text.id;
  if (!issueTexts.has(key)) issueTexts.set(key, text);
  return key;
}

/** The text behind a zod issue's message (`issueMessage`), or undefined for a message no text made. */
export function textOfIssueMessage(messageKey: string): Text | undefined {
  return issueTexts.get(messageKey) ?? declared.get(messageKey);
}

/**
 * What a screen or an answer shows: a text, or a plain string that is not (yet) a message of the
 * catalogues: an organiser's own text, a name, or a text of a surface still to be moved into them.
 */
export type Shown = Text | string;
