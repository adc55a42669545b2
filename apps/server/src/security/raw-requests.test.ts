import { API_PATHS } from '@festival/contract';
import { like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app';
import { customers } from '../db/schema';
import { NOTIFY_PATH } from '../modules/payments/payments.service';
import { SANDBOX_PROVIDER } from '../modules/payments/sandbox-gateway';
import { expectClearRefusal } from '../../test/answer-checks';
import { percentEncoded, rawRequest } from '../../test/raw-http';
import { wellFormedPayloads } from '../../test/call-payloads';
import { testEngines } from '../../test/databases';
import { changedTables } from '../../test/db-snapshot';
import { FRAGMENTS, FUZZ_SCALE, FUZZ_SEED } from '../../test/hostile-input';
import { openAbuseShop, type Party } from '../../test/security-world';
import type { TestShop } from '../../test/test-shop';
import { timeLimit } from '../../test/time-limits';

const SECRET = 'raw-requests-secret-of-at-least-32-characters';
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const JSON_TYPE = { 'content-type': 'application/json', ...XHR };


/**
 * Spellings of one path that a router might decode or normalise into it (issue 18, point 2):
 * percent-encoded letters anywhere (and twice encoded), other casing, doubled and trailing
 * slashes, dot segments, `;` parameters, query strings and fragments, encoded slashes, NULs,
 * tabs and spaces, backslashes.
 */
function pathSpellings(path: string): string[] {
  const [first, ...rest] = path.slice(1).split('/');
  const tail = rest.join('/');
  const encodeEach = (text: string) => [...text].map((char) => (/[a-z]/i.test(char) ? percentEncoded(char) : char)).join('');
  const encodeFirst = (text: string) => percentEncoded(text[0]!) + text.slice(1);
  return [
    path,
    `/${encodeFirst(first!)}/${tail}`,
    `/${first}/${encodeFirst(tail)}`,
    `/${encodeEach(first!)}/${encodeEach(tail)}`,
    `/${first}/${tail.slice(0, -1)}${percentEncoded(tail.slice(-1))}`,
    `/%25${percentEncoded(first![0]!).slice(1)}${first!.slice(1)}/${tail}`,
    `/${first!.toUpperCase()}/${tail}`,
    `/${first![0]!.toUpperCase()}${first!.slice(1)}/${tail[0]!.toUpperCase()}${tail.slice(1)}`,
    `/${first}/${tail.toUpperCase()}`,
    `//${first}/${tail}`,
    `/${first}//${tail}`,
    `${path}/`,
    `${path}//`,
    `/./${first}/${tail}`,
    `/${first}/./${tail}`,
    `/x/../${first}/${tail}`,
    `/%2e/${first}/${tail}`,
    `/%2e%2e/${first}/${tail}`,
    `/x/%2e%2e/${first}/${tail}`,
    `${path};x=1`,
    `/${first};x/${tail}`,
    `${path}?x=1`,
    `${path}?`,
    `${path}?__proto__=1&x-requested-with=XMLHttpRequest`,
    `${path}#x`,
    `/${first}%2F${tail}`,
    `/${first}%2f${tail}`,
    `/%2F${first}/${tail}`,
    `/${first}\\${tail}`,
    `${path}%00`,
    `${path}%09`,
    `${path}%20`,
    `${path}%0a`,
    `/${first}%00/${tail}`,
    `${path}\t`,
    `${path}\u0000`,
    `${path} `,
  ];
}

/** Bodies a plain HTML form (or a no-CORS fetch) can send, in the casings and spacings a parser may forgive. */
const FORM_BODIES: { type: string | null; body: (fields: Record<string, string>) => string }[] = [
  { type: 'application/x-www-form-urlencoded', body: (fields) => new URLSearchParams(fields).toString() },
  { type: 'Application/X-WWW-Form-URLEncoded ; charset=UTF-8', body: (fields) => new URLSearchParams(fields).toString() },
  { type: ' application/x-www-form-urlencoded', body: (fields) => new URLSearchParams(fields).toString() },
  { type: 'text/plain', body: (fields) => JSON.stringify(fields) },
  { type: 'TEXT/PLAIN;charset=utf-8', body: (fields) => JSON.stringify(fields) },
  { type: 'multipart/form-data; boundary=x', body: (fields) => `${Object.entries(fields).map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--x--\r\n` },
  { type: 'Multipart/Form-Data;boundary="x"', body: (fields) => `${Object.entries(fields).map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('')}--x--\r\n` },
  { type: null, body: (fields) => JSON.stringify(fields) },
];

/**
 * What arrives below the JSON payloads (issue 10, point 1): bodies that are not JSON, the wrong
 * content type, bodies over the limit, calls without the shop's header or with the wrong method,
 * and download links with made-up, broken or hostile parts. Each answers a clear 4xx and changes
 * nothing.
 */
describe.each(testEngines())('raw requests on %s', (engine) => {
  let shop: TestShop;
  let owner: Party;
  let base: string;
  let snapshot: () => Promise<Record<string, string>>;
  beforeAll(async () => {
    ({ shop, owner, base, snapshot } = await openAbuseShop(engine, SECRET));
  }, timeLimit(120_000));
  afterAll(async () => {
    await shop?.close();
  });

  const unchangedAfter = async (what: string, work: () => Promise<void>) => {
    const before = await snapshot();
    await work();
    expect(changedTables(before, await snapshot()), what).toEqual([]);
  };

  it('answers malformed JSON, a wrong content type, an oversized body, a missing header and a wrong method of every call with a clear 4xx', async () => {
    const good = (path: (typeof API_PATHS)[number]) => JSON.stringify(wellFormedPayloads(owner, owner.token)[path]);
    const cases: { name: string; method?: 'GET' | 'PUT' | 'DELETE'; headers: Record<string, string>; body?: (path: (typeof API_PATHS)[number]) => string | Buffer; status: number[] }[] = [
      ...['{', '{"token":', '[1,2', 'nul', '{"a":1}}', "{'a':1}", '{"a":1,}', '\u0000', 'undefined', '{"a":"\\x41"}', '{"a":"\\ud800"'].map((text) => ({
        name: `unparsable ${JSON.stringify(text)}`,
        headers: JSON_TYPE,
        body: () => text,
        status: [400],
      })),
      { name: 'an empty JSON body', headers: JSON_TYPE, body: () => '', status: [400] },
      { name: 'a prototype-polluting body', headers: JSON_TYPE, body: (path) => good(path).replace(/^\{/, '{"__proto__":{"admin":true},'), status: [400] },
      { name: 'a constructor-polluting body', headers: JSON_TYPE, body: (path) => good(path).replace(/^\{/, '{"constructor":{"prototype":{"admin":true}},'), status: [400] },
      { name: 'deeply nested arrays', headers: JSON_TYPE, body: () => `${'['.repeat(10_000)}${']'.repeat(10_000)}`, status: [422] },
      { name: 'a body over the limit', headers: JSON_TYPE, body: (path) => good(path).replace(/^\{/, `{"padding":"${'x'.repeat(BODY_LIMIT_BYTES)}",`), status: [413] },
      { name: 'a text/plain body', headers: { 'content-type': 'text/plain', ...XHR }, body: good, status: [415] },
      { name: 'a form body', headers: { 'content-type': 'application/x-www-form-urlencoded', ...XHR }, body: () => 'token=x&cart=y', status: [415] },
      { name: 'a multipart body', headers: { 'content-type': 'multipart/form-data; boundary=x', ...XHR }, body: () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', status: [415] },
      { name: 'a JSON body in UTF-16', headers: { 'content-type': 'application/json; charset=utf-16le', ...XHR }, body: (path) => Buffer.from(good(path), 'utf16le'), status: [400, 415] },
      { name: 'a gzip body that is not gzip', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: good, status: [400, 415] },
      { name: 'no X-Requested-With header', headers: { 'content-type': 'application/json' }, body: good, status: [400] },
      { name: 'a GET', method: 'GET', headers: XHR, status: [404] },
      { name: 'a DELETE', method: 'DELETE', headers: XHR, status: [404] },
    ];
    for (const path of API_PATHS) {
      await unchangedAfter(path, async () => {
        for (const attempt of cases) {
          const response = await shop.app.inject({ method: attempt.method ?? 'POST', url: `/api/${path}`, headers: attempt.headers, ...(attempt.body ? { payload: attempt.body(path) } : {}) });
          const context = `${path} with ${attempt.name} → ${response.statusCode} ${response.body.slice(0, 200)}`;
          expect(attempt.status, context).toContain(response.statusCode);
          expectClearRefusal(response.statusCode, response.json(), context);
        }
      });
    }
  });

  it('answers any text sent as a JSON body with a clear 4xx or the call’s answer, never a 5xx', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.json(),
      fc.constantFrom(...FRAGMENTS),
      fc.tuple(fc.json(), fc.string({ maxLength: 5 })).map(([json, tail]) => json + tail),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_PATHS), fc.array(text, { minLength: 1, maxLength: 10 }), async (path, bodies) => {
        await unchangedAfter(path, async () => {
          for (const body of bodies) {
            const response = await shop.app.inject({ method: 'POST', url: `/api/${path}`, headers: JSON_TYPE, payload: body });
            const context = `${path} ${JSON.stringify(body).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
            // Some texts are JSON of a payload the call accepts (get-data of {}): then it answers.
            if (response.statusCode < 400) expect(response.statusCode, context).toBe(200);
            else expectClearRefusal(response.statusCode, response.json(), context);
          }
        });
      }),
      { numRuns: Math.round(60 * FUZZ_SCALE), ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) },
    );
  });

  it('answers made-up, broken and hostile download links with the same 404, never a 5xx', async () => {
    // A made-up link of each kind answers the shop's page for a link that does not work (decision 0069); every other wrong link the very same.
    const madeUp: Record<string, string> = {
      'download-ticket': (await shop.app.inject({ method: 'GET', url: '/download-ticket/nobody%40example.org/ZZZZZZZZZZZZZZZZZZZZ' })).body,
      'download-invoice': (await shop.app.inject({ method: 'GET', url: '/download-invoice/NOPE-1/zzzzzzzz' })).body,
    };
    expect(madeUp['download-ticket']).toContain('This ticket link does not work');
    expect(madeUp['download-invoice']).toContain('This invoice link does not work');
    const notFound = (response: { statusCode: number; body: string; headers: Record<string, unknown> }, context: string) => {
      const kind = context.split('/')[1]!;
      expect([response.statusCode, response.body], context).toEqual([404, madeUp[kind]]);
      expect(response.headers['cache-control'], context).toBe('private, no-store');
    };
    const segment = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom(...FRAGMENTS), fc.constantFrom(owner.paid.code, owner.paid.shuttle.code, owner.paid.shuttle.email, owner.paid.checksum, 'x'.repeat(300)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('download-ticket', 'download-invoice'), segment, segment, async (kind, first, second) => {
        const right = kind === 'download-ticket' ? [owner.paid.shuttle.email, owner.paid.shuttle.code] : [owner.paid.code, owner.paid.checksum];
        if (first === right[0] && second === right[1]) return;
        await unchangedAfter(kind, async () => {
          const url = `/${kind}/${percentEncoded(first)}/${percentEncoded(second)}`;
          const response = await shop.app.inject({ method: 'GET', url });
          notFound(response, url);
        });
      }),
      { numRuns: Math.round(150 * FUZZ_SCALE), ...(FUZZ_SEED !== undefined ? { seed: FUZZ_SEED } : {}) },
    );
    // Escapes that do not decode, encoded NULs and parent-directory steps.
    for (const url of ['/download-ticket/%ZZ/%00', '/download-invoice/%00/%00', '/download-ticket/a%2F..%2F..%2Fetc/passwd', '/download-invoice/..%2F..%2Fpackage.json/x', `/download-ticket/${encodeURIComponent(owner.paid.shuttle.email)}/${owner.paid.shuttle.code}%00`]) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    // The right link still downloads.
    const ticket = await shop.app.inject({ method: 'GET', url: `/download-ticket/${encodeURIComponent(owner.paid.shuttle.email)}/${owner.paid.shuttle.code}` });
    expect([ticket.statusCode, ticket.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('lets no spelling of an API path, no method and no request-target form reach a handler without the shop’s header or with a body a form can send', async () => {
    // The control: the canonical call with the header and JSON does create an account.
    const control = `control.${Date.now()}@example.org`;
    const made = await shop.app.inject({ method: 'POST', url: '/api/register', headers: JSON_TYPE, payload: { full_name: 'Control Person', email: control } });
    expect(made.statusCode, made.body).toBe(200);
    const { host } = new URL(base);
    let count = 0;
    await unchangedAfter('spelled API paths', async () => {
      for (const path of pathSpellings('/api/register')) {
        const targets = [path, `http://${host}${path}`, `http://evil.example${path}`, `HTTP://${host.toUpperCase()}${path}`];
        for (const target of targets) {
          for (const method of ['POST', 'HEAD', 'OPTIONS', 'PUT', 'post']) {
            if (method !== 'POST' && target !== path) continue;
            for (const form of FORM_BODIES) {
              for (const withHeader of [false, true]) {
                // Without the header nothing may pass; with it, no form-sendable body may.
                if (withHeader && form.type === null) continue;
                const email = `form.${count++}@example.org`;
                const head = `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.example\r\n${form.type === null ? '' : `Content-Type: ${form.type}\r\n`}${withHeader ? 'X-Requested-With: XMLHttpRequest\r\n' : ''}`;
                const answer = await rawRequest(base, head, form.body({ full_name: 'Form Person', email }));
                const context = `${method} ${JSON.stringify(target)} ${form.type ?? '(no type)'}${withHeader ? ' with the header' : ''} → ${answer.text.slice(0, 300)}`;
                // 4xx from the guard, the router or the HTTP parser; never 422 (a handler validated it) nor 2xx.
                expect(answer.status, context).toBeGreaterThanOrEqual(400);
                expect(answer.status, context).toBeLessThan(500);
                expect(answer.status, context).not.toBe(422);
              }
            }
          }
        }
      }
    });
    expect(count).toBeGreaterThan(1000);
    // No account of any of them (the table fingerprint above says no row changed at all).
    const accounts = await shop.database.db.select({ email: customers.email }).from(customers).where(like(customers.email, 'form.%@example.org'));
    expect(accounts).toEqual([]);
  }, timeLimit(300_000));

  it('refuses form-encoded, text and multipart posts to every route that changes state outside the API, however the path is spelled', async () => {
    // The payment notification is verified by signature over a JSON body; a form cannot forge one.
    const { host } = new URL(base);
    await unchangedAfter('payment notifications', async () => {
      for (const path of pathSpellings(NOTIFY_PATH(SANDBOX_PROVIDER))) {
        for (const form of FORM_BODIES) {
          const head = `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.example\r\n${form.type === null ? '' : `Content-Type: ${form.type}\r\n`}`;
          const answer = await rawRequest(base, head, form.body({ reference: owner.plan.reference, outcome: 'paid', amount: '1', currency: 'EUR' }));
          const context = `POST ${JSON.stringify(path)} ${form.type ?? '(no type)'} → ${answer.text.slice(0, 300)}`;
          expect(answer.status, context).toBeGreaterThanOrEqual(400);
          expect(answer.status, context).toBeLessThan(500);
        }
      }
    });
  }, timeLimit(120_000));
});
