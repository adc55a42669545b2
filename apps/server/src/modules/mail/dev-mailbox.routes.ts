import type { ShopConfigFile } from '@festival/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import { sendHtmlPage } from '../../http/html-page';
import { escapeHtmlText } from '../config/shop-config';
import * as queries from './mail.queries';
import type { Mailbox } from './sender-address';

export const DEV_MAILBOX_PATH = '/dev/mailbox';
const LISTED = 200;

/**
 * The framed HTML body is the message's own markup: it gets a policy of its own that allows its
 * inline styles and nothing else (no scripts, no requests), is sandboxed even when opened
 * directly, and may be framed only by the mailbox page.
 */
// The shop's own images (the logo of every message, decision 0032) show; nothing from elsewhere.
const BODY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'none'; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#1d1a24;background:#f6f4fa;line-height:1.5}
main{max-width:60rem;margin:0 auto}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{text-align:left;padding:.5rem .75rem;border-bottom:1px solid #ddd;vertical-align:top}
caption{text-align:left;padding:.5rem 0;font-weight:600}
a{color:#3b1f6e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0}
iframe{width:100%;border:1px solid #ccc;background:#fff}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #ccc;padding:1rem}
.note{color:#555}`;

/**
 * The development mailbox: while SMTP_URL is unset the shop keeps its e-mail in the outbox, and
 * these pages show it, newest first, so someone trying the demo can read their password. It
 * shows everyone's mail to anyone who can reach the server, so it is registered only when the
 * shop is not in production or DEV_MAILBOX=1 says so (see decision 0014).
 */
export function registerDevMailbox(app: FastifyInstance, deps: { db: Db; config: Pick<ShopConfigFile, 'name' | 'timezone' | 'publicBaseUrl'>; from: Mailbox }): void {
  const { db, config } = deps;
  const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: config.timezone });
  const page = (reply: FastifyReply, title: string, body: string, status = 200) =>
    sendHtmlPage(reply, { status, title: `${title} · ${config.name}`, stylesheet: `${DEV_MAILBOX_PATH}.css`, body: `<main>${body}</main>` });
  const notFound = (reply: FastifyReply) =>
    page(reply, 'No such message', `<h1>No such message</h1><p><a href="${DEV_MAILBOX_PATH}">Back to the mailbox</a></p>`, 404);
  const messageId = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);
  const timeElement = (date: Date) => `<time datetime="${date.toISOString()}">${escapeHtmlText(time.format(date))}</time>`;

  app.get(DEV_MAILBOX_PATH, async (_request, reply) => {
    const mails = await queries.listOutbox(db, LISTED);
    const rows = mails
      .map(
        (mail) =>
          `<tr><td>${timeElement(mail.createdAt)}</td><td>${escapeHtmlText(mail.toAddress)}</td>` +
          `<td><a href="${DEV_MAILBOX_PATH}/${mail.id}">${escapeHtmlText(mail.subject)}</a></td></tr>`,
      )
      .join('');
    const list = mails.length
      ? `<table><caption>Newest first${mails.length === LISTED ? ` (the latest ${LISTED})` : ''}</caption><thead><tr><th scope="col">Time</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No e-mail yet. Register or ask for a password reset, then reload this page.</p>';
    return page(
      reply,
      'Mailbox',
      `<h1>Development mailbox</h1><p class="note">SMTP_URL is not set, so the shop keeps the e-mail it would send and shows it here. This page exists only while SMTP_URL is unset, and in production only with DEV_MAILBOX=1.</p>` +
        `<p><a href="/">Back to the shop</a></p>${list}`,
    );
  });

  app.get<{ Params: { id: string } }>(`${DEV_MAILBOX_PATH}/:id`, async (request, reply) => {
    const id = messageId(request.params.id);
    const found = id === null ? null : await queries.findOutboxMail(db, id);
    if (!found) return notFound(reply);
    const mail = { ...found, textBody: linksOpenedHere(found.textBody, config.publicBaseUrl, request.headers.host) };
    return page(
      reply,
      mail.subject,
      `<p><a href="${DEV_MAILBOX_PATH}">Back to the mailbox</a></p><h1>${escapeHtmlText(mail.subject)}</h1>` +
        `<dl><dt>From</dt><dd>${escapeHtmlText(`${deps.from.name} <${deps.from.address}>`)}</dd><dt>To</dt><dd>${escapeHtmlText(mail.toAddress)}</dd><dt>Time</dt><dd>${timeElement(mail.createdAt)}</dd></dl>` +
        `<h2>HTML</h2><iframe src="${DEV_MAILBOX_PATH}/${mail.id}/html" title="The HTML body of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" width="100%" height="520"></iframe>` +
        `<h2>Plain text</h2><pre>${linkedText(mail.textBody)}</pre>`,
    );
  });

  app.get<{ Params: { id: string } }>(`${DEV_MAILBOX_PATH}/:id/html`, async (request, reply) => {
    const id = messageId(request.params.id);
    const mail = id === null ? null : await queries.findOutboxMail(db, id);
    if (!mail) return notFound(reply);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', BODY_POLICY)
      .header('x-frame-options', 'SAMEORIGIN')
      .send(withLinksInNewTab(linksOpenedHere(mail.htmlBody, config.publicBaseUrl, request.headers.host)));
  });

  app.get(`${DEV_MAILBOX_PATH}.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(STYLE));
}

const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\]):(\d{1,5})$/;
const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\]):(\d{1,5})$/;

/**
 * The demo's links lead where its mailbox is read (issue 34 point 12, decision 0071). Without a
 * configured address the demo mails links to http://localhost:<port>; someone who opened the shop
 * at http://127.0.0.1:<port> would land on another origin, where their session and cart are not.
 * So a message read on this machine under another loopback name of the same port shows its links,
 * and its logo, under that name. Any other address (a configured publicBaseUrl, another host or
 * port) stays as it was mailed.
 */
export function linksOpenedHere(body: string, publicBaseUrl: string, host: string | undefined): string {
  const mailed = LOOPBACK_ORIGIN.exec(publicBaseUrl.replace(/\/+$/, ''));
  const here = host ? LOOPBACK_HOST.exec(host.toLowerCase()) : null;
  if (!mailed || !here || mailed[2] !== here[2] || mailed[1] === here[1]) return body;
  const origin = `http://${mailed[1]}:${mailed[2]}`;
  const escaped = origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return body.replace(new RegExp(`${escaped}(?![0-9])`, 'g'), `http://${here[1]}:${here[2]}`);
}

/** Plain text as HTML with its web addresses as links, so the demo's login and reset links can be followed. */
function linkedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtmlText(part)}">${escapeHtmlText(part)}</a>` : escapeHtmlText(part)))
    .join('');
}

/** A framed message's links open outside the sandboxed frame (the shop's own pages refuse to be framed). */
function withLinksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head\b[^>]*>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  const root = /<html\b[^>]*>/i.exec(html);
  if (root) return html.slice(0, root.index + root[0].length) + `<head>${base}</head>` + html.slice(root.index + root[0].length);
  return base + html;
}
