import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from './gateway';
import { NOTIFY_PATH, RETURN_PATH, type PaymentsService, type ReturnOutcome } from './payments.service';

/**
 * The link pages a payer may be sent back to: only these paths of the shop's own, never another
 * site, and of plain segments (codes, checksums, references), so no "..", encoded or not, can
 * lead elsewhere.
 */
const RETURN_PAGES = /^\/(?:payment-plan-payment|accept-tcs)\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+){1,2}$/;

/** Notification bodies are small: a provider's event, or Mollie's `id=tr_…`. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/**
 * The provider's side of the shop: its server-to-server notifications (verified on the raw body,
 * each fact applied once) and the payer's return from its page (which only decides where the
 * payer goes: the order is paid by verified news, never by the return).
 */
export async function registerPaymentRoutes(app: FastifyInstance, deps: { gateway: PaymentGateway; payments: PaymentsService }): Promise<void> {
  const { gateway, payments } = deps;

  await app.register(async (scope) => {
    // The signature covers the exact bytes the provider sent: keep them as text, in the one body type the provider posts.
    const asText = (_request: unknown, body: string | Buffer, done: (error: null, body: string) => void) => done(null, typeof body === 'string' ? body : body.toString('utf8'));
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT }, asText);
    if (gateway.notificationBody === 'form') scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: NOTIFICATION_BODY_LIMIT }, asText);
    scope.post(NOTIFY_PATH(gateway.provider), async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const facts = await gateway.verifyNotification(raw, request.headers);
      if (!facts) {
        request.log.warn({ provider: gateway.provider }, 'refused a payment notification whose signature does not verify');
        return reply.status(401).send({ message: 'Invalid signature.' });
      }
      const results = await payments.applyFacts(facts);
      request.log.info({ provider: gateway.provider, facts: facts.map(({ kind, id, reference }) => ({ kind, id, reference })), results }, 'payment notification');
      // News of a payment we never issued, or that does not match it, is refused; a duplicate is acknowledged.
      if (results.includes('unknown-payment')) return reply.status(404).send({ message: 'Unknown payment.' });
      if (results.includes('mismatch')) return reply.status(422).send({ message: 'The notification does not match the payment.' });
      return { received: true };
    });
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(RETURN_PATH(gateway.provider), async (request, reply) => {
    const query = Object.fromEntries(Object.entries(request.query).map(([name, value]) => [name, typeof value === 'string' ? value : undefined]));
    const returned = gateway.verifyReturn(query);
    const settled = returned ? await payments.settleReturn(returned) : null;
    if (!settled) return reply.redirect('/portal', 303);
    // Paid from a link (an instalment, the terms page): back to that page, which works without a
    // session and waits on ?payment=paid until the news is in.
    const then = query.then;
    if (then && RETURN_PAGES.test(then)) return reply.redirect(`${then}?payment=${settled.outcome === 'waiting' ? 'paid' : settled.outcome}`, 303);
    return reply.redirect(orderPageAfter(settled.orderCode, settled.outcome), 303);
  });
}

/** The order's page for a returning payer: the confirmation once paid, else the order with what happened (or waiting for the news). */
export function orderPageAfter(orderCode: string, outcome: ReturnOutcome): string {
  const order = encodeURIComponent(orderCode);
  if (outcome === 'paid') return `/portal/orders/${order}/confirmation`;
  return `/order/${order}?payment=${outcome === 'waiting' ? 'returned' : outcome}`;
}
