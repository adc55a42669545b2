import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-reader';
import { renderPdf } from './pdf-text';

// Its own file, so that no other test has used the process-wide faces before it.
const pdfOf = (text: string) => renderPdf({ Title: text, Author: 'test' }, (writer) => writer.text(text, { size: 12 }));

describe('what a reader extracts from the shared faces', () => {
  it('gives each letter back as itself, whatever the documents before it used', async () => {
    // Subsetting 'í' and 'ά' fetches the outlines of 'ı' and 'α' as components, with no characters.
    expect((await readPdf(await pdfOf('Antonín Ανδρέας Καλά'))).lines).toEqual(['Antonín Ανδρέας Καλά']);
    // The next document's own 'ı' and 'α' must still stand for themselves.
    expect((await readPdf(await pdfOf('Yılmaz Αλέξανδρος'))).lines).toEqual(['Yılmaz Αλέξανδρος']);
  });

  it('gives a right-to-left ligature back in typed order', async () => {
    // Lam-alef is one glyph for two letters; readers reverse a right-to-left run letter by letter.
    expect((await readPdf(await pdfOf('علاء الدين'))).lines).toEqual(['علاء الدين']);
  });
});
