import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { type ShopConfigFile, type Translator, paymentMessages } from '@festival/contract';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendHtmlPage } from '../../http/html-page';
import { requestTranslator } from '../../lib/language';
import { intlLocaleOf } from '../../lib/reader';
import { escapeHtmlText } from '../config/shop-config';
import { sandboxMessages as texts } from './sandbox.messages';
import type { PaymentFact, PaymentGateway, PaymentOutcome, PaymentRequest, RefundRequest, VerifiedReturn } from './gateway';

export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_PATH = '/sandbox-gateway';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** Test cards, as a real provider's test mode has them. Any other number is refused on the page. */
export const SANDBOX_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;

/** The fields the shop posts to the hosted page; the signature covers all of them. */
const SIGNED_FIELDS = ['reference', 'amount', 'currency', 'description', 'email', 'return_path', 'notify_path'] as const;
type SignedFields = Record<(typeof SIGNED_FIELDS)[number], string>;

/** How often and how long the sandbox tries to deliver a notification the shop did not accept. */
const NOTIFY_RETRY_MS = [1_000, 5_000, 30_000, 120_000];

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

/** Compares two hex signatures in constant time. */
export function signaturesMatch(expected: string, given: string | undefined): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

const canonical = (fields: Record<string, string>, names: readonly string[]) => names.map((name) => `${name}=${fields[name] ?? ''}`).join('\n');

/** What the shop asked of the sandbox, in order, so tests assert what was sent (as a provider's double records requests). */
export type SandboxRequest =
  | { kind: 'create'; reference: string; amount: number; currency: string }
  | { kind: 'read'; reference: string }
  | { kind: 'cancel'; reference: string; answer: 'cancelled' | 'too-late' }
  | ({ kind: 'refund'; refundId: string; repeated: boolean } & RefundRequest);

export type SandboxGateway = PaymentGateway & {
  secret: string;
  signFields(fields: Omit<SignedFields, never>): string;
  /** Every request the shop made of this gateway. */
  readonly requests: SandboxRequest[];
  /** The page's record that an attempt was paid (what readPayment and cancelAttempt answer from). */
  markPaid(reference: string): void;
  /** Whether the shop cancelled this attempt: its page then takes no card. */
  isCancelled(reference: string): boolean;
};

/** The sandbox among gateways: its pages are the shop's own to serve. */
export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.provider === SANDBOX_PROVIDER && 'signFields' in gateway;
}

/**
 * A payment provider that runs inside the shop, so the demo and the tests pay for real without
 * the network: a hosted payment page the shop posts the payer to, test cards that succeed or are
 * declined, a signed server-to-server notification, and a signed return. Its secret is derived
 * from APP_SECRET; a real provider's adapter implements the same PaymentGateway with its own.
 * What it knows of attempts (paid, cancelled, refunded) lives in this process only: it is a test
 * double, and the shop's own rows decide what counts (decision 0026).
 */
export function createSandboxGateway(appSecret: string): SandboxGateway {
  const secret = hmac(appSecret, 'sandbox-gateway');
  const signFields = (fields: SignedFields) => hmac(secret, canonical(fields, SIGNED_FIELDS));
  const returnSignature = (reference: string, outcome: string) => hmac(secret, `return\n${reference}\n${outcome}`);
  const requests: SandboxRequest[] = [];
  const paid = new Set<string>();
  const cancelled = new Set<string>();
  const refunds = new Map<string, string>();
  const refunded = new Set<string>();
  return {
    provider: SANDBOX_PROVIDER,
    secret,
    signFields,
    requests,
    markPaid: (reference) => void paid.add(reference),
    isCancelled: (reference) => cancelled.has(reference),
    // Its news always arrives before the payer is sent back (its page posts it first), so reading
    // a payment back has nothing to add.
    async readPayment({ reference }): Promise<PaymentFact[]> {
      requests.push({ kind: 'read', reference });
      return [];
    },
    browserOrigins: [],
    notificationBody: 'json',
    async cancelAttempt({ reference }) {
      const answer = paid.has(reference) ? 'too-late' : 'cancelled';
      if (answer === 'cancelled') cancelled.add(reference);
      requests.push({ kind: 'cancel', reference, answer });
      return answer;
    },
    async refund(request) {
      // One refund per idempotency key, as providers keep it: a repeated request answers the first refund.
      const known = refunds.get(request.idempotencyKey);
      const refundId = known ?? `re_${randomBytes(12).toString('hex')}`;
      if (!known) refunds.set(request.idempotencyKey, refundId);
      refunded.add(request.reference);
      requests.push({ kind: 'refund', ...request, refundId, repeated: Boolean(known) });
      return { refundId, status: 'succeeded' };
    },
    async createPayment(request: PaymentRequest) {
      requests.push({ kind: 'create', reference: request.reference, amount: request.amount, currency: request.currency });
      const fields: SignedFields = {
        reference: request.reference,
        amount: String(request.amount),
        currency: request.currency,
        description: request.description,
        email: request.customerEmail,
        return_path: request.returnPath,
        notify_path: request.notifyPath,
      };
      // The hosted page is on the shop's own origin, so the form posts to a path.
      return { instruction: { action: 'submit', url: `${SANDBOX_PATH}/pay`, params: { ...fields, signature: signFields(fields) } }, providerPaymentId: null };
    },
    async verifyNotification(rawBody, headers): Promise<PaymentFact[] | null> {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (!signaturesMatch(hmac(secret, rawBody), Array.isArray(given) ? given[0] : given)) return null;
      try {
        const body = JSON.parse(rawBody) as Record<string, unknown>;
        const { id, reference, outcome, amount, currency } = body;
        if (typeof id !== 'string' || typeof reference !== 'string' || typeof currency !== 'string') return null;
        if (!Number.isSafeInteger(amount) || !isOutcome(outcome)) return null;
        return [{ kind: 'payment', id, reference, outcome, amount: amount as number, currency }];
      } catch {
        return null;
      }
    },
    verifyReturn(query): VerifiedReturn | null {
      const { reference, outcome, signature } = query;
      if (!reference || !isReturnOutcome(outcome)) return null;
      if (!signaturesMatch(returnSignature(reference, outcome), signature)) return null;
      return { reference, outcome };
    },
  };
}

const OUTCOMES: readonly unknown[] = ['paid', 'pending', 'declined', 'cancelled', 'expired'] satisfies PaymentOutcome[];

function isOutcome(value: unknown): value is PaymentOutcome {
  return OUTCOMES.includes(value);
}

/** What the sandbox's page can end with, and so what its signed return can say. */
function isReturnOutcome(value: unknown): value is 'paid' | 'declined' | 'cancelled' {
  return value === 'paid' || value === 'declined' || value === 'cancelled';
}

const STYLE = `*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;background:#eef2f7;color:#15202b;line-height:1.5}
header{background:#0f3d5e;color:#fff;padding:1rem 1.5rem}
header p{margin:0;font-weight:700;letter-spacing:.02em}
main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:10px;padding:1.5rem;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text]{width:100%;padding:.6rem .7rem;font-size:1rem;border:1px solid #6b7785;border-radius:6px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{font:inherit;padding:.7rem 1rem;border-radius:6px;border:0;cursor:pointer}
.pay{background:#0f3d5e;color:#fff;width:100%;margin-top:1.25rem;font-weight:700}
.cancel{background:none;color:#0f3d5e;text-decoration:underline;width:100%;margin-top:.5rem}
.note{font-size:.9rem;color:#3d4852;background:#f5f7fa;border-radius:6px;padding:.75rem;margin-top:1.25rem}
.error{color:#8a1c1c;background:#fdecec;border-radius:6px;padding:.75rem}
code{font-size:.95em}
.banner{margin:0;background:#ffe08a;color:#15202b;font-weight:700;text-align:center;padding:.75rem 1rem;border-bottom:2px solid #b38600}`;

/**
 * The sandbox's own pages and its notification delivery. The payer's form arrives signed; the
 * page carries the same signed fields on, so no state is kept between the two steps and any
 * instance can answer either.
 */
export function registerSandboxGateway(
  app: FastifyInstance,
  deps: { gateway: SandboxGateway; config: Pick<ShopConfigFile, 'publicBaseUrl' | 'locale'>; logger?: FastifyBaseLogger | undefined },
): void {
  // Its own encapsulated plugin: the form parser below serves these pages only, so no other
  // route of the shop (no API call under any spelling of its path) can be sent a form body.
  void app.register(async (scope) => registerSandboxScope(scope, deps));
}

function registerSandboxScope(
  app: FastifyInstance,
  deps: { gateway: SandboxGateway; config: Pick<ShopConfigFile, 'publicBaseUrl' | 'locale'>; logger?: FastifyBaseLogger | undefined },
): void {
  const { gateway, config } = deps;
  const pending = new Set<NodeJS.Timeout>();
  // Notifications go out over kept-alive connections with node:http (fetch costs several times
  // the CPU per request, which the shop it runs in pays at an on-sale).
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 64 }), https: new https.Agent({ keepAlive: true, maxSockets: 64 }) };
  app.addHook('onClose', async () => {
    for (const timer of pending) clearTimeout(timer);
    agents.http.destroy();
    agents.https.destroy();
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const readFields = (body: unknown): SignedFields | null => {
    if (!body || typeof body !== 'object') return null;
    const values = body as Record<string, unknown>;
    const fields = {} as SignedFields;
    for (const name of SIGNED_FIELDS) {
      if (typeof values[name] !== 'string') return null;
      fields[name] = values[name];
    }
    if (!/^\d+$/.test(fields.amount) || !fields.return_path.startsWith('/') || !fields.notify_path.startsWith('/')) return null;
    return signaturesMatch(gateway.signFields(fields), typeof values.signature === 'string' ? values.signature : undefined) ? fields : null;
  };

  /** A page of the sandbox in the request's language (issue 36); `body` is markup, escaped by the caller. */
  const page = (reply: FastifyReply, say: Translator, status: number, title: string, body: string) =>
    sendHtmlPage(reply, {
      status,
      title: `${title} · Sandbox Pay`,
      stylesheet: `${SANDBOX_PATH}/sandbox.css`,
      language: say,
      // The banner says on every page of the sandbox that no money moves (decision 0026).
      body:
        `<header><p>Sandbox Pay <span aria-hidden="true">·</span> ${escapeHtmlText(say.format(texts.tagline))}</p></header>` +
        `<p class="banner" role="status" id="sandbox-banner">${escapeHtmlText(say.format(paymentMessages.sandboxBanner))}</p><main>${body}</main>`,
    });

  /** The amount as the page's language writes it, in the currency the shop asked for. */
  const money = (say: Translator, fields: SignedFields) => {
    try {
      return new Intl.NumberFormat(intlLocaleOf(config, say.locale), { style: 'currency', currency: fields.currency }).format(Number(fields.amount) / 100);
    } catch {
      return `${fields.currency} ${(Number(fields.amount) / 100).toFixed(2)}`;
    }
  };

  /** The test cards' note: the numbers as code, left to right in a right-to-left page too. */
  const testCards = (say: Translator) => {
    const card = (number: string) => `<code${say.direction === 'rtl' ? ' dir="ltr"' : ''}>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>`;
    return escapeHtmlText(say.format(texts.testCards({ succeeds: '\uE000', declined: '\uE001' })))
      .replace('\uE000', card(SANDBOX_CARDS.succeeds))
      .replace('\uE001', card(SANDBOX_CARDS.declined));
  };

  const payPage = (reply: FastifyReply, say: Translator, fields: SignedFields, signature: string, error?: string) => {
    const hidden = [...SIGNED_FIELDS.map((name) => [name, fields[name]] as const), ['signature', signature] as const]
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtmlText(value)}">`)
      .join('');
    const amount = money(say, fields);
    return page(
      reply,
      say,
      error ? 422 : 200,
      say.format(texts.payTitle),
      `<h1>${escapeHtmlText(say.format(texts.payHeading({ description: fields.description })))}</h1><p class="amount" id="sandbox-amount">${escapeHtmlText(amount)}</p>` +
        (error ? `<p class="error" role="alert" id="sandbox-error">${escapeHtmlText(error)}</p>` : '') +
        `<form method="post" action="${SANDBOX_PATH}/pay/complete" id="sandbox-form">${hidden}` +
        `<label for="sandbox-card">${escapeHtmlText(say.format(texts.cardNumber))}</label><input type="text" id="sandbox-card" name="card" inputmode="numeric" autocomplete="cc-number" dir="ltr" required>` +
        `<div class="row"><div><label for="sandbox-expiry">${escapeHtmlText(say.format(texts.expiry))}</label><input type="text" id="sandbox-expiry" name="expiry" autocomplete="cc-exp" dir="ltr" value="12/30"></div>` +
        `<div><label for="sandbox-cvc">${escapeHtmlText(say.format(texts.cvc))}</label><input type="text" id="sandbox-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" dir="ltr" value="123"></div></div>` +
        `<button class="pay" type="submit" name="action" value="pay" id="sandbox-pay">${escapeHtmlText(say.format(texts.payButton({ amount })))}</button>` +
        `<button class="cancel" type="submit" name="action" value="cancel" id="sandbox-cancel" formnovalidate>${escapeHtmlText(say.format(texts.cancelButton))}</button></form>` +
        `<p class="note">${testCards(say)}</p>`,
    );
  };

  const refused = (reply: FastifyReply, say: Translator) =>
    page(reply, say, 400, say.format(texts.refusedTitle), `<h1>${escapeHtmlText(say.format(texts.refusedHeading))}</h1><p>${escapeHtmlText(say.format(texts.refusedBody))}</p>`);
  // A real provider's page stops taking a card once the shop cancels the attempt.
  const replaced = (reply: FastifyReply, say: Translator) => page(reply, say, 409, say.format(texts.cancelledTitle), `<h1>${escapeHtmlText(say.format(paymentMessages.attemptReplaced))}</h1>`);

  app.get(`${SANDBOX_PATH}/sandbox.css`, async (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLE));

  app.post(`${SANDBOX_PATH}/pay`, async (request, reply) => {
    const say = requestTranslator(request);
    const fields = readFields(request.body);
    if (!fields) return refused(reply, say);
    if (gateway.isCancelled(fields.reference)) return replaced(reply, say);
    return payPage(reply, say, fields, (request.body as Record<string, string>).signature!);
  });

  app.post(`${SANDBOX_PATH}/pay/complete`, async (request, reply) => {
    const say = requestTranslator(request);
    const fields = readFields(request.body);
    if (!fields) return refused(reply, say);
    const body = request.body as Record<string, string>;
    if (gateway.isCancelled(fields.reference)) return replaced(reply, say);
    let outcome: 'paid' | 'declined' | 'cancelled';
    if (body.action === 'cancel') outcome = 'cancelled';
    else {
      const card = (body.card ?? '').replace(/[\s-]/g, '');
      if (card === SANDBOX_CARDS.succeeds) outcome = 'paid';
      else if (card === SANDBOX_CARDS.declined) outcome = 'declined';
      else return payPage(reply, say, fields, body.signature!, say.format(texts.unknownCard));
    }
    if (outcome === 'paid') gateway.markPaid(fields.reference);
    const notification = JSON.stringify({
      id: `ntf_${randomBytes(12).toString('hex')}`,
      reference: fields.reference,
      outcome,
      amount: Number(fields.amount),
      currency: fields.currency,
      created_at: new Date().toISOString(),
    });
    await deliver(selfOrigin(request) + fields.notify_path, notification, 0);
    // The return path may carry the reference already: each parameter is set once.
    const back = new URL(fields.return_path, 'http://sandbox.invalid');
    back.searchParams.set('reference', fields.reference);
    back.searchParams.set('outcome', outcome);
    back.searchParams.set('signature', hmac(gateway.secret, `return\n${fields.reference}\n${outcome}`));
    return reply.redirect(back.pathname + back.search, 303);
  });

  /** Where this server listens (the notification goes to the shop that runs the sandbox), else the public base URL. */
  function selfOrigin(request: FastifyRequest): string {
    const address = request.server.addresses().find((candidate) => typeof candidate !== 'string');
    if (!address || typeof address === 'string') return config.publicBaseUrl.replace(/\/+$/, '');
    const host = address.family === 'IPv6' ? (address.address === '::' ? '[::1]' : `[${address.address}]`) : address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
    return `http://${host}:${address.port}`;
  }

  /** Posts a notification; a refusal or a failure is tried again later, as providers do. */
  async function deliver(url: string, body: string, attempt: number): Promise<void> {
    let problem: string | undefined;
    try {
      const status = await postJson(agents, url, body, { [SANDBOX_SIGNATURE_HEADER]: hmac(gateway.secret, body) });
      if (status >= 200 && status < 300) return;
      problem = `answered ${status}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const wait = NOTIFY_RETRY_MS[attempt];
    deps.logger?.warn({ url, attempt: attempt + 1, problem }, wait === undefined ? 'sandbox gateway: gave up delivering a notification' : 'sandbox gateway: notification not delivered, trying again');
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      pending.delete(timer);
      void deliver(url, body, attempt + 1);
    }, wait);
    timer.unref();
    pending.add(timer);
  }
}

/** Posts a JSON body and answers the response's status (its body is read and dropped); fails after 10 seconds. */
function postJson(agents: { http: http.Agent; https: https.Agent }, url: string, body: string, headers: Record<string, string>): Promise<number> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(url, { method: 'POST', agent: secure ? agents.https : agents.http, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error('timed out after 10 s')));
    request.on('error', reject);
    request.end(body);
  });
}
