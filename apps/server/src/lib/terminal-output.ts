import { inspect } from 'node:util';

/**
 * What an organiser command prints (issue 18, point 9). Names, e-mail addresses, bank fields,
 * catalogue texts and error messages come from customers and files; printed raw, an escape
 * sequence in a name redraws the organiser's terminal (a refund of €37.00 showed as €370.00), a
 * bidi override reverses the digits of an IBAN, a tab or newline forges a row, and a cell that
 * starts with `=` runs as a formula in the spreadsheet the tab-separated list is pasted into.
 * So every command prints through this module:
 * - data is shown with its invisible characters made visible (`visible`, the `shown` template
 *   tag), so what the organiser sees is every character the customer sent, and only that;
 * - tab-separated rows go through `tsvRow`: each cell visible, formula-leading cells defused
 *   with an apostrophe, quotes quoted (OWASP's CSV-injection guidance);
 * - the printing functions (`printLine`, `printError`) neutralise everything once more except the
 *   line breaks and tabs of the command's own layout, so a value a command forgot to pass
 *   through `shown` still cannot reach the terminal as a control sequence.
 */

/** Names of the control characters a reader knows. */
const NAMED: Record<string, string> = {
  '\0': '\\0',
  '\x07': '\\a',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\v': '\\v',
  '\f': '\\f',
  '\r': '\\r',
  '\x1b': '\\e',
};

/**
 * Every character that is not text a terminal or a spreadsheet shows as itself: C0 and C1
 * controls and DEL (Cc, with U+009B, the one-byte CSI), format characters (Cf: bidi embeddings,
 * overrides and isolates U+202A-202E and U+2066-2069, marks U+200E/U+200F/U+061C, zero-width
 * U+200B-200D, U+2060-2064, U+FEFF, soft hyphen, interlinear annotations...), line and
 * paragraph separators, lone surrogates, and the blank Hangul fillers, which show as nothing.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0]/gu;
/** The same without line feed and tab: the command's own texts keep their lines and columns. */
const HIDDEN_EXCEPT_LAYOUT = /(?![\n\t])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0]/gu;

function escapeOf(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Any value as text (objects inspected without colours), every hidden character made visible. */
export function visible(value: unknown): string {
  return asText(value).replace(HIDDEN, escapeOf);
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return value.stack ?? value.message;
  if (value !== null && typeof value === 'object') return inspect(value, { colors: false, depth: 4, breakLength: Infinity });
  return String(value);
}

/**
 * A template tag for a command's messages: its own text stays as written, every interpolated
 * value is shown with `visible` (a newline in a name is `\n`, not a new line).
 */
export function shown(strings: TemplateStringsArray, ...values: unknown[]): string {
  return strings.reduce((text, part, index) => text + part + (index < values.length ? visible(values[index]) : ''), '');
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP), full-width forms too. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One cell of a tab-separated row: visible (so it holds no tab, line break or control), with a
 * leading apostrophe when it would start a formula, and in double quotes (inner quotes doubled)
 * when it holds a quote, so a spreadsheet reads it back as the same text.
 */
export function spreadsheetCell(value: unknown): string {
  let cell = visible(value);
  if (FORMULA_START.test(cell)) cell = `'${cell}`;
  return cell.includes('"') ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A tab-separated row of cells. */
export function tsvRow(values: unknown[]): string {
  return values.map(spreadsheetCell).join('\t');
}

/**
 * A whole text as printed: hidden characters made visible except the line breaks and tabs that
 * lay out the command's own text (data in it went through `shown` or `tsvRow`, where they too
 * are made visible).
 */
export function printable(value: unknown): string {
  return asText(value).replace(HIDDEN_EXCEPT_LAYOUT, escapeOf);
}

/** A message (or a row from `tsvRow`) to standard output. */
export function printLine(text: unknown): void {
  process.stdout.write(`${printable(text)}\n`);
}

/** A message, an error or a usage text to standard error. */
export function printError(text: unknown): void {
  process.stderr.write(`${printable(text)}\n`);
}
