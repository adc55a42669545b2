/**
 * The one rule for an e-mail address the shop accepts, on both ends (decision 0029): exactly one
 * mailbox as a bare addr-spec. Zod-free and small: the web app's forms import it.
 *
 * - local part: a dot-atom of at most 64 ASCII characters: letters, digits and
 *   # $ & ' * + - / = ^ _ ` { | } ~ (RFC 5322 atext without `%` and `!`, which old relays read as
 *   routing to another host, and without `?`, so no encoded word `=?…?=` fits);
 * - `@`, once;
 * - domain: at least two dot-separated labels of 1-63 letters, digits and inner hyphens, letters
 *   of any script allowed (IDN); the last label not all digits; no address literals;
 * - at most 254 characters in all.
 *
 * So no display names, lists, angle brackets, comments, quoted strings, whitespace or control
 * characters: whatever a mail library would read as more than one address, or as a name, is
 * refused. One pass over the text, no backtracking: linear in its length, and the length is
 * checked first.
 */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
const LABEL_MAX_LENGTH = 63;

const LOCAL_SPECIALS = "#$&'*+-/=^_`{|}~";
const isAsciiAlnum = (char: string) => (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || (char >= '0' && char <= '9');
/** A letter, mark or digit of any script: what an internationalised domain label holds besides ASCII. */
const IDN_CHARACTER = /^[\p{L}\p{M}\p{Nd}]$/u;

function isDotAtom(text: string, allowed: (char: string) => boolean): boolean {
  if (!text || text.startsWith('.') || text.endsWith('.') || text.includes('..')) return false;
  for (const char of text) if (char !== '.' && !allowed(char)) return false;
  return true;
}

function isDomain(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const label of labels) {
    if (!label || label.length > LABEL_MAX_LENGTH || label.startsWith('-') || label.endsWith('-')) return false;
    for (const char of label) {
      if (!(isAsciiAlnum(char) || char === '-' || (char > '\u007f' && IDN_CHARACTER.test(char)))) return false;
    }
  }
  return !/^\d+$/.test(labels[labels.length - 1]!);
}

/** Whether the text is exactly one mailbox by the rule above (no trimming: callers trim first). */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  return local.length <= EMAIL_LOCAL_MAX_LENGTH && isDotAtom(local, (char) => isAsciiAlnum(char) || LOCAL_SPECIALS.includes(char)) && isDomain(value.slice(at + 1));
}
