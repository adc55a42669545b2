import { paymentMessages, type Locale, type ShopConfigFile, type Text } from '@festival/contract';
import { wordsFor, shopNameIn } from '../../lib/reader';
import { greetingOf, shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { ordersMailMessages } from '../orders/orders.mail.messages';
import type { OrderRow } from '../orders/orders.queries';
import type { DisputeFact } from './gateway';
import { paymentsMailMessages as texts } from './payments.mail.messages';
import type { PaymentRow } from './payments.queries';

type Config = Pick<ShopConfigFile, 'name' | 'publicBaseUrl' | 'currency' | 'locale' | 'timezone'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages' | 'translations'>>;

/**
 * A card payment the order did not need went back automatically (decision 0026): one message per
 * refunded attempt (its dedupe key), with the same sentence the order page shows, in the order's
 * language.
 */
export async function paymentReturnedMail(config: Config, language: Locale, to: { email: string; fullName: string }, order: Pick<OrderRow, 'code'>, payment: Pick<PaymentRow, 'id' | 'amount'>): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  return {
    to: to.email,
    subject: words.say(texts.paymentReturnedSubject({ code: order.code, shop: shopNameIn(config, language) })),
    dedupeKey: `payment-returned:${payment.id}`,
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, to.fullName),
      paragraphs: [words.say(paymentMessages.paymentReturned(words.amount(payment.amount))), words.say(texts.orderNotAffected({ code: order.code }))],
      action: { label: words.say(ordersMailMessages.viewOrder), url: shopLink(config, `/portal/orders/${encodeURIComponent(order.code)}`) },
    }, config)),
  };
}

const DISPUTE_TEXT: Record<DisputeFact['status'], { subject: (values: { code: string; shop: string }) => Text; says: Text; next: Text }> = {
  opened: { subject: texts.disputeOpenedSubject, says: texts.disputeOpened, next: texts.disputeOpenedNext },
  won: { subject: texts.disputeWonSubject, says: texts.disputeWon, next: texts.disputeWonNext },
  lost: { subject: texts.disputeLostSubject, says: texts.disputeLost, next: texts.disputeLostNext },
};

/**
 * The organiser's notice of a chargeback (decision 0037), to the shop's contact address: one per
 * payment and state (its dedupe key). `language`: the organiser's, the shop's default.
 */
export async function disputeMail(
  config: Config & Pick<ShopConfigFile, 'contact'>,
  language: Locale,
  order: Pick<OrderRow, 'code'>,
  payment: Pick<PaymentRow, 'id' | 'amount' | 'providerReference' | 'provider'>,
  fact: Pick<DisputeFact, 'status' | 'amount' | 'providerDisputeId'>,
): Promise<OutgoingMail> {
  const words = wordsFor(config, language);
  const text = DISPUTE_TEXT[fact.status];
  const details = texts.disputeDetails({
    code: order.code,
    amount: words.amount(fact.amount),
    payment: words.amount(payment.amount),
    provider: payment.provider,
    dispute: fact.providerDisputeId,
    reference: payment.providerReference ?? '–',
  });
  return {
    to: config.contact.email,
    subject: words.say(text.subject({ code: order.code, shop: shopNameIn(config, language) })),
    dedupeKey: `dispute:${payment.id}:${fact.status}`,
    ...(await composeMail({
      language,
      shopName: shopNameIn(config, language),
      greeting: greetingOf(words, null),
      // Two sentences: what happened, and the payment it happened to.
      paragraphs: [`${words.say(text.says)} ${words.say(details)}`, words.say(text.next)],
    }, config)),
  };
}
