import { API_PATHS, type ApiPath } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wellFormedPayloads } from '../../test/call-payloads';
import { testEngines } from '../../test/databases';
import { openAbuseShop, type Party } from '../../test/security-world';
import { createStatementRecorder } from '../../test/statement-recorder';
import type { TestShop } from '../../test/test-shop';
import { ACCEPT_TERMS_LINK, INVOICE_LINK, instalmentLink, orderLinkSignature } from '../modules/checkout/order-links.signatures';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'access-matrix-secret-of-at-least-32-characters';
const HOUR = 3_600_000;

/**
 * Calls whose reference is reached through the session (spec section 6): the owner is answered;
 * another customer is answered exactly as for a reference that does not exist (a refusal, or for
 * carts what a made-up cart code gets: no cart, or a new cart of their own); a visitor either must
 * log in or is answered as for one that does not exist (carts, which visitors may use).
 * In the order they run: the owner's own calls go last and change the world as they succeed.
 */
/**
 * `owner`: what the owner's own call answers where it is not 200: refund-bank-details reaches the
 * owner's refund, which goes back to the card and so wants no bank details (409, not 404).
 */
const SESSION_BOUND: { path: ApiPath; visitor: 'log in' | 'not found'; owner?: number }[] = [
  { path: 'get-cart', visitor: 'not found' },
  { path: 'calculate-invoice', visitor: 'not found' },
  { path: 'payment-methods', visitor: 'not found' },
  { path: 'validate-voucher', visitor: 'not found' },
  { path: 'update-product-in-cart', visitor: 'not found' },
  { path: 'add-product-to-cart', visitor: 'not found' },
  { path: 'add-merchandise-to-cart', visitor: 'not found' },
  { path: 'remove-merchandise-from-cart', visitor: 'not found' },
  { path: 'remove-product-from-cart', visitor: 'not found' },
  { path: 'checkout-cart', visitor: 'log in' },
  { path: 'set-travel-time', visitor: 'log in' },
  { path: 'change-ticket', visitor: 'log in' },
  { path: 'change-answers', visitor: 'log in' },
  { path: 'request-refund', visitor: 'log in' },
  { path: 'refund-bank-details', visitor: 'log in', owner: 409 },
  { path: 'cancel-refund', visitor: 'log in' },
  { path: 'pay-order', visitor: 'log in' },
  { path: 'pay-by-transfer', visitor: 'log in' },
];
/** Calls whose key is the link's checksum (spec section 6: they work with a checksum, for anyone). */
const LINK_KEYED: ApiPath[] = ['get-terms-and-conditions-order', 'accept-terms-and-conditions', 'get-payment-plan-order-payment', 'pay-payment-plan-order-payment'];
/** Calls that name no order, ticket, refund, payment or cart: they act on the session's customer or an address. */
/**
 * The waiting room's calls: their reference is a signed place pass, and a place belongs to the
 * account that joined (another account's admission is refused: onsale/waiting-room.test.ts).
 */
const PLACE_PASS_KEYED: ApiPath[] = ['queue-join', 'queue-status', 'queue-admit', 'queue-preview'];
const NO_REFERENCE: ApiPath[] = ['login', 'register', 'request-password-reset', 'reset-password', 'email-tickets', 'get-user', 'logout', 'update-settings', 'set-language', 'get-data', 'get-shop-item', 'get-page-config', 'queue-info'];

/** A party whose every reference is made up: nothing of the kind exists. */
function madeUp(party: Party, secret: string): Party {
  return {
    ...party,
    cart: { code: 'Zz'.repeat(16), productId: 987_654, merchandiseId: 987_654 },
    paid: { ...party.paid, id: 987_654, code: 'ZZZZZZZZ', checksum: orderLinkSignature(secret, 'ZZZZZZZZ', INVOICE_LINK), ticket: { code: 'Z'.repeat(20), email: party.paid.ticket.email }, shuttle: { code: 'Y'.repeat(20), email: party.paid.shuttle.email }, merchandise: 'X'.repeat(20) },
    refundId: 987_654,
    plan: { id: 987_655, code: 'YYYYYYYY', checksum: orderLinkSignature(secret, 'YYYYYYYY', instalmentLink('Z'.repeat(12))), reference: 'Z'.repeat(12) },
    unpaid: { id: 987_656, code: 'XXXXXXXX', checksum: orderLinkSignature(secret, 'XXXXXXXX', ACCEPT_TERMS_LINK) },
  };
}

/** Answers with the values that differ per call (a new cart's code, a time) blanked out. */
function comparable(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (key, value) => (/^(code|id|now|expires_at|.*_at|stock_level|seats_left|.*available.*)$/.test(key) && value !== null ? '…' : value));
}

/**
 * The access matrix of issue 10 (point 2): every call and download link that takes an order,
 * ticket, refund, payment or cart reference, as the owner, as another customer and as a visitor.
 */
describe.each(testEngines())('who reaches what, on %s', (engine) => {
  let shop: TestShop;
  let owner: Party;
  let other: Party;
  let recorder: ReturnType<typeof createStatementRecorder> | undefined;
  /** The clock of the portal's rules: a ticket changed is locked for 15 minutes, so the owner's next change moves it on. */
  let clock = new Date();
  beforeAll(async () => {
    // One catalogue snapshot and one waiting-room state throughout: their reloads, whenever they fall
    // due (the room's once a second, read by whichever call comes first), are no part of an answer's statements.
    ({ shop, owner, other } = await openAbuseShop(engine, SECRET, { catalogMaxAgeMs: HOUR, waitingRoomStateMaxAgeMs: HOUR, now: () => clock }));
    // On PostgreSQL the statements each answer took are compared too (the timing of a not-found answer).
    if (engine === 'postgres') recorder = createStatementRecorder();
  }, timeLimit(120_000));
  afterAll(async () => {
    recorder?.restore();
    await shop?.close();
  });

  const call = async (path: ApiPath, payload: Record<string, unknown>) => {
    recorder?.take();
    const work = () => shop.call(path, payload as never);
    const answer = recorder ? await recorder.during(work) : await work();
    return { ...answer, statements: recorder?.take().map((statement) => statement.text) ?? [] };
  };

  it('names every call of the contract in exactly one row of the matrix', () => {
    const rows = [...SESSION_BOUND.map((row) => row.path), ...LINK_KEYED, ...NO_REFERENCE, ...PLACE_PASS_KEYED];
    expect([...rows].sort()).toEqual([...API_PATHS].sort());
  });

  it('answers another customer naming the owner’s order, ticket, refund or cart exactly as a made-up one, with the same statements; a visitor must log in or is not found', async () => {
    const nobody = madeUp(owner, SECRET);
    for (const { path, visitor, owner: ownerStatus = 200 } of SESSION_BOUND) {
      const othersAttempt = await call(path, wellFormedPayloads(owner, other.token)[path]);
      const othersMadeUp = await call(path, wellFormedPayloads(nobody, other.token)[path]);
      const context = `${path}: another customer got ${othersAttempt.status} ${JSON.stringify(othersAttempt.body).slice(0, 300)}`;
      expect([othersAttempt.status, comparable(othersAttempt.body)], context).toEqual([othersMadeUp.status, comparable(othersMadeUp.body)]);
      expect(othersAttempt.statements, `${path}: the statements of a not-found answer tell whether the reference exists`).toEqual(othersMadeUp.statements);

      const visitorsAttempt = await call(path, wellFormedPayloads(owner, null)[path]);
      const visitorsMadeUp = await call(path, wellFormedPayloads(nobody, null)[path]);
      if (visitor === 'log in') expect(visitorsAttempt.status, `${path} as a visitor`).toBe(401);
      expect([visitorsAttempt.status, comparable(visitorsAttempt.body)], `${path} as a visitor`).toEqual([visitorsMadeUp.status, comparable(visitorsMadeUp.body)]);

      // The shuttle's travel time was just moved, which locks the ticket for 15 minutes.
      const started = clock;
      if (path === 'change-ticket') clock = new Date(started.getTime() + 16 * 60_000);
      const ownCall = await call(path, wellFormedPayloads(owner, owner.token)[path]);
      clock = started;
      expect(ownCall.status, `${path} as the owner: ${JSON.stringify(ownCall.body).slice(0, 300)}`).toBe(ownerStatus);
      if (recorder) expect(ownCall.statements.length, `${path}: the owner's answer read the database`).toBeGreaterThan(0);
    }
  });

  it('opens a checksum link for whoever holds it, and answers a tampered, truncated or borrowed checksum as a made-up order', async () => {
    const nobody = madeUp(owner, SECRET);
    const links = (party: Party, checksum?: string) => {
      const payloads = wellFormedPayloads(party, null);
      return LINK_KEYED.map((path) => [path, checksum ? { ...payloads[path], checksum } : payloads[path]] as const);
    };
    const flip = (text: string) => text.replace(/.$/, (last) => (last === '0' ? '1' : '0'));
    const wrong = (party: Party, order: 'unpaid' | 'plan') => [
      flip(party[order].checksum),
      party[order].checksum.slice(0, -1),
      party[order].checksum.slice(0, 8),
      party[order].checksum.toUpperCase(),
      `${party[order].checksum}0`,
      other[order].checksum,
      orderLinkSignature('another-secret-of-at-least-32-characters', party[order].code, order === 'plan' ? instalmentLink(party.plan.reference) : ACCEPT_TERMS_LINK),
      // The same order's other links (decision 0027): an invoice link opens no terms or instalment call, nor these each other's.
      orderLinkSignature(SECRET, party[order].code, INVOICE_LINK),
      orderLinkSignature(SECRET, party[order].code, order === 'plan' ? ACCEPT_TERMS_LINK : instalmentLink(party.plan.reference)),
      '',
    ];
    for (const [path, payload] of links(owner)) {
      const made = await shop.call(path, (links(nobody).find(([candidate]) => candidate === path)![1]) as never);
      expect(made.status, `${path} of a made-up order`).toBe(404);
      const order = path.includes('payment-plan') ? 'plan' : 'unpaid';
      for (const checksum of wrong(owner, order)) {
        const answer = await shop.call(path, { ...payload, checksum } as never);
        if (checksum === '') expect(answer.status, `${path} without a checksum`).toBe(422);
        else expect([answer.status, answer.body], `${path} with checksum ${checksum}`).toEqual([made.status, made.body]);
      }
      for (const token of [null, other.token, owner.token]) {
        const answer = await shop.call(path, { ...payload, ...(path.startsWith('get-') ? {} : { token }) } as never);
        expect(answer.status, `${path} with the right link, token ${token}: ${JSON.stringify(answer.body).slice(0, 300)}`).toBe(200);
      }
    }
  });

  it('serves download links to whoever holds them, and answers every wrong part with the same 404', async () => {
    const get = async (url: string) => {
      const response = await shop.app.inject({ method: 'GET', url });
      return [response.statusCode, response.statusCode === 200 ? response.headers['content-type'] : response.body];
    };
    const ticket = (email: string, code: string) => `/download-ticket/${encodeURIComponent(email)}/${encodeURIComponent(code)}`;
    const invoice = (code: string, checksum: string) => `/download-invoice/${encodeURIComponent(code)}/${encodeURIComponent(checksum)}`;
    const pdf = [200, 'application/pdf'];
    // A made-up link of each kind (decision 0069: the shop's page for a link that does not work); every wrong part answers the same.
    const notFoundTicket = await get(ticket('nobody@example.org', 'Z'.repeat(20)));
    const notFoundInvoice = await get(invoice('NOPE-1', 'z'.repeat(8)));
    expect([notFoundTicket[0], notFoundInvoice[0]]).toEqual([404, 404]);
    const { shuttle } = owner.paid;
    expect(await get(ticket(shuttle.email, shuttle.code))).toEqual(pdf);
    expect(await get(ticket(shuttle.email.toUpperCase(), shuttle.code))).toEqual(pdf);
    expect(await get(invoice(owner.paid.code, owner.paid.checksum))).toEqual(pdf);
    for (const url of [
      ticket(other.paid.shuttle.email, shuttle.code),
      ticket(shuttle.email, other.paid.shuttle.code),
      ticket(shuttle.email, shuttle.code.slice(0, -1)),
      ticket(shuttle.email, shuttle.code.toLowerCase()),
      ticket(owner.email, shuttle.code),
      invoice(owner.paid.code, other.paid.checksum),
      invoice(owner.paid.code, owner.paid.checksum.slice(0, -1)),
      invoice(owner.paid.code, owner.paid.checksum.toUpperCase()),
      invoice(other.paid.code, owner.paid.checksum),
      invoice(owner.unpaid.code, owner.unpaid.checksum),
      // Another link's signature of the paid order itself opens no invoice (decision 0027).
      invoice(owner.paid.code, orderLinkSignature(SECRET, owner.paid.code, ACCEPT_TERMS_LINK)),
      invoice(owner.paid.code, orderLinkSignature(SECRET, owner.paid.code, instalmentLink(owner.plan.reference))),
    ]) {
      expect(await get(url), url).toEqual(url.startsWith('/download-ticket/') ? notFoundTicket : notFoundInvoice);
    }
  });

  it('shows a customer nothing of another customer’s, in get-data, get-user or any answer', async () => {
    const secretsOf = (party: Party) => [party.email, party.paid.code, party.paid.ticket.code, party.paid.shuttle.code, party.paid.merchandise, party.plan.code, party.plan.reference, party.unpaid.code, party.cart.code, party.paid.ticket.email, party.paid.shuttle.email];
    for (const path of ['get-data', 'get-user'] as const) {
      const asOther = JSON.stringify((await shop.call(path, { token: other.token })).body);
      const asVisitor = JSON.stringify((await shop.call(path, { token: null })).body);
      for (const secret of secretsOf(owner)) {
        expect(asOther.includes(secret), `${path} of another customer shows ${secret}`).toBe(false);
        expect(asVisitor.includes(secret), `${path} of a visitor shows ${secret}`).toBe(false);
      }
      // The owner's own answer does show them: the search above could have found them.
      const asOwner = JSON.stringify((await shop.call(path, { token: owner.token })).body);
      expect(asOwner).toContain(owner.email);
    }
    const ownerData = JSON.stringify((await shop.call('get-data', { token: owner.token })).body);
    for (const secret of [owner.paid.code, owner.plan.code, owner.paid.shuttle.code]) expect(ownerData).toContain(secret);
  });
});
