import { randomBytes } from 'node:crypto';
import { api } from '../../packages/contract/src/api';
import { insertCustomer } from '../../apps/server/src/modules/accounts/accounts.queries';
import { hashPassword } from '../../apps/server/src/modules/accounts/passwords';
import { createBoxOfficeOrder } from '../../apps/server/src/modules/orders/box-office';

/** A refund request waiting in the demo shop's queue, made by its customer as the portal makes one. */
export interface QueuedRefund {
  orderCode: string;
  customer: string;
  email: string;
  product: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The back-office refund journey's two requests: one it approves, one it rejects (support/refund-queue.ts). */
    refundQueue: Record<keyof typeof REFUND_QUEUE_CUSTOMERS, QueuedRefund>;
  }
}

/** Two customers of the demo shop, each with a paid order and a refund request of its one ticket. */
export const REFUND_QUEUE_CUSTOMERS = {
  approve: { email: 'ruben.terug@example.com', fullName: 'Ruben Terug', item: 'NWF27-LOCKER', method: 'bank_transfer', note: 'My flight was cancelled, so I cannot come.' },
  reject: { email: 'rikke.nee@example.com', fullName: 'Rikke Nee', item: 'NWF27-DAY-SAT', method: 'credit_card', note: 'I bought this one twice by mistake.' },
} as const;

/** The bank details a customer in the Netherlands gives (a valid IBAN and BIC). */
const bankDetails = (holder: string) => ({
  bank_owner_full_name: holder,
  bank_owner_address: { 'Street and number': 'Damrak 1', Postcode: '1012 LG', City: 'Amsterdam' },
  bank_name: 'ABN AMRO',
  bank_city: 'Amsterdam',
  bank_country: 'NL',
  bank_bic: 'ABNANL2A',
  bank_iban: 'NL91 ABNA 0417 1643 00',
});

/** A call of the shop's API as the web app makes it. */
async function call(baseUrl: string, path: keyof typeof api, payload: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Fills the demo shop's refund queue for the back office's refund journey: each customer's account
 * (with a password the setup knows), an order the box office took and marked paid (as `npm run
 * orders -- create` does), and the customer's own refund request through the shop's API (signed in,
 * get-data's order, request-refund with bank details and a note).
 */
export async function prepareRefundQueue(baseUrl: string, boxOfficeDeps: Parameters<typeof createBoxOfficeOrder>[0]): Promise<Record<keyof typeof REFUND_QUEUE_CUSTOMERS, QueuedRefund>> {
  const queued = {} as Record<keyof typeof REFUND_QUEUE_CUSTOMERS, QueuedRefund>;
  for (const [key, customer] of Object.entries(REFUND_QUEUE_CUSTOMERS) as [keyof typeof REFUND_QUEUE_CUSTOMERS, (typeof REFUND_QUEUE_CUSTOMERS)[keyof typeof REFUND_QUEUE_CUSTOMERS]][]) {
    const password = randomBytes(12).toString('base64url');
    if (!(await insertCustomer(boxOfficeDeps.db, { email: customer.email, fullName: customer.fullName, passwordHash: await hashPassword(password) }))) throw new Error(`${customer.email} exists already`);
    const { order } = await createBoxOfficeOrder(boxOfficeDeps, { email: customer.email, fullName: customer.fullName, lines: [{ code: customer.item }], method: customer.method, paid: true });
    const { remember_token: token, data } = api.login.answer.parse(await call(baseUrl, 'login', { email: customer.email, password }));
    const placed = data.orders.find((candidate) => candidate.code === order.code);
    const ticket = placed?.tickets[0];
    if (!placed || !ticket) throw new Error(`${customer.email} does not see order ${order.code} with its ticket`);
    await call(baseUrl, 'request-refund', { token, order_id: placed.id, tickets: ticket.code, merchandise: '', ...bankDetails(customer.fullName), note: customer.note });
    queued[key] = { orderCode: order.code, customer: customer.fullName, email: customer.email, product: ticket.product };
  }
  return queued;
}
