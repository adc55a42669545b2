/** The longest subject line the shop sends, in characters (a line a mail client shows whole). */
export const SUBJECT_MAX_LENGTH = 150;
/** The longest display name in a From. */
export const DISPLAY_NAME_MAX_LENGTH = 100;

// Control characters (C0, DEL, C1: CR and LF among them, and the ESC of terminal sequences),
// format characters (bidi overrides and isolates, zero-width joiners and spaces, the BOM, soft
// hyphens), line and paragraph separators, and lone surrogates.
const NOT_SHOWN = /[\p{Cc}\p{Cf}\p{Cs}\u2028\u2029]/gu;

/**
 * A text as it may stand in a header (subject, display name) when customers or organisers wrote
 * part of it: only its own visible text, on one line, never shaping the header beyond it.
 * Characters that are not shown become spaces, runs of white space one space, and an encoded word's
 * opening `=?` is broken (`= ?`) so a mail client cannot decode a name into other text. Longer
 * than `max` characters, it is cut at a character boundary with an ellipsis. Linear in the text.
 */
export function headerText(text: string, max: number): string {
  // What is past four times the room cannot be shown anyway; no work on it.
  const plain = text
    .slice(0, max * 4)
    .replace(NOT_SHOWN, ' ')
    .replace(/\s+/g, ' ')
    .replaceAll('=?', '= ?')
    .trim();
  const characters = Array.from(plain);
  return characters.length <= max ? plain : `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}
