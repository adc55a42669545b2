import { render } from '@react-email/components';
import { DEFAULT_BRAND, type ShopConfigFile } from '@festival/contract';
import { createElement } from 'react';
import { MailTemplate, type MailBlock, type MailLook } from './mail-template';

export type { MailBlock } from './mail-template';

export interface MailContent {
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
export function mailLook(shopName: string, config?: MailLookConfig): MailLook {
  const brand = { ...DEFAULT_BRAND, ...config?.brand };
  const logoUrl = config && brand.logo ? `${config.publicBaseUrl.replace(/\/+$/, '')}${brand.logo}` : null;
  return { shopName, logoUrl, logoWidth: brand.logoWidth, primaryColour: brand.primaryColour, onPrimaryColour: brand.onPrimaryColour, backgroundColour: brand.backgroundColour, textColour: brand.textColour };
}

function blocksOf(content: MailContent): MailBlock[] {
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
  const parts: string[] = [content.greeting];
  for (const block of blocksOf(content)) {
    switch (block.kind) {
      case 'text':
      case 'note':
      case 'code':
        parts.push(block.text);
        break;
      case 'details':
        parts.push(block.rows.map((row) => `${row.label}: ${row.value}`).join('\n'));
        break;
      case 'links':
        parts.push(block.items.map((item) => [item.title, ...(item.detail ? [item.detail] : []), `${item.label}:`, item.url].join('\n')).join('\n\n'));
        break;
      case 'button':
        parts.push(`${block.label}:\n${block.url}`);
        break;
    }
  }
  parts.push(content.shopName);
  return `${parts.join('\n\n')}\n`;
}

/**
 * The text and HTML bodies of a message from the same content. The HTML comes from one
 * react-email template (mail-template.tsx): React escapes every text it is given, so names and
 * configured texts cannot add markup.
 */
export async function composeMail(content: MailContent, config?: MailLookConfig): Promise<{ text: string; html: string }> {
  const blocks = blocksOf(content);
  const preview = blocks.find((block) => block.kind === 'text')?.text ?? content.greeting;
  const html = await render(createElement(MailTemplate, { look: mailLook(content.shopName, config), preview: preview.slice(0, 140), greeting: content.greeting, blocks }));
  return { text: mailText(content), html };
}
