/**
 * Names of the payment methods no shop configures: a voucher that covers the order, and what the
 * box office takes at the desk (issue 22: cash, the card terminal). Configured names win.
 */
const PAYMENT_METHOD_NAMES: Readonly<Record<string, string>> = {
  voucher: 'Voucher',
  cash: 'Cash at the box office',
  card_terminal: 'Card at the box office',
};

/** The name of a payment method: as configured, else the shop's own name for it (voucher, the box office's), else its code. */
export function paymentMethodLabel(method: string, paymentMethods: Readonly<Record<string, string>>): string {
  return paymentMethods[method] ?? PAYMENT_METHOD_NAMES[method] ?? method;
}
