import { describe, expect, it } from 'vitest';
import { printable, shown, spreadsheetCell, tsvRow, visible } from './terminal-output';

/** Characters a terminal acts on or a reader cannot see (issue 18, point 9). */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb]/u;

describe('terminal output', () => {
  it('makes every C0 and C1 control, DEL, bidi, zero-width and format character visible', () => {
    const every = [
      ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
      '\u007f',
      ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
      ...'\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u2028\u2029\ufff9\u115f\u3164',
      '\ud800',
      '\udfff',
    ];
    for (const char of every) {
      const shownChar = visible(`a${char}b`);
      expect(shownChar, JSON.stringify(char)).not.toMatch(CONTROL);
      expect(shownChar.length, JSON.stringify(char)).toBeGreaterThan(3);
      expect(shownChar.startsWith('a') && shownChar.endsWith('b'), JSON.stringify(char)).toBe(true);
    }
    expect(visible('\x1b[2K\r€370.00')).toBe('\\e[2K\\r€370.00');
    expect(visible('\u009b31m\u202eevil\u2069')).toBe('\\x9b31m\\u{202e}evil\\u{2069}');
    expect(visible('tab\there\nnew\0nul\x7f')).toBe('tab\\there\\nnew\\0nul\\x7f');
  });

  it('leaves every other character as it is: accents, scripts, emoji, currency signs', () => {
    for (const text of ['Łukasz Żółć-Wąsowski', 'Dvořák', 'Ελένη', 'Юлия', 'محمد', 'שרה', '山田太郎', '€37.00', 'a 🙂 b', 'NL91 ABNA 0417 1643 00']) {
      expect(visible(text)).toBe(text);
    }
  });

  it('shows objects and errors without colours and without their control characters', () => {
    expect(visible({ name: '\x1b[31mred' })).not.toMatch(CONTROL);
    expect(visible({ name: 'x' })).toBe("{ name: 'x' }");
    const error = new Error('bad \x1b]0;title\x07 name');
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(printable(error)).not.toMatch(/[\x1b\x07]/);
    expect(printable(error)).toContain('\n'); // the stack keeps its lines
  });

  it('keeps a command’s own lines and columns but not those of its data', () => {
    expect(printable('Usage:\n  a\tb\x1b[2J')).toBe('Usage:\n  a\tb\\e[2J');
    expect(shown`Order ${'A\nB'} for ${'x\ty\x1b'}:\n${7}`).toBe('Order A\\nB for x\\ty\\e:\n7');
  });

  it('defuses cells that a spreadsheet would run as a formula, and quotes cells with quotes', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r', '＝', '＋', '－', '＠']) {
      const cell = spreadsheetCell(`${start}1+1`);
      // A formula start gets an apostrophe; a tab or CR is shown as \t or \r, which starts nothing.
      expect(cell, JSON.stringify(cell)).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
      expect(cell.endsWith('1+1'), JSON.stringify(cell)).toBe(true);
    }
    expect(spreadsheetCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(spreadsheetCell('plain')).toBe('plain');
    expect(spreadsheetCell(37)).toBe('37');
    expect(spreadsheetCell('a "b"')).toBe('"a ""b"""');
  });

  it('makes a row of exactly as many cells as values, whatever the values hold', () => {
    const row = tsvRow([1, 'a\tb', 'c\nd', '=x', '\x1b[2K']);
    expect(row.split('\t')).toEqual(['1', 'a\\tb', 'c\\nd', "'=x", '\\e[2K']);
    // eslint-disable-next-line no-control-regex -- control characters are what this looks for
    expect(row).not.toMatch(/[\n\r\x1b]/);
  });
});
