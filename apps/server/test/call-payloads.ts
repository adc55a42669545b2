import type { ApiPath } from '@festival/contract';
import { type Party, WORLD_PASSWORD } from './security-world';
import { BANK_DETAILS, NL_ADDRESS } from './shop-flows';

/**
 * A well-formed payload of every call of the contract, naming the party's own things, with the
 * token given (or none). Fuzzing starts from these and breaks them; the access matrix sends them
 * with another's token. Typed as a record over every path, so a new call cannot be forgotten.
 */
export function wellFormedPayloads(party: Party, token: string | null): Record<ApiPath, Record<string, unknown>> {
  const holder = { full_name: 'Fuzz Holder', email: 'holder@example.org', age: '25-34' };
  return {
    login: { email: party.email, password: WORLD_PASSWORD },
    register: { full_name: 'New Person', email: 'new.person@example.org' },
    'request-password-reset': { email: party.email },
    'reset-password': { token: 'a'.repeat(43), email: party.email, password: 'a new password of length' },
    'email-tickets': { email: party.paid.ticket.email },
    'get-user': { token },
    logout: { token },
    'set-language': { token, language: 'de' },
    'get-page-config': { language: 'de' },
    'update-settings': { token, old_password: WORLD_PASSWORD, new_password: null, full_name: 'Party Person', email: party.email, country: 'NL', address: NL_ADDRESS },
    'get-data': { token },
    'change-ticket': { token, order_id: party.paid.id, code: party.paid.shuttle.code, reassign: false, note: 'a note', full_name: 'New Name', email: party.paid.shuttle.email, age: '25-34' },
    'change-answers': { token, order_id: party.paid.id, ticket: party.paid.shuttle.code, product: null, answers: {} },
    'set-travel-time': { token, code: party.paid.shuttle.code, transport_time_id: party.otherTravelTimeId },
    'request-refund': { token, order_id: party.paid.id, tickets: '', merchandise: party.paid.merchandise, ...BANK_DETAILS, note: 'no longer coming' },
    'cancel-refund': { token, refund_id: party.refundId },
    'refund-bank-details': { token, refund_id: party.refundId, ...BANK_DETAILS },
    'get-shop-item': { token, external_code: 'NWF27-WEEKEND' },
    'get-cart': { token, cart: party.cart.code },
    'calculate-invoice': { token, cart: party.cart.code, country: 'NL' },
    'add-product-to-cart': { token, cart: party.cart.code, external_code: 'NWF27-DAY-SAT', ...holder },
    'update-product-in-cart': { token, cart: party.cart.code, cart_product_id: party.cart.productId, ...holder },
    'remove-product-from-cart': { token, cart: party.cart.code, cart_product_id: party.cart.productId },
    'add-merchandise-to-cart': { token, cart: party.cart.code, external_code: 'NWF27-TOTE' },
    'remove-merchandise-from-cart': { token, cart: party.cart.code, cart_merchandise_id: party.cart.merchandiseId },
    'validate-voucher': { token, cart: party.cart.code, code: 'WELCOME10' },
    'checkout-cart': {
      token,
      cart: party.cart.code,
      customer: { country: 'NL', address: NL_ADDRESS },
      order: { payment_method: 'credit_card', accept_terms: true, shipping_name: 'Bea Buyer', shipping_country: 'NL', shipping_address: NL_ADDRESS },
      voucher_code: null,
    },
    'get-terms-and-conditions-order': { order: party.unpaid.code, checksum: party.unpaid.checksum },
    'accept-terms-and-conditions': { token, order: party.unpaid.code, checksum: party.unpaid.checksum },
    'get-payment-plan-order-payment': { order: party.plan.code, reference: party.plan.reference, checksum: party.plan.checksum },
    'pay-payment-plan-order-payment': { token, order: party.plan.code, reference: party.plan.reference, checksum: party.plan.checksum },
    'pay-order': { token, order: party.unpaid.code },
    'payment-methods': { token, cart: party.cart.code, country: 'NL' },
    'pay-by-transfer': { token, order: party.unpaid.code },
    'queue-info': { onsale: 'NWF27-ONSALE' },
    'queue-join': { token, onsale: 'NWF27-ONSALE' },
    'queue-status': { onsale: 'NWF27-ONSALE', pass: 'AQEAAAAA.bm90LWEtcmVhbC1wYXNz' },
    'queue-admit': { token, onsale: 'NWF27-ONSALE', pass: 'AQEAAAAA.bm90LWEtcmVhbC1wYXNz' },
    'queue-preview': { token, onsale: 'NWF27-ONSALE', preview: 'AQEAAAAA.bm90LWEtcmVhbC1wYXNz' },
  };
}
