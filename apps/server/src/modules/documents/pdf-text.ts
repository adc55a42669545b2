import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { documentFonts, type DocumentFonts, type Face } from './pdf-fonts';

/**
 * Text on ticket and invoice PDFs (decision 0028). Everything a PDF prints (customers' names and
 * addresses, catalogue names, the shop's texts, fixed labels) goes through this one path:
 * control characters out, each character in a face that has it, right-to-left runs ordered by the
 * Unicode bidirectional algorithm and shaped by the face's OpenType tables, lines wrapped here.
 */

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** Characters that end a line or paragraph: a text is one paragraph, so each becomes a space. */
const BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029\t]/g;
/** The remaining C0 and C1 controls and DEL: terminal escapes, bells, NUL… print nothing. */
const CONTROLS = /\p{Cc}/gu;
/**
 * Invisible format characters, the bidirectional embeddings, overrides, isolates and marks among
 * them: a customer's text may not reorder what it prints (a name's direction comes from its
 * letters). The zero-width non-joiner and joiner stay: Persian and Indic spellings need them.
 */
const FORMATS = /[^\P{Cf}\u200c\u200d]/gu;
/** Half of a surrogate pair, alone: not a character at all. */
const LONE_SURROGATE = /\p{Cs}/gu;
/** Combining marks a cluster keeps: enough for Vietnamese, pointed Hebrew and vowelled Arabic; more only stacks over the lines around. */
const MARKS_PER_CLUSTER = 4;

/** The text as a PDF prints it: one line of printable characters. */
export function printableText(value: string): string {
  const text = value.replace(BREAKS, ' ').replace(CONTROLS, '').replace(FORMATS, '').replace(LONE_SURROGATE, '\ufffd');
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    const marks = segment.match(/\p{M}/gu);
    out += marks && marks.length > MARKS_PER_CLUSTER ? capMarks(segment) : segment;
  }
  return out.replace(/ {2,}/g, ' ').trim();
}

function capMarks(cluster: string): string {
  let kept = 0;
  return [...cluster].filter((char) => !/\p{M}/u.test(char) || (kept += 1) <= MARKS_PER_CLUSTER).join('');
}

/** Which way a document is laid out: its texts start at the left (ltr) or the right (rtl) margin. */
export type Direction = 'ltr' | 'rtl';

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
  /** Where the lines sit in their box: at its start (the document's reading side, the default), its end, or centred. */
  align?: 'start' | 'center' | 'end';
  /**
   * The paragraph's base direction (rule P3 of the bidirectional algorithm): `auto` takes it from
   * the first strong letter (a name, an address: a value of its own); by default the document's
   * (its own texts in its language), and `auto` in a left-to-right document, as ever.
   */
  direction?: Direction | 'auto';
}

/** A run of one face and one direction, as drawn: text in the order the face lays out, x from the line's start. */
export interface Piece {
  face: Face;
  text: string;
  x: number;
  width: number;
  rtl: boolean;
}

export interface Line {
  width: number;
  /** In logical order (the order a reader extracts them in); their x places them visually. */
  pieces: Piece[];
}

interface Cluster {
  text: string;
  level: number;
  family: number;
  space: boolean;
}

const COMMON = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;
/** Scripts written without spaces between words: a line may break between any two of their characters. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LETTER = /\p{L}/u;
/** Spaces a line may break at: not the no-break ones (U+00A0, U+2007, U+202F) that amounts and dates put between a number and its unit. */
const BREAKING_SPACE = /^[^\S\u00a0\u2007\u202f]+$/u;

/**
 * Lays one paragraph out in lines of at most `width` points: wraps at spaces, after a hyphen
 * between letters and between ideographs (a word longer than a line is cut between characters),
 * then orders each line by the bidirectional algorithm (rule L2 per line, as it asks).
 */
export function layoutParagraph(fonts: DocumentFonts, value: string, style: TextStyle, width: number): Line[] {
  const text = printableText(value);
  if (!text) return [];
  const { families } = fonts;
  const embedding = bidi.getEmbeddingLevels(text, style.direction ?? 'auto');
  const clusters: Cluster[] = [];
  let previous = -1;
  for (const { segment, index } of graphemes.segment(text)) {
    const codePoints = [...segment].map((char) => char.codePointAt(0)!);
    const covers = (family: number) => codePoints.every((codePoint) => families[family]!.regular.font.hasGlyphForCodePoint(codePoint));
    // Spaces, digits and punctuation stay in the face of the text around them where it has them,
    // so that a run is not cut (Arabic and CJK faces have their own spaces and punctuation).
    let family = previous >= 0 && COMMON.test(segment) && covers(previous) ? previous : families.findIndex((_, candidate) => covers(candidate));
    if (family < 0) family = Math.max(0, families.findIndex((candidate) => candidate.regular.font.hasGlyphForCodePoint(codePoints[0]!)));
    clusters.push({ text: segment, level: embedding.levels[index]!, family, space: BREAKING_SPACE.test(segment) });
    previous = family;
  }
  const paragraphLevel = embedding.paragraphs[0]?.level ?? 0;
  const face = (family: number) => (style.bold ? families[family]!.bold : families[family]!.regular);
  const scale = (target: Face) => style.size / target.font.unitsPerEm;
  const measure = (target: Face, run: string) => shape(target, run).advance * scale(target);
  /** Width of clusters [start, end) in logical order, each same-face stretch shaped as one run. */
  const widthOf = (start: number, end: number) => {
    let total = 0;
    for (let from = start; from < end; ) {
      let to = from + 1;
      while (to < end && clusters[to]!.family === clusters[from]!.family) to += 1;
      total += measure(face(clusters[from]!.family), clusters.slice(from, to).map((cluster) => cluster.text).join(''));
      from = to;
    }
    return total;
  };

  // Most texts fit on their line: one measure of the whole, no words.
  if (widthOf(0, clusters.length) <= width) return [orderLine(clusters, 0, paragraphLevel, face, scale)];

  // Words: a word ends after its trailing spaces, after a hyphen between letters, or next to an ideograph.
  const words: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < clusters.length; i += 1) {
    const here = clusters[i]!;
    const next = clusters[i + 1];
    const breakAfter =
      !next ||
      (here.space && !next.space) ||
      (!here.space && !next.space && (IDEOGRAPHIC.test(here.text) || IDEOGRAPHIC.test(next.text))) ||
      (/^[-\u2010]$/.test(here.text) && i > 0 && LETTER.test(clusters[i - 1]!.text) && LETTER.test(next.text));
    if (breakAfter) {
      words.push([start, i + 1]);
      start = i + 1;
    }
  }
  const withoutTrailingSpace = (from: number, to: number) => {
    while (to > from && clusters[to - 1]!.space) to -= 1;
    return to;
  };
  // Greedy lines, each word measured once (shaping stops at spaces anyway), so that the work
  // grows with the text and not with its square: a hostile 200-character name costs no more.
  const ranges: [number, number][] = [];
  let line: [number, number] | null = null;
  let lineWidth = 0;
  for (const [from, to] of words) {
    const bare = widthOf(from, withoutTrailingSpace(from, to));
    if (line && lineWidth + bare <= width) {
      line[1] = to;
      lineWidth += widthOf(from, to);
      continue;
    }
    if (line) ranges.push(line);
    line = [from, to];
    lineWidth = widthOf(from, to);
    if (bare <= width) continue;
    // A word wider than the line on its own is cut between clusters.
    let used = 0;
    for (let i = from; i < to; i += 1) {
      const cluster = measure(face(clusters[i]!.family), clusters[i]!.text);
      if (used + cluster > width && i > line[0] && !clusters[i]!.space) {
        ranges.push([line[0], i]);
        line = [i, to];
        used = 0;
      }
      used += cluster;
    }
    lineWidth = used;
  }
  if (line) ranges.push(line);

  return ranges.map(([from, to]) => orderLine(clusters.slice(from, withoutTrailingSpace(from, to)), from, paragraphLevel, face, scale));
}

/**
 * One line in visual order (rules L2 and L4 of the bidirectional algorithm), cut into pieces of
 * one face and one direction. fontkit reverses a run whose script is right-to-left, so a
 * right-to-left piece goes to it in logical order, mirrored, and is shaped there with its joining
 * forms; a piece whose direction fontkit would not guess (right-to-left punctuation alone,
 * Arabic-Indic digits inside a left-to-right number) is handed over already reversed.
 */
function orderLine(line: Cluster[], offset: number, paragraphLevel: number, face: (family: number) => Face, scale: (face: Face) => number): Line {
  const order = line.map((_, index) => index);
  const highest = Math.max(paragraphLevel, ...line.map((cluster) => cluster.level));
  const lowestOdd = Math.min(...[paragraphLevel, ...line.map((cluster) => cluster.level)].map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < order.length; ) {
      if (line[order[i]!]!.level < level) {
        i += 1;
        continue;
      }
      let j = i;
      while (j < order.length && line[order[j]!]!.level >= level) j += 1;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  const pieces: (Piece & { first: number })[] = [];
  let x = 0;
  for (let i = 0; i < order.length; ) {
    const head = line[order[i]!]!;
    const rtl = head.level % 2 === 1;
    let j = i + 1;
    while (j < order.length && line[order[j]!]!.family === head.family && line[order[j]!]!.level === head.level && order[j]! === order[j - 1]! + (rtl ? -1 : 1)) j += 1;
    const logical = order.slice(i, j).sort((a, b) => a - b);
    const texts = logical.map((index) => (rtl ? mirrored(line[index]!.text) : line[index]!.text));
    const target = face(head.family);
    const shaped = shape(target, texts.join(''));
    const text = (shaped.rtl === rtl ? texts : texts.reverse()).join('');
    const width = shaped.advance * scale(target);
    pieces.push({ face: target, text, x, width, rtl, first: offset + logical[0]! });
    x += width;
    i = j;
  }
  pieces.sort((a, b) => a.first - b.first);
  return { width: x, pieces: pieces.map(({ first: _first, ...piece }) => piece) };
}

/**
 * A run's advance (in font units) and the direction fontkit lays it out in. Shaping is most of the
 * work of a PDF's text, and the same labels, dates and names come back document after document:
 * the last few thousand runs are kept (a few hundred kilobytes at most).
 */
const shapes = new Map<string, { advance: number; rtl: boolean }>();
const SHAPES_KEPT = 4000;
function shape(face: Face, run: string): { advance: number; rtl: boolean } {
  const key = `${face.key}\u0000${run}`;
  let found = shapes.get(key);
  if (found) return found;
  const glyphs = face.font.layout(run, []);
  found = { advance: glyphs.advanceWidth, rtl: glyphs.direction === 'rtl' };
  if (shapes.size >= SHAPES_KEPT) shapes.delete(shapes.keys().next().value!);
  shapes.set(key, found);
  return found;
}

function mirrored(cluster: string): string {
  return cluster.length === 1 ? (bidi.getMirroredCharacter(cluster) ?? cluster) : cluster;
}

/** Draws and measures text on one document. */
export interface PdfWriter {
  doc: PDFKit.PDFDocument;
  /** The document's direction: in a right-to-left one, every box is mirrored (x counts from the right edge) and lines start at the right. */
  direction: Direction;
  /**
   * Prints one paragraph from (x, y), wrapped within `width` (by default from doc.x and doc.y to
   * the end margin), on further pages when it runs past the bottom margin. Leaves doc.x at x and
   * doc.y under the last line, the current font at the style's size (so moveDown keeps working).
   * x counts from the document's start edge: the left one, or in a right-to-left document the
   * right one, so one layout serves both (a table's first column is at the right in Arabic).
   */
  text: (value: string | null | undefined, style: TextStyle, box?: { x?: number; y?: number; width?: number }) => void;
  /** The height `text` would take. */
  height: (value: string, style: TextStyle, width: number) => number;
  /** The width `text` takes on one line (a label's, to size its column by: labels are longer in some languages). */
  width: (value: string, style: TextStyle) => number;
}

/** Line height and baseline of every line: the primary face's (Noto Sans), whatever faces the line mixes. */
function lineMetrics(fonts: DocumentFonts, style: TextStyle) {
  const primary = fonts.families[0]!.regular.font;
  const unit = style.size / primary.unitsPerEm;
  return { height: (primary.ascent - primary.descent) * unit, ascent: primary.ascent * unit };
}

function createWriter(doc: PDFKit.PDFDocument, fonts: DocumentFonts, direction: Direction): PdfWriter {
  const primary = (style: TextStyle) => (style.bold ? fonts.families[0]!.bold : fonts.families[0]!.regular).key;
  const rtl = direction === 'rtl';
  // A right-to-left document's paragraphs are right-to-left unless said otherwise.
  const directed = (style: TextStyle): TextStyle => (rtl && !style.direction ? { ...style, direction: 'rtl' } : style);
  return {
    doc,
    direction,
    height: (value, style, width) => layoutParagraph(fonts, value, directed(style), width).length * lineMetrics(fonts, style).height,
    width: (value, style) => layoutParagraph(fonts, value, directed(style), Infinity)[0]?.width ?? 0,
    text: (value, style, box = {}) => {
      const x = box.x ?? doc.x;
      let y = box.y ?? doc.y;
      const width = box.width ?? doc.page.width - (rtl ? doc.page.margins.left : doc.page.margins.right) - x;
      // The box on the page: mirrored in a right-to-left document.
      const left = rtl ? doc.page.width - x - width : x;
      const align = style.align ?? 'start';
      const atRight = align !== 'center' && (align === 'end') !== rtl;
      const color = style.color ?? '#1d1a24';
      const metrics = lineMetrics(fonts, style);
      for (const line of layoutParagraph(fonts, value ?? '', directed(style), width)) {
        if (y + metrics.height > doc.page.height - doc.page.margins.bottom && y > doc.page.margins.top) {
          doc.addPage();
          y = doc.page.margins.top;
        }
        const start = left + (atRight ? width - line.width : align === 'center' ? (width - line.width) / 2 : 0);
        for (const piece of line.pieces) {
          doc.save();
          doc.font(piece.face.key).fontSize(style.size).fillColor(color);
          // A face without a bold weight draws bold by stroking its outline too.
          if (style.bold && piece.face.strokeForBold) doc.lineWidth(style.size / 30).strokeColor(color);
          doc.text(piece.text, start + piece.x, y + metrics.ascent, {
            lineBreak: false,
            baseline: 'alphabetic',
            // Handing features over makes pdfkit shape the piece as one run (it otherwise shapes
            // word by word, which puts right-to-left words in left-to-right order).
            features: [],
            fill: true,
            stroke: style.bold === true && piece.face.strokeForBold,
          });
          doc.restore();
        }
        y += metrics.height;
      }
      doc.font(primary(style)).fontSize(style.size).fillColor(color);
      doc.x = x;
      doc.y = y;
    },
  };
}

/**
 * Builds a one-or-more-page A4 PDF with the shared faces and collects it into one buffer: in
 * `language` (the document's `Lang`, what a screen reader reads it in) and laid out in
 * `direction` (left to right unless said).
 */
export async function renderPdf(
  info: { Title: string; Author: string },
  build: (writer: PdfWriter) => void,
  { language, direction = 'ltr' }: { language?: string; direction?: Direction } = {},
): Promise<Buffer> {
  const fonts = await documentFonts();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: printableText(info.Title), Author: printableText(info.Author), Creator: printableText(info.Author) },
      ...(language ? { lang: language } : {}),
      compress: true,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    fonts.install(doc);
    build(createWriter(doc, fonts, direction));
    doc.end();
  });
}
