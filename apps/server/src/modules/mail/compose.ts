import { DEFAULT_BRAND, directionOf, SOURCE_LOCALE, type Locale, type ShopConfigFile } from '@festival/contract';
import { randomUUID } from 'node:crypto';
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LTR_START, MailBlocks, MailPreview, MailTemplate, OWN_START, Said, VALUE_END, type MailBlock, type MailLook } from './mail-template';

export type { MailBlock } from './mail-template';

export interface MailContent {
  /** The reader's language (lib/reader.ts): the message's `lang`, and right to left for Arabic. */
  language?: Locale;
  /** The shop's name: the sender's display name and the header of the message. */
  shopName: string;
  /** First line, such as "Hello Jane Doe,". */
  greeting: string;
  /** Paragraphs of plain text, before the blocks. */
  paragraphs?: string[];
  /** Details, download links and more, after the paragraphs. */
  blocks?: MailBlock[];
  /** A button in HTML, a label and the URL on its own line in text. */
  action?: { label: string; url: string };
  /** Lines after the action, such as a note about how long a link works. */
  after?: string[];
}

/** The shop's configuration parts a message's look comes from; without it, the default look. */
export type MailLookConfig = Pick<ShopConfigFile, 'publicBaseUrl'> & Partial<Pick<ShopConfigFile, 'brand'>>;

/**
 * The logo's address as a mail client fetches it: absolute, under the shop's public address (a
 * message has no page to be relative to, and the image is one the shop serves itself).
 */
export function mailLook(shopName: string, config?: MailLookConfig, language: Locale = SOURCE_LOCALE): MailLook {
  const brand = { ...DEFAULT_BRAND, ...config?.brand };
  const logoUrl = config && brand.logo ? `${config.publicBaseUrl.replace(/\/+$/, '')}${brand.logo}` : null;
  return { shopName, language, direction: directionOf(language), logoUrl, logoWidth: brand.logoWidth, primaryColour: brand.primaryColour, onPrimaryColour: brand.onPrimaryColour, backgroundColour: brand.backgroundColour, textColour: brand.textColour };
}

/**
 * A value that reads left to right (a ticket or order code, an e-mail address, an IBAN) inside a
 * sentence of a message in `language`: in a right-to-left language it is marked, and the HTML
 * keeps it in a `<span dir="ltr">`, the text part between left-to-right marks, so "(T8V3K2)" or
 * "NL91 ABNA 0417" is not reordered by the Arabic around it. In a left-to-right language it is
 * the value as it is.
 */
export function keepLeftToRight(language: Locale | undefined, value: string): string {
  return language && directionOf(language) === 'rtl' ? `${LTR_START}${value}${VALUE_END}` : value;
}

/**
 * A value someone typed (a name, an e-mail address) inside a sentence of a message in `language`:
 * in a right-to-left language it is marked, and the HTML keeps it in a `<span dir="auto">`, so a
 * Latin name does not turn an Arabic sentence's parts around, nor an Arabic name a Latin one's.
 * In a left-to-right language it is the value as it is.
 */
export function keepOwnDirection(language: Locale | undefined, value: string): string {
  return language && directionOf(language) === 'rtl' ? `${OWN_START}${value}${VALUE_END}` : value;
}

const MARKS = /[\u2066\u2068\u2069]/g;
const LTR_VALUE = /\u2066([^\u2066\u2068\u2069]*)\u2069/g;
/**
 * A text of a message as the plain-text part says it: each left-to-right value between
 * left-to-right marks (U+200E), which every client knows; a value in its own direction as it is.
 */
const plainWords = (text: string) => (text.includes(LTR_START) || text.includes(OWN_START) ? text.replace(LTR_VALUE, '\u200e$1\u200e').replace(MARKS, '') : text);

/** A message's content as the template's blocks, in order. */
export function blocksOf(content: MailContent): MailBlock[] {
  return [
    ...(content.paragraphs ?? []).map((text): MailBlock => ({ kind: 'text', text })),
    ...(content.blocks ?? []),
    ...(content.action ? [{ kind: 'button', ...content.action } satisfies MailBlock] : []),
    ...(content.after ?? []).map((text): MailBlock => ({ kind: 'note', text })),
  ];
}

/**
 * The plain-text part, written for reading on its own (not converted from the HTML): paragraphs
 * separated by blank lines, every address alone on its line so a client makes it a link whole.
 */
export function mailText(content: MailContent): string {
  const parts: string[] = [plainWords(content.greeting)];
  for (const block of blocksOf(content)) {
    switch (block.kind) {
      case 'text':
      case 'note':
        parts.push(plainWords(block.text));
        break;
      case 'code':
        parts.push(block.text);
        break;
      case 'details':
        parts.push(block.rows.map((row) => `${row.label}: ${plainWords(row.value)}`).join('\n'));
        break;
      case 'links':
        // Addresses stay alone on their lines, as they are.
        parts.push(block.items.map((item) => [plainWords(item.title), ...(item.detail ? [plainWords(item.detail)] : []), `${item.label}:`, item.url].join('\n')).join('\n\n'));
        break;
      case 'button':
        parts.push(`${block.label}:\n${block.url}`);
        break;
    }
  }
  parts.push(content.shopName);
  return `${parts.join('\n\n')}\n`;
}

/** The document type mail clients expect of an HTML message (react-email's, which the template's components are made for). */
const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
/** React hoists a preload link for each image into the head: a hint for browsers that mail clients do not need. */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;

/**
 * The template as HTML, rendered at once: the template waits for nothing, so react-dom's static
 * render does what @react-email/render's stream did, without its import of react-dom/server on
 * every call (through the TypeScript loader's thread, a third of a purchase's mail time) or its
 * stream (decision 0081).
 */
export function renderHtml(element: ReturnType<typeof createElement>): string {
  return `${XHTML_DOCTYPE}${renderToStaticMarkup(element).replace(IMAGE_PRELOAD, '')}`;
}

/** Stands for a varying part in a rendered frame: random per process, so no text of a message can hold it. */
const SLOT = `mail-slot-${randomUUID()}`;

/** Frames rendered per look: a shop has one look (a few while tests or an organiser change it). */
const frames = new Map<string, [before: string, between: string, after: string, last: string]>();
const MAX_FRAMES = 16;

/**
 * The layout of a look rendered once, cut where the preview, the greeting and the blocks go. The
 * layout (head, body, card, logo, heading, signature, every inline style) is the same for every
 * message of a shop and was most of each message's render (decision 0090).
 */
function frameOf(look: MailLook): [string, string, string, string] {
  const key = JSON.stringify(look);
  let frame = frames.get(key);
  if (!frame) {
    const parts = renderHtml(createElement(MailTemplate, { look, preview: SLOT, greeting: SLOT, blocks: SLOT })).split(SLOT);
    if (parts.length !== 4) throw new Error('the mail layout must hold the preview, the greeting and the blocks once each');
    frame = parts as [string, string, string, string];
    if (frames.size >= MAX_FRAMES) frames.delete(frames.keys().next().value!);
    frames.set(key, frame);
  }
  return frame;
}

/**
 * The HTML of a message: its own parts rendered by React (which escapes every text it is given)
 * in one static render, spliced into its look's frame. The same bytes as rendering the whole
 * template (mail-frame.unit.test.ts compares them).
 */
function messageHtml(look: MailLook, preview: string, greeting: string, blocks: MailBlock[]): string {
  const [before, afterPreview, afterGreeting, last] = frameOf(look);
  const parts: ReactNode[] = [createElement(MailPreview, { text: preview, key: 'p' }), SLOT, createElement(Said, { text: greeting, key: 'g' }), SLOT, createElement(MailBlocks, { blocks, look, key: 'b' })];
  const [previewHtml, greetingHtml, blocksHtml] = renderToStaticMarkup(createElement(Fragment, null, ...parts)).replace(IMAGE_PRELOAD, '').split(SLOT);
  return `${before}${previewHtml}${afterPreview}${greetingHtml}${afterGreeting}${blocksHtml}${last}`;
}

/** The line after the subject: the first paragraph (or the greeting), its values' marks left out (a preview is plain text), up to 140 characters. */
export function mailPreview(blocks: MailBlock[], greeting: string): string {
  return (blocks.find((block) => block.kind === 'text')?.text ?? greeting).replace(MARKS, '').slice(0, 140);
}

/**
 * The text and HTML bodies of a message from the same content. The HTML comes from one
 * react-email template (mail-template.tsx): React escapes every text it is given, so names and
 * configured texts cannot add markup.
 */
export async function composeMail(content: MailContent, config?: MailLookConfig): Promise<{ text: string; html: string }> {
  const blocks = blocksOf(content);
  const preview = mailPreview(blocks, content.greeting);
  return { text: mailText(content), html: messageHtml(mailLook(content.shopName, config, content.language), preview, content.greeting, blocks) };
}
