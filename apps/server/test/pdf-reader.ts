import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a PDF back as a person or a scanner would: the text of each page, and every QR code
 * found in its images, decoded from the pixels (not from any text in the file). `text` joins
 * pdf.js' text items with spaces; `lines` keeps each printed line as one string, items joined
 * as they sit (a space only where an item does not start where the last one ended), so a name
 * that changes font midway (Latin, then Chinese) or sits in parentheses reads exactly as typed.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: number; text: string; lines: string[]; qrCodes: string[] }> {
  const document = await getDocument({ data: new Uint8Array(bytes), isOffscreenCanvasSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const texts: string[] = [];
  const lines: string[] = [];
  const qrCodes: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    let line = '';
    let end: number | null = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const x = item.transform[4] as number;
      if (item.str && end !== null && Math.abs(x - end) > Math.max(1, item.height * 0.15)) line += ' ';
      line += item.str;
      if (item.str) end = x + item.width;
      if (item.hasEOL) {
        lines.push(line);
        [line, end] = ['', null];
      }
    }
    lines.push(line);
    const operators = await page.getOperatorList();
    for (const [index, op] of operators.fnArray.entries()) {
      if (op !== OPS.paintImageXObject) continue;
      const name = operators.argsArray[index][0] as string;
      const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((resolve) => page.objs.get(name, resolve));
      const rgba = toRgba(image);
      const found = jsQR(rgba, image.width, image.height);
      if (found) qrCodes.push(found.data);
    }
  }
  await document.destroy();
  const tidy = lines.map((text) => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
  return { pages: document.numPages, text: texts.join('\n').replace(/\s+/g, ' '), lines: tidy, qrCodes };
}

/** pdf.js decodes images to 1-bit grey, RGB or RGBA (its ImageKind 1, 2, 3); jsQR reads RGBA. */
function toRgba(image: { width: number; height: number; data: Uint8ClampedArray; kind: number }): Uint8ClampedArray {
  const pixels = image.width * image.height;
  if (image.kind === 3) return image.data;
  const out = new Uint8ClampedArray(pixels * 4);
  if (image.kind === 2) {
    for (let i = 0; i < pixels; i += 1) {
      out[i * 4] = image.data[i * 3]!;
      out[i * 4 + 1] = image.data[i * 3 + 1]!;
      out[i * 4 + 2] = image.data[i * 3 + 2]!;
      out[i * 4 + 3] = 255;
    }
    return out;
  }
  const rowBytes = Math.ceil(image.width / 8);
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const bit = (image.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      const value = bit ? 255 : 0;
      out.set([value, value, value, 255], (y * image.width + x) * 4);
    }
  }
  return out;
}
