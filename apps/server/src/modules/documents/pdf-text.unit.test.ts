import { beforeAll, describe, expect, it } from 'vitest';
import { documentFonts, type DocumentFonts } from './pdf-fonts';
import { layoutParagraph, type Line, printableText } from './pdf-text';

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await documentFonts();
});

const style = { size: 12 };
const reversed = (text: string) => [...text].reverse().join('');
/** A line as it shows from left to right: its pieces by position, each as its face lays it out (fontkit reverses right-to-left scripts). */
const shown = (line: Line) =>
  [...line.pieces]
    .sort((a, b) => a.x - b.x)
    .map((piece) => (piece.face.font.layout(piece.text, []).direction === 'rtl' ? reversed(piece.text) : piece.text))
    .join('');
const visual = (text: string) => layoutParagraph(fonts, text, style, 1000).map(shown);

describe('printable text', () => {
  it('keeps every letter and drops what would break a line, move text or print nothing', () => {
    expect(printableText('Łukasz Żółć-Wąsowski')).toBe('Łukasz Żółć-Wąsowski');
    expect(printableText('Jan\r\nNovák\tjr.\u2028II\u0085III\u000bIV')).toBe('Jan Novák jr. II III IV');
    expect(printableText('\u0007Bell\u001b[2J\u0000\u007f\u0090')).toBe('Bell[2J');
    // Bidirectional overrides, embeddings, isolates and marks, a zero-width space, a soft hyphen, a BOM.
    expect(printableText('\u202eevil\u202c \u2067x\u2069\u200f\u200b\u00ad\ufeffok')).toBe('evil xok');
    // Persian needs its zero-width non-joiner; emoji sequences their joiner.
    expect(printableText('می\u200cخواهم 👩\u200d👩')).toBe('می\u200cخواهم 👩\u200d👩');
    expect(printableText('a\ud800b')).toBe('a\ufffdb');
    // Vowelled Arabic and Vietnamese keep their marks; a pile of them is cut to four.
    expect(printableText('مُحَمَّد Nguyễn')).toBe('مُحَمَّد Nguyễn');
    expect(printableText(`Z${'\u0301'.repeat(50)}algo`)).toBe(`Z${'\u0301'.repeat(4)}algo`);
    expect(printableText('  a   b  ')).toBe('a b');
  });
});

describe('paragraph layout', () => {
  it('prints each character in a face that has it, a run of one script in one face', () => {
    const [line] = layoutParagraph(fonts, "Ольга 李 O'Brien", style, 1000);
    expect(line!.pieces.map((piece) => [piece.text, piece.face.key])).toEqual([
      ['Ольга ', 'NotoSans-Regular'],
      ['李 ', 'DroidSansFallback-Regular'],
      ["O'Brien", 'NotoSans-Regular'],
    ]);
    const bold = layoutParagraph(fonts, 'محمد דוד 김민준', { size: 12, bold: true }, 1000)[0]!;
    expect(bold.pieces.map((piece) => [piece.face.key, piece.face.strokeForBold])).toEqual([
      ['NotoSansArabic-Bold', false],
      ['NotoSansHebrew-Bold', false],
      ['DroidSansFallback-Bold', true],
    ]);
  });

  it('orders right-to-left text by the bidirectional algorithm, line by line', () => {
    // Right-to-left paragraphs: the first word at the right, numbers left to right, brackets mirrored.
    expect(visual('محمد عبد الله')).toEqual([reversed('محمد عبد الله')]);
    expect(visual('القاهرة 1')).toEqual([`1${reversed('القاهرة ')}`]);
    expect(visual('رقم ١٢٣')).toEqual([`١٢٣${reversed('رقم ')}`]);
    expect(visual('محمد (علي)')).toEqual([`(${reversed('علي')})${reversed('محمد ')}`]);
    expect(visual('דוד כהן 李')).toEqual([`李${reversed('דוד כהן ')}`]);
    // Left-to-right paragraphs with a right-to-left part; an Arabic number belongs to the Arabic before it.
    expect(visual('Sara محمد')).toEqual([`Sara ${reversed('محمد')}`]);
    expect(visual('Dubai دبي 1')).toEqual([`Dubai 1${reversed('دبي ')}`]);
    expect(visual('Weekend ticket (דוד כהן)')).toEqual([`Weekend ticket (${reversed('דוד כהן')})`]);
    expect(visual("Ольга 李 O'Brien")).toEqual(["Ольга 李 O'Brien"]);
    // Pieces come in logical order (the order a reader extracts), placed by x.
    const [line] = layoutParagraph(fonts, 'דוד כהן 李', style, 1000);
    expect(line!.pieces.map((piece) => piece.text)).toEqual(['דוד כהן ', '李']);
    expect(line!.pieces[0]!.x).toBeGreaterThan(line!.pieces[1]!.x);
  });

  it('takes a paragraph’s base direction when told (a right-to-left document’s own texts), else from its first letter', () => {
    const inDirection = (text: string, direction: 'ltr' | 'rtl' | 'auto') => layoutParagraph(fonts, text, { ...style, direction }, 1000).map(shown);
    // An Arabic text that starts with a Latin name or code reads from the right in an Arabic document…
    expect(inDirection('NWF-000012 بتاريخ 3', 'rtl')).toEqual([`3${reversed(' بتاريخ ')}NWF-000012`]);
    expect(inDirection('VAT 9% ضريبة', 'rtl')).toEqual([`${reversed('ضريبة')} VAT 9%`]);
    // …and from the left where its first letter says so (a value: a name, an organiser's rate).
    expect(inDirection('VAT 9% ضريبة', 'auto')).toEqual([`VAT 9% ${reversed('ضريبة')}`]);
    // An amount keeps its sign before it, left to right, in any document.
    expect(inDirection('-10.00 €', 'ltr')).toEqual(['-10.00 €']);
    expect(inDirection('محمد', 'ltr')).toEqual([reversed('محمد')]);
  });

  it('wraps within the width at spaces, after hyphens and between ideographs, and right-to-left lines start at the right', () => {
    const width = 90;
    const fits = (lines: Line[]) => lines.every((line) => line.width <= width + 0.01);
    const latin = layoutParagraph(fonts, 'Łukasz Żółć-Wąsowski Dvořák', style, width);
    expect(latin.map(shown)).toEqual(['Łukasz Żółć-', 'Wąsowski', 'Dvořák']);
    expect(fits(latin)).toBe(true);
    const chinese = layoutParagraph(fonts, '李小龍'.repeat(6), style, width);
    expect(chinese.length).toBeGreaterThan(1);
    expect(fits(chinese)).toBe(true);
    expect(chinese.map(shown).join('')).toBe('李小龍'.repeat(6));
    // A no-break space (amounts, dates) holds its two sides together.
    expect(layoutParagraph(fonts, 'Paid in full €\u00a01845.00', style, 80).map(shown)).toEqual(['Paid in full', '€\u00a01845.00']);
    // A word longer than the line is cut between characters.
    const long = layoutParagraph(fonts, 'W'.repeat(60), style, width);
    expect(fits(long)).toBe(true);
    expect(long.map(shown).join('')).toBe('W'.repeat(60));
    // The first words of a right-to-left paragraph fill the first line, read from the right.
    const arabic = layoutParagraph(fonts, 'محمد عبد الله بن علي بن حسن', style, width);
    expect(arabic.length).toBeGreaterThan(1);
    expect(fits(arabic)).toBe(true);
    expect(reversed(shown(arabic[0]!)).trim().startsWith('محمد عبد')).toBe(true);
  });

  it('lays out a hostile string in time that grows with its length, not its square', () => {
    const started = performance.now();
    for (const text of ['W'.repeat(2000), `${'a'.repeat(200)} `.repeat(10), 'محمد '.repeat(400), '李'.repeat(2000)]) layoutParagraph(fonts, text, style, 200);
    // Each is thousands of characters; a quadratic wrap took seconds.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
