import type { PaymentInstruction } from '@festival/contract';

/** What following an instruction needs of the browser window (tests pass their own). */
export interface PaymentWindow {
  document: Document;
  location: Pick<Location, 'assign' | 'href'>;
}

/**
 * The payment provider's address of an instruction, resolved against the page. Only web
 * addresses: a `javascript:` or `data:` URL in an answer would run in the shop's page.
 */
export function paymentUrl(url: string, base: string): URL {
  const resolved = new URL(url, base);
  if (resolved.protocol !== 'https:' && resolved.protocol !== 'http:') {
    throw new Error(`Refusing to follow a payment instruction to ${resolved.protocol} addresses.`);
  }
  return resolved;
}

/**
 * Sends the payer to the payment provider (spec section 3, "payment instruction"): a redirect
 * goes to its URL; a submit posts its params to its URL as a form of hidden fields, which is
 * how providers that want a POST take the payer over.
 */
export function followPaymentInstruction(instruction: PaymentInstruction, win: PaymentWindow = window): void {
  const target = paymentUrl(instruction.url, win.location.href);
  if (instruction.action === 'redirect') {
    win.location.assign(target.href);
    return;
  }
  const doc = win.document;
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = target.href;
  form.hidden = true;
  for (const [name, value] of Object.entries(instruction.params)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
