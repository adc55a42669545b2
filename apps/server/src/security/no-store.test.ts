import { API_PATHS, STAFF_API_PATHS, type ApiPath } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScanners } from '../modules/checkin/scanners';
import { NOTIFY_PATH, RETURN_PATH } from '../modules/payments/payments.service';
import { SANDBOX_PATH, SANDBOX_PROVIDER } from '../modules/payments/sandbox-gateway';
import { DEV_MAILBOX_PATH } from '../modules/mail/dev-mailbox.routes';
import { wellFormedPayloads } from '../../test/call-payloads';
import { testEngines } from '../../test/databases';
import { rawRequest } from '../../test/raw-http';
import { openAbuseShop, type Party } from '../../test/security-world';
import { staffCall } from '../../test/staff-call';
import { cookieOf, signedInStaff } from '../../test/staff-sign-in';
import type { TestShop } from '../../test/test-shop';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'no-store-secret-of-at-least-32-characters';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_TYPE = { 'content-type': 'application/json', ...XHR };

/** Whether an answer's headers forbid every cache (a browser's and a proxy's) to keep it. */
function expectNoStore(headers: Record<string, unknown>, context: string): void {
  expect(String(headers['cache-control'] ?? '(none)'), context).toMatch(/(?:^|,\s*)no-store(?:\s*,|$)/);
  expect(headers.pragma, context).toBe('no-cache');
}

/** The Cache-Control and Pragma headers of a raw HTTP answer, by lower-cased name. */
function rawHeaders(text: string): Record<string, string> {
  const head = text.split('\r\n\r\n', 1)[0]!.split('\r\n').slice(1);
  return Object.fromEntries(head.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/**
 * Personal data is never cached (issue 33, point 9; decision 0054): every answer of every call of
 * the contract, the shop's and the staff's, answered or refused at any stage (before the route,
 * by its guard, by the schema, by the service), and every other answer that may carry personal
 * data (documents, the QR picture, the development mailbox, payment returns and news, the sandbox's
 * pages) says `Cache-Control: no-store`. The calls come from the contract, so a new call is
 * covered without a line here.
 */
describe.each(testEngines())('no answer with personal data is cached, on %s', (engine) => {
  let shop: TestShop;
  let owner: Party;
  let base: string;
  let keepSession: () => Promise<unknown>;
  const staff = new Map<string, string | null>();
  beforeAll(async () => {
    ({ shop, owner, base, keepSession } = await openAbuseShop(engine, SECRET, { devMailbox: true }));
    staff.set('no session', null);
    staff.set('admin', (await signedInStaff(shop.app, shop.database.db, { email: 'no-store.admin@example.org', role: 'admin' })).cookie);
    staff.set('gate', (await signedInStaff(shop.app, shop.database.db, { email: 'no-store.gate@example.org', role: 'gate' })).cookie);
    const { code } = await createScanners({ db: shop.database.db }).add('No-store phone');
    staff.set('scanner', cookieOf((await staffCall(shop.app, 'scanner-login', { code })).headers['set-cookie']));
  }, timeLimit(180_000));
  afterAll(async () => {
    await shop?.close();
  });

  /** A refused or answered request of every kind the API meets, for one URL. */
  const apiRequests = (url: string, payload: unknown, cookie?: string | null) => [
    { name: 'the call', method: 'POST' as const, headers: { ...JSON_TYPE, ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) },
    { name: 'an empty payload', method: 'POST' as const, headers: { ...JSON_TYPE, ...(cookie ? { cookie } : {}) }, payload: '{}' },
    { name: 'a payload of the wrong shape', method: 'POST' as const, headers: JSON_TYPE, payload: '{"token":["x"],"email":1}' },
    { name: 'unparsable JSON', method: 'POST' as const, headers: JSON_TYPE, payload: '{' },
    { name: 'no X-Requested-With', method: 'POST' as const, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) },
    { name: 'a form body', method: 'POST' as const, headers: { 'content-type': 'application/x-www-form-urlencoded', ...XHR }, payload: 'token=x' },
    { name: 'a body over the limit', method: 'POST' as const, headers: JSON_TYPE, payload: `{"x":"${'x'.repeat(70_000)}"}` },
    { name: 'a GET', method: 'GET' as const, headers: { ...XHR, ...(cookie ? { cookie } : {}) } },
  ];

  it("says no-store on every answer of every shop call, answered or refused, the owner's own data included", async () => {
    // Logging out ends the session the other calls use: it goes last, and the session comes back after.
    const paths = [...API_PATHS.filter((path) => path !== 'logout'), 'logout' as ApiPath];
    let answered = 0;
    for (const path of paths) {
      const payload = wellFormedPayloads(owner, owner.token)[path];
      for (const url of [`/api/${path}`, `/%61pi/${path}`, `/API/${path}`]) {
        for (const request of apiRequests(url, payload)) {
          const response = await shop.app.inject({ url, ...request });
          const context = `${request.name} ${url} → ${response.statusCode} ${response.body.slice(0, 160)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          expectNoStore(response.headers, context);
          if (response.statusCode === 200) answered += 1;
        }
      }
      await keepSession();
    }
    // Most calls answered the owner with their own data: the header is not only on refusals.
    expect(answered).toBeGreaterThan(API_PATHS.length);
  });

  it('says no-store on every answer of every staff call, for every caller, answered or refused', async () => {
    let answered = 0;
    for (const path of STAFF_API_PATHS) {
      for (const [who, cookie] of staff) {
        const url = `/api/staff/${path}`;
        for (const request of apiRequests(url, {}, cookie)) {
          const response = await shop.app.inject({ url, ...request });
          const context = `${who}: ${request.name} ${url} → ${response.statusCode} ${response.body.slice(0, 160)}`;
          expect(response.statusCode, context).toBeLessThan(500);
          expectNoStore(response.headers, context);
          if (response.statusCode === 200) answered += 1;
        }
      }
    }
    expect(answered).toBeGreaterThan(3);
  });

  it('says no-store on documents, the QR picture, the development mailbox, payment returns and news, and unknown API paths', async () => {
    // The shuttle ticket: the weekend ticket has a refund requested, and its link shows nothing.
    const ticket = owner.paid.shuttle;
    const urls = [
      `/download-ticket/${encodeURIComponent(ticket.email)}/${ticket.code}`,
      `/download-ticket/${encodeURIComponent(ticket.email)}/${ticket.code}/qr.png`,
      `/download-ticket/${encodeURIComponent(ticket.email)}/NOSUCHCODE`,
      `/download-invoice/${owner.paid.code}/${owner.paid.checksum}`,
      `/download-invoice/${owner.paid.code}/wrong`,
      `/download-credit-note/${owner.paid.code}/1/wrong`,
      '/download-ticket/x',
      DEV_MAILBOX_PATH,
      `${DEV_MAILBOX_PATH}/1`,
      `${DEV_MAILBOX_PATH}/1/html`,
      `${DEV_MAILBOX_PATH}/999999`,
      `${RETURN_PATH(SANDBOX_PROVIDER)}?reference=x&outcome=paid&signature=y`,
      RETURN_PATH(SANDBOX_PROVIDER),
      `${SANDBOX_PATH}/sandbox.css`,
      '/api/no-such-call',
      '/api/staff/no-such-call',
      '/api/',
      '/healthz',
    ];
    for (const url of urls) {
      const response = await shop.app.inject({ method: 'GET', url });
      const context = `GET ${url} → ${response.statusCode}`;
      expect(response.statusCode, context).toBeLessThan(500);
      expectNoStore(response.headers, context);
    }
    const posts = [
      { url: NOTIFY_PATH(SANDBOX_PROVIDER), headers: { 'content-type': 'application/json' }, payload: '{"id":"ntf_x"}' },
      { url: `${SANDBOX_PATH}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'reference=x' },
      { url: `${SANDBOX_PATH}/pay/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'reference=x' },
      { url: '/api/no-such-call', headers: JSON_TYPE, payload: '{}' },
    ];
    for (const post of posts) {
      const response = await shop.app.inject({ method: 'POST', ...post });
      const context = `POST ${post.url} → ${response.statusCode}`;
      expect(response.statusCode, context).toBeLessThan(500);
      expectNoStore(response.headers, context);
    }
  });

  it('says no-store on what the server answers before any route, over raw HTTP', async () => {
    const heads = [
      `POST /api/get-data HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n`,
      `POST /api/get-data%zz HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n`,
      `POST http://elsewhere.example/api/get-data HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Requested-With: XMLHttpRequest\r\n`,
      `GET /download-ticket/%zz/x HTTP/1.1\r\nHost: x\r\n`,
      `GET /download-ticket/${'a'.repeat(5000)}/x HTTP/1.1\r\nHost: x\r\n`,
      `GET /media/${'a'.repeat(5000)} HTTP/1.1\r\nHost: x\r\n`,
      `GET /dev/mailbox/%c0%ae HTTP/1.1\r\nHost: x\r\n`,
    ];
    for (const head of heads) {
      const { status, text } = await rawRequest(base, head, JSON.stringify({ token: owner.token }));
      const context = `${head.split('\r\n', 1)[0]} → ${status}`;
      expect(status, context).toBeGreaterThanOrEqual(200);
      expect(status, context).toBeLessThan(500);
      const headers = rawHeaders(text);
      expectNoStore(headers, context);
      // And the other headers every answer carries, which the hooks such a request skips would have set.
      expect(headers['x-content-type-options'], context).toBe('nosniff');
      // The shop's policy, or a stricter one of its own (a dead link's page: nothing but its inline style).
      expect(headers['content-security-policy'], context).toMatch(/default-src '(self|none)'/);
      expect(headers['content-security-policy'], context).toContain("frame-ancestors 'none'");
    }
  });
});
