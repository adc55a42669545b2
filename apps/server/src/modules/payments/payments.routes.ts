import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from './gateway';
import { NOTIFY_PATH, RETURN_PATH, type PaymentsService } from './payments.service';

/**
 * The link pages a payer may be sent back to: only these paths of the shop's own, never another
 * site, and of plain segments (codes, checksums, references), so no "..", encoded or not, can
 * lead elsewhere.
 */
const RETURN_PAGES = /^\/(?:payment-plan-payment|accept-tcs)\/[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+){1,2}$/;

/**
 * The provider's side of the shop: its server-to-server notifications (verified by signature on
 * the raw body, applied once) and the payer's return from its page (which only decides where the
 * payer goes: the order is paid by the notification, never by the return).
 */
export async function registerPaymentRoutes(app: FastifyInstance, deps: { gateway: PaymentGateway; payments: PaymentsService }): Promise<void> {
  const { gateway, payments } = deps;

  await app.register(async (scope) => {
    // The signature covers the exact bytes the provider sent: keep them as text.
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.post(NOTIFY_PATH(gateway.provider), async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const notification = await gateway.verifyNotification(raw, request.headers);
      if (!notification) {
        request.log.warn({ provider: gateway.provider }, 'refused a payment notification whose signature does not verify');
        return reply.status(401).send({ message: 'Invalid signature.' });
      }
      const result = await payments.applyNotification(notification);
      request.log.info({ provider: gateway.provider, reference: notification.reference, outcome: notification.outcome, result }, 'payment notification');
      // A notification for a payment we never issued or with the wrong amount is refused; a duplicate is acknowledged.
      if (result === 'unknown-payment') return reply.status(404).send({ message: 'Unknown payment.' });
      if (result === 'mismatch') return reply.status(422).send({ message: 'The notification does not match the payment.' });
      return { received: true };
    });
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(RETURN_PATH(gateway.provider), async (request, reply) => {
    const returned = gateway.verifyReturn(request.query);
    const code = returned ? await payments.orderCodeOfPayment(returned.reference) : null;
    if (!returned || !code) return reply.redirect('/portal', 303);
    // Paid from a link (an instalment, the terms page): back to that page, which works without a session.
    const then = request.query.then;
    if (then && RETURN_PAGES.test(then)) return reply.redirect(`${then}?payment=${returned.outcome}`, 303);
    const order = encodeURIComponent(code);
    return reply.redirect(returned.outcome === 'paid' ? `/portal/orders/${order}/confirmation` : `/order/${order}?payment=${returned.outcome}`, 303);
  });
}
