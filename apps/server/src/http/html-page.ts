import type { FastifyReply } from 'fastify';
import { escapeHtmlText } from '../modules/config/shop-config';

/**
 * A small server-made page (the development mailbox, the sandbox gateway): never cached, never
 * indexed, styled by its own stylesheet because the shop's CSP allows no inline styles. `body`
 * is markup the caller has escaped; `title` is text; `language` the page's language and direction
 * (English without one).
 */
export function sendHtmlPage(reply: FastifyReply, page: { status?: number; title: string; stylesheet: string; body: string; language?: { locale: string; direction: 'ltr' | 'rtl' } }): FastifyReply {
  return reply
    .status(page.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(
      `<!doctype html><html ${page.language ? `lang="${page.language.locale}" dir="${page.language.direction}"` : 'lang="en"'}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
        `<title>${escapeHtmlText(page.title)}</title><link rel="stylesheet" href="${page.stylesheet}"></head><body>${page.body}</body></html>`,
    );
}
