import { EMAIL_MAX_LENGTH, holdsNullCharacter, messages, type ShopConfigFile } from '@festival/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLocale, requestTranslator } from '../../lib/language';
import type { DocumentsService } from './documents.service';
import { INVOICE_LINK_TEXTS, linkProblemPage, TICKET_LINK_TEXTS, type LinkProblem } from './link-problem-page';
import { ticketQrPng } from './ticket-pdf';

/**
 * The longest path part the router reads (Fastify's maxParamLength, 100 by default): every
 * address the shop accepts (254 characters) percent-encoded as the links are, at most three UTF-8
 * bytes per UTF-16 unit and three characters per byte, still reaches the route (decision 0029).
 */
export const LINK_PART_MAX_LENGTH = EMAIL_MAX_LENGTH * 9;

/**
 * GET /download-ticket/{email}/{code} and /download-invoice/{order code}/{checksum} (spec
 * section 2): direct browser navigations, so no session; the unguessable code or the checksum is
 * the key. A link that does not download answers 404 with a page of the shop that says why
 * (decision 0069), and nothing is cached along the way.
 */
export function registerDocumentRoutes(app: FastifyInstance, documents: DocumentsService, config: Pick<ShopConfigFile, 'name'> & Partial<Pick<ShopConfigFile, 'brand'>>): void {
  // In the request's language (the page it was opened from: ?lang=, the switcher's cookie, the browser's).
  const problemPage = (reply: FastifyReply, problem: LinkProblem) =>
    reply
      .status(404)
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8')
      .header('content-language', requestLocale(reply.request))
      .send(linkProblemPage(config, problem, requestTranslator(reply.request)));
  const send = (reply: FastifyReply, pdf: Buffer | null, filename: string) => {
    reply.header('cache-control', 'private, no-store');
    if (!pdf) return reply.status(404).type('text/plain; charset=utf-8').header('content-language', requestLocale(reply.request)).send(requestTranslator(reply.request).format(messages.server.notFound));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
      .header('x-robots-tag', 'noindex')
      .send(pdf);
  };
  // Over-long parts, and parts with a NUL (no text in the database holds one), cannot be right:
  // the same 404, without a query.
  const fits = (...parts: string[]) => parts.every((part) => part.length <= EMAIL_MAX_LENGTH && !holdsNullCharacter(part));
  app.get<{ Params: { email: string; code: string } }>('/download-ticket/:email/:code', async (request, reply) => {
    const { email, code } = request.params;
    const pdf = fits(email, code) ? await documents.ticketPdf(email, code) : null;
    if (!pdf) return problemPage(reply, TICKET_LINK_TEXTS[fits(email, code) ? await documents.ticketLinkProblem(email, code) : 'unknown']);
    return send(reply, pdf, `ticket-${code}.pdf`);
  });
  // Ours (decision 0038): the ticket's QR code as a picture, for the portal and the ticket e-mails,
  // under the same link and rule as its PDF (a reassigned ticket's old link shows nothing).
  app.get<{ Params: { email: string; code: string } }>('/download-ticket/:email/:code/qr.png', async (request, reply) => {
    const { email, code } = request.params;
    const pass = fits(email, code) ? await documents.ticketPass(email, code) : null;
    reply.header('cache-control', 'private, no-store');
    if (!pass) return reply.status(404).type('text/plain; charset=utf-8').header('content-language', requestLocale(request)).send(requestTranslator(request).format(messages.server.notFound));
    // Shown by webmail on other origins (as the shop's logo is).
    return reply.type('image/png').header('x-robots-tag', 'noindex').header('cross-origin-resource-policy', 'cross-origin').send(await ticketQrPng(pass, 6));
  });
  app.get<{ Params: { code: string; checksum: string } }>('/download-invoice/:code/:checksum', async (request, reply) => {
    const { code, checksum } = request.params;
    const pdf = fits(code, checksum) ? await documents.invoicePdf(code, checksum) : null;
    if (!pdf) return problemPage(reply, INVOICE_LINK_TEXTS[fits(code, checksum) ? await documents.invoiceLinkProblem(code, checksum) : 'unknown']);
    return send(reply, pdf, `invoice-${code}.pdf`);
  });
  // Ours (decision 0033): a processed refund's credit note, signed for that refund alone.
  app.get<{ Params: { code: string; refund: string; checksum: string } }>('/download-credit-note/:code/:refund/:checksum', async (request, reply) => {
    const { code, refund, checksum } = request.params;
    const id = /^[1-9]\d{0,9}$/.test(refund) ? Number(refund) : NaN;
    return send(reply, fits(code, checksum) && Number.isSafeInteger(id) ? await documents.creditNotePdf(code, id, checksum) : null, `credit-note-${code}-${refund}.pdf`);
  });
  // A link the routes above cannot take (a part missing or longer than the router reads) is as
  // wrong as any other: the same 404, not the web app's page.
  app.get('/download-ticket/*', async (_request, reply) => problemPage(reply, TICKET_LINK_TEXTS.unknown));
  app.get('/download-invoice/*', async (_request, reply) => problemPage(reply, INVOICE_LINK_TEXTS.unknown));
  app.get('/download-credit-note/*', async (_request, reply) => send(reply, null, ''));
}
