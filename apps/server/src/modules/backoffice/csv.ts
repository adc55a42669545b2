/**
 * CSV that spreadsheets open as the data it holds (issue 22 point 7), whoever typed the data:
 *
 * - UTF-8 with a byte-order mark (Excel reads the file as UTF-8 only with it), rows ending in
 *   CRLF, every field in double quotes with inner quotes doubled (RFC 4180), so commas, quotes
 *   and line breaks in names stay inside their cell;
 * - **formula-safe** (OWASP's CSV injection guidance, ASVS 1.2.10): a text cell that a spreadsheet
 *   would read as a formula gets a leading apostrophe: one starting with = + - @ or their
 *   full-width forms (＝ ＋ － ＠), also after leading blanks or invisible format characters (a
 *   right-to-left mark), and one starting with a tab, carriage return, line feed or NUL. A cell
 *   that starts with an apostrophe gets one more, so taking one leading apostrophe off any cell
 *   gives back exactly what was written (`readCsv` + `undefused`). Numbers the shop writes itself
 *   (amounts in minor units, counts) are written as numbers, never defused;
 * - dates in ISO 8601 (UTC), text with lone surrogates made U+FFFD (UTF-8 cannot hold them).
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

export const CSV_BOM = '\uFEFF';
export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

/** What a spreadsheet could take for a formula, and the apostrophe that marks a defused cell. */
const NEEDS_APOSTROPHE = /^(?:['\t\r\n\0]|[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A value as the text of its cell, before quoting: defused when a spreadsheet could run it. */
export function cellText(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  const text = value.replace(LONE_SURROGATE, '\uFFFD');
  return NEEDS_APOSTROPHE.test(text) ? `'${text}` : text;
}

/** One field: its text in double quotes, inner quotes doubled. */
export function csvField(value: CsvValue): string {
  return `"${cellText(value).replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}

/** A whole file: the mark, the header row, the rows, each ending in CRLF. Linear in its cells. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [csvRow(header)];
  for (const row of rows) lines.push(csvRow(row));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/**
 * Reads back a file `csvDocument` wrote (RFC 4180: quoted fields, doubled quotes, CRLF rows; a
 * leading byte-order mark skipped): the cells as written, defused cells still with their
 * apostrophe. Refuses text that is not such a file.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let i = text.startsWith(CSV_BOM) ? 1 : 0;
  let row: string[] = [];
  while (i < text.length) {
    if (text[i] !== '"') throw new Error(`expected a quoted field at ${i}`);
    let field = '';
    let from = i + 1;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) throw new Error(`unclosed field at ${i}`);
      field += text.slice(from, quote);
      if (text[quote + 1] !== '"') {
        i = quote + 1;
        break;
      }
      // A doubled quote is one quote of the text.
      field += '"';
      from = quote + 2;
    }
    row.push(field);
    if (text[i] === ',') i += 1;
    else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) throw new Error(`expected a comma or CRLF at ${i}`);
  }
  if (row.length) rows.push(row);
  return rows;
}

/** A cell's text as it was before it was defused: one leading apostrophe taken off. */
export function undefused(cell: string): string {
  return cell.startsWith("'") ? cell.slice(1) : cell;
}
