import { escapeHtmlText } from '../config/shop-config';

export interface MailContent {
  /** The shop's name: the sender's display name and the header of the message. */
  shopName: string;
  /** First line, such as "Hello Jane Doe,". */
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A button in HTML, a line with the URL in text. */
  action?: { label: string; url: string };
  /** Lines after the action, such as a note about how long a link works. */
  after?: string[];
}

/**
 * The text and HTML bodies of a message from the same content: the HTML is simple, inline-styled
 * (mail clients ignore style sheets) and escapes every text it is given.
 */
export function composeMail(content: MailContent): { text: string; html: string } {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((paragraph) => [paragraph, ''])];
  if (content.action) lines.push(`${content.action.label}: ${content.action.url}`, '');
  for (const line of content.after ?? []) lines.push(line, '');
  lines.push(content.shopName);
  const paragraph = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtmlText(text)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtmlText(content.action.url)}" style="background:#3b1f6e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtmlText(content.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtmlText(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f6f4fa;font-family:Arial,Helvetica,sans-serif;color:#1d1a24">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 24px;color:#3b1f6e">${escapeHtmlText(content.shopName)}</h1>
${paragraph(content.greeting)}${content.paragraphs.map(paragraph).join('')}${action}${(content.after ?? []).map(paragraph).join('')}
</div></body></html>`;
  return { text: lines.join('\n'), html };
}
