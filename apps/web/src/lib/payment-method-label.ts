import type { Text } from '@festival/contract';
import { libTexts } from './lib.messages';
import { say } from './say';

/**
 * Names of the payment methods no shop configures: a voucher that covers the order, and what the
 * box office takes at the desk (issue 22: cash, the card terminal). Configured names win.
 */
const PAYMENT_METHOD_NAMES: Readonly<Record<string, Text>> = libTexts.paymentMethodLabel;

/** The name of a payment method: as configured, else the shop's own name for it (voucher, the box office's), else its code. */
export function paymentMethodLabel(method: string, paymentMethods: Readonly<Record<string, string>>): string {
  const own = Object.hasOwn(PAYMENT_METHOD_NAMES, method) ? PAYMENT_METHOD_NAMES[method] : undefined;
  return paymentMethods[method] ?? (own ? say(own) : method);
}
