import { z } from 'zod';
import { issueMessage, textOfIssueMessage, type Text } from './i18n/text';
import { messages } from './messages';

const { fields } = messages;

const TYPE_TEXTS: Record<string, Text> = {
  string: fields.notText,
  number: fields.notNumber,
  int: fields.notWholeNumber,
  bigint: fields.notWholeNumber,
  boolean: fields.notTrueOrFalse,
  object: fields.notGroup,
  record: fields.notGroup,
  array: fields.notList,
};

/**
 * The text of a payload problem no schema names a message for, as a plain sentence for whoever
 * reads the `errors` of a 422 (zod's own texts, such as "Invalid input: expected string, received
 * undefined", are for developers). A message a schema gives always wins over these.
 */
export function fieldErrorText(issue: z.core.$ZodRawIssue): Text {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return fields.required;
      return TYPE_TEXTS[issue.expected] ?? fields.invalid;
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return fields.tooLong(maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return fields.tooMany(maximum);
      return fields.tooHigh(maximum);
    }
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') return minimum <= 1 ? fields.required : fields.tooShort(minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return fields.required;
      return issue.inclusive === false ? fields.notAbove(minimum) : fields.tooLow(minimum);
    }
    case 'invalid_format':
      return fields.badFormat;
    case 'invalid_value':
      return fields.notAllowed;
    default:
      return fields.invalid;
  }
}

z.config({ customError: (issue) => issueMessage(fieldErrorText(issue)) });

/**
 * What a zod issue says, as a text to put into words in the reader's language: the text a schema
 * or `fieldErrorText` gave it (`issueMessage`). A schema that gives a plain string (none of the
 * shop's should) has it said as it is.
 */
export const issueText = (issue: { message: string }): Text | string => textOfIssueMessage(issue.message) ?? issue.message;

/** Whether a text holds the NUL character (U+0000), which no text of the shop can hold. */
export const holdsNullCharacter = (text: string): boolean => text.includes('\u0000');

/**
 * Where a payload holds the NUL character (U+0000), as dotted field paths. No text of the shop
 * can hold it (PostgreSQL's text type refuses it), so such a payload is refused as a whole before
 * its schema is read; `_` names a payload that is itself such a text.
 */
export function nullCharacterFields(payload: unknown): Record<string, Text[]> {
  const errors: Record<string, Text[]> = {};
  const visit = (value: unknown, path: string[], depth: number) => {
    if (typeof value === 'string') {
      if (holdsNullCharacter(value)) errors[path.length ? path.join('.') : '_'] = [fields.nullCharacter];
    } else if (value && typeof value === 'object' && depth < 20) {
      for (const [key, inner] of Object.entries(value)) {
        if (holdsNullCharacter(key)) errors[[...path, key.replaceAll('\u0000', '')].join('.')] = [fields.nullCharacter];
        visit(inner, [...path, key], depth + 1);
      }
    }
  };
  visit(payload, [], 0);
  return errors;
}
