import { readFile } from 'node:fs/promises';
import PDFDocument from 'pdfkit';

/**
 * The faces ticket and invoice PDFs print with (decision 0028), shipped in ./fonts under free
 * licences: nothing is fetched at run time. In fallback order: each character prints in the
 * first family that has it.
 */
const FAMILIES = [
  // Latin with every extension, Greek, Cyrillic, punctuation and currency signs.
  { name: 'NotoSans', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  { name: 'NotoSansArabic', regular: 'NotoSansArabic-Regular.ttf', bold: 'NotoSansArabic-Bold.ttf' },
  { name: 'NotoSansHebrew', regular: 'NotoSansHebrew-Regular.ttf', bold: 'NotoSansHebrew-Bold.ttf' },
  // Chinese, Japanese and Korean in one face of one weight (a CJK family with weights is 15+ MB).
  { name: 'DroidSansFallback', regular: 'DroidSansFallback.ttf', bold: null },
] as const;

/** What this module uses of a fontkit font (pdfkit's font engine, which parses and shapes). */
export interface ShapingFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  /** Shapes a run (OpenType substitution and positioning); right-to-left scripts come out in visual order. */
  layout(text: string, features?: string[]): { advanceWidth: number; direction: 'ltr' | 'rtl' };
}

export interface Face {
  /** The name the face has in every document it is installed in. */
  key: string;
  font: ShapingFont;
  /** A family without a bold face draws bold by stroking the regular outline as well as filling it. */
  strokeForBold: boolean;
}

export interface Family {
  name: string;
  regular: Face;
  bold: Face;
}

/** A glyph as fontkit hands it out: pdfkit maps its id to `codePoints` in the PDF's ToUnicode table. */
interface GlyphObject {
  id: number;
  codePoints: number[];
  isMark: boolean;
  isLigature: boolean;
}

/**
 * The characters each glyph stands for, which pdfkit writes into the PDF's ToUnicode table (what
 * a reader extracts, searches and copies), made right in two cases fontkit gets wrong here:
 *
 * - fontkit keeps one glyph object per glyph id, with the characters of whatever first asked for
 *   it. Shared across documents, that leaks: subsetting 'í' fetches its component 'ı' with no
 *   characters, and every later 'ı' then extracted as nothing (pdf.js showed a stray '0'); a
 *   space first met as a no-break space would copy as one for ever after. A glyph asked for with
 *   other characters than its cached object holds comes out as a view of that object with the
 *   caller's characters, as a fresh parse per document would give.
 * - A right-to-left run is drawn in visual order, and readers (pdf.js, poppler) turn it back into
 *   logical order by reversing its characters, those of each glyph included: a ligature standing
 *   for several characters (Arabic lam-alef in "علاء") must list them reversed to come out right.
 */
function withReaderCodePoints(font: ShapingFont): ShapingFont {
  const target = font as ShapingFont & {
    getGlyph(id: number, characters?: number[]): GlyphObject;
    layout(text: string, ...rest: unknown[]): { direction: 'ltr' | 'rtl'; advanceWidth: number; glyphs: GlyphObject[] };
  };
  const view = (glyph: GlyphObject, characters: number[]): GlyphObject =>
    // Only the character-derived fields differ; outlines and metrics come from the cached glyph.
    Object.create(glyph, {
      codePoints: { value: characters },
      isLigature: { value: characters.length > 1 },
      isMark: { value: characters.length > 0 && characters.every((codePoint) => /\p{M}/u.test(String.fromCodePoint(codePoint))) },
    }) as GlyphObject;
  const cached = target.getGlyph.bind(target);
  target.getGlyph = (id: number, characters: number[] = []) => {
    const glyph = cached(id, characters);
    const same = glyph.codePoints.length === characters.length && glyph.codePoints.every((codePoint, index) => codePoint === characters[index]);
    return same ? glyph : view(glyph, characters);
  };
  const layout = target.layout.bind(target);
  target.layout = (text: string, ...rest: unknown[]) => {
    const run = layout(text, ...rest);
    if (run.direction === 'rtl') run.glyphs = run.glyphs.map((glyph) => (glyph.codePoints.length > 1 ? view(glyph, [...glyph.codePoints].reverse()) : glyph));
    return run;
  };
  return target;
}

/** pdfkit's per-document wrapper of a parsed font (its EmbeddedFont): subsets and embeds what a document uses. */
type DocumentFontClass = new (document: PDFKit.PDFDocument, font: ShapingFont, id: string) => object;

/** The fields of a pdfkit document that hold its fonts (not in its typings). */
interface DocumentFontTables {
  _font: { font: ShapingFont };
  _fontFamilies: Record<string, object>;
  _fontCount: number;
}

export interface DocumentFonts {
  families: readonly Family[];
  /** Makes every face available to this document by its key, parsed once for the whole process. */
  install(doc: PDFKit.PDFDocument): void;
}

let loading: Promise<DocumentFonts> | undefined;

/**
 * The faces, read and parsed on the first PDF of the process (not at start: a shop that never
 * serves a PDF never holds the 5 MB), then shared by every document. Parsing a face per document
 * would repeat the work that makes a PDF slow: Noto Sans' substitution tables alone take about
 * 100 ms to read, the CJK face's character map some more.
 */
export function documentFonts(): Promise<DocumentFonts> {
  loading ??= loadFonts().catch((error: unknown) => {
    // A failed read (a file missing from a broken install) is tried again by the next PDF.
    loading = undefined;
    throw error;
  });
  return loading;
}

async function loadFonts(): Promise<DocumentFonts> {
  const read = (file: string) => readFile(new URL(`./fonts/${file}`, import.meta.url));
  const files = await Promise.all(FAMILIES.map(async (family) => ({ family, regular: await read(family.regular), bold: family.bold ? await read(family.bold) : null })));
  // pdfkit parses a font only when a document selects it, and then afresh for each document. One
  // document that never ends parses each face once; its per-document wrapper class then wraps the
  // parsed faces for every later document.
  const parser = new PDFDocument({ autoFirstPage: false });
  const tables = parser as unknown as DocumentFontTables;
  let documentFontClass: DocumentFontClass | undefined;
  const parse = (bytes: Buffer): ShapingFont => {
    parser.font(bytes);
    documentFontClass = tables._font.constructor as DocumentFontClass;
    return withReaderCodePoints(tables._font.font);
  };
  const families = files.map(({ family, regular, bold }): Family => {
    const regularFont = parse(regular);
    const boldFont = bold ? parse(bold) : regularFont;
    return {
      name: family.name,
      regular: { key: `${family.name}-Regular`, font: regularFont, strokeForBold: false },
      bold: { key: `${family.name}-Bold`, font: boldFont, strokeForBold: !bold },
    };
  });
  const FontClass = documentFontClass!;
  if (typeof (FontClass.prototype as { encode?: unknown }).encode !== 'function') throw new Error('pdfkit no longer wraps fonts as this module expects (see pdf-fonts.ts)');
  return {
    families,
    install(doc) {
      const target = doc as unknown as DocumentFontTables;
      for (const family of families) {
        for (const face of [family.regular, family.bold]) {
          // Each document subsets and embeds only the glyphs it uses (fonts it never selects are not embedded).
          target._fontFamilies[face.key] ??= new FontClass(doc, face.font, `F${++target._fontCount}`);
        }
      }
    },
  };
}
