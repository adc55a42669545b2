import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';

/**
 * What a payment provider's double shares with another: an HTTP server on 127.0.0.1 that records
 * every request it is sent, answers JSON or a small hosted page, posts the provider's news to the
 * shop, and really closes (open sockets destroyed, news still on its way abandoned). How a
 * request body is read (Stripe's bracketed form, Mollie's JSON) is each double's own.
 */

/** One request as the double received it. Header names are lower-case, as Node gives them. */
export interface RecordedRequest {
  method: string;
  /** The path without its query string. */
  path: string;
  /** The query string's fields, parsed as the double's parseQuery says (flat by default). */
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** The body as the double parsed it (its parseBody); the raw text is in rawBody. */
  body: unknown;
  rawBody: string;
  /** Epoch milliseconds. */
  at: number;
}

/** Answers a request: a double's routing. Thrown errors become a 500 with the message. */
export type DoubleHandler = (request: RecordedRequest, response: http.ServerResponse) => void | Promise<void>;

export interface DoubleServerOptions {
  /** Turns the raw body into what the handler and the record see; throwing answers 400. */
  parseBody?: (raw: string, contentType: string) => unknown;
  parseQuery?: (search: string) => Record<string, unknown>;
  /** Largest body read, in bytes (1 MB unless told). */
  bodyLimit?: number;
}

export interface DoubleServer {
  /** http://127.0.0.1:<port>, without a trailing slash. */
  url: string;
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Posts a body to a URL (the provider's news to the shop); tracked so close() abandons it. Answers the HTTP status. */
  post(url: string, body: string, headers: Record<string, string>): Promise<number>;
  /** Stops listening, destroys open sockets and outgoing posts, and resolves once the server is closed. */
  close(): Promise<void>;
}

const flatQuery = (search: string) => Object.fromEntries(new URLSearchParams(search));

/** Starts a double's HTTP server on 127.0.0.1 at a free port. */
export async function startDoubleServer(handler: DoubleHandler, options: DoubleServerOptions = {}): Promise<DoubleServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<net.Socket>();
  const outgoing = new Set<http.ClientRequest>();
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const parseQuery = options.parseQuery ?? flatQuery;

  const server = http.createServer((incoming, response) => {
    void receive(incoming, bodyLimit).then(
      async (raw) => {
        if (raw === null) return sendJson(response, 413, { error: { message: 'Request body too large.' } });
        const record = recordOf(incoming, raw);
        requests.push(record);
        try {
          record.query = parseQuery(new URL(incoming.url ?? '/', 'http://double').search);
          record.body = options.parseBody ? options.parseBody(raw, incoming.headers['content-type'] ?? '') : raw;
        } catch (error) {
          return sendJson(response, 400, { error: { type: 'invalid_request_error', message: messageOf(error) } });
        }
        try {
          await handler(record, response);
        } catch (error) {
          if (!response.headersSent) sendJson(response, 500, { error: { type: 'api_error', message: messageOf(error) } });
          else response.destroy();
        }
      },
      () => response.destroy(),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    port: address.port,
    requests,
    post: (target, body, headers) => postBody(outgoing, target, body, headers),
    close: () =>
      new Promise<void>((resolve) => {
        for (const request of outgoing) request.destroy(new Error('the double closed'));
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function recordOf(incoming: http.IncomingMessage, raw: string): RecordedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const path = new URL(incoming.url ?? '/', 'http://double').pathname;
  return { method: incoming.method ?? 'GET', path, query: {}, headers, body: undefined, rawBody: raw, at: Date.now() };
}

/** The whole body as text, or null when it is larger than the limit. */
function receive(incoming: http.IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    incoming.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function sendJson(response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, 2);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  response.end(text);
}

export function sendHtml(response: http.ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), 'cache-control': 'no-store' });
  response.end(html);
}

/** A 303 See Other: where a page's form post sends the browser next. */
export function redirect(response: http.ServerResponse, location: string): void {
  response.writeHead(303, { location, 'content-length': 0, 'cache-control': 'no-store' });
  response.end();
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** An amount in minor units as a payer reads it ("€12.50"), with the currency's own number of decimals. */
export function formatMoney(minor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() });
    return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${currency.toUpperCase()} ${(minor / 100).toFixed(2)}`;
  }
}

/**
 * A provider's hosted page: lang, a title, one h1 (the caller's body carries it), every part in a
 * landmark, and colours that pass WCAG AA (browser tests run axe on it). `body` is markup the
 * caller has escaped; `brand` and `title` are text.
 */
export function hostedPage(page: { brand: string; title: string; body: string; note?: string }): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.title)} · ${escapeHtml(page.brand)}</title><style>${PAGE_STYLE}</style></head>` +
    `<body><header><p>${escapeHtml(page.brand)} <span aria-hidden="true">·</span> test mode</p></header>` +
    `<main>${page.body}</main>` +
    (page.note ? `<footer><p>${escapeHtml(page.note)}</p></footer>` : '') +
    `</body></html>`
  );
}

const PAGE_STYLE = `*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f8;color:#1a1f36;line-height:1.5}
header{background:#32325d;color:#fff;padding:1rem 1.5rem}
header p{margin:0;font-weight:700}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:10px;padding:1.5rem;box-shadow:0 2px 10px rgba(0,0,0,.08)}
h1{font-size:1.3rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1rem}
form{margin:0}
button{font:inherit;width:100%;padding:.7rem 1rem;border-radius:6px;cursor:pointer;margin-top:.75rem}
.primary{background:#4a3fd1;color:#fff;border:0;font-weight:700}
.secondary{background:#fff;color:#32325d;border:1px solid #32325d}
.link{background:none;border:0;color:#32325d;text-decoration:underline}
.error{color:#8a1c1c;background:#fdecec;border-radius:6px;padding:.75rem}
footer{max-width:30rem;margin:0 auto 2rem;color:#3c4257;font-size:.9rem;padding:0 1.5rem}`;

/** Posts a body (kept-alive connections off: a closed double leaves nothing open) and answers the response's status; fails after 10 seconds. */
function postBody(outgoing: Set<http.ClientRequest>, url: string, body: string, headers: Record<string, string>): Promise<number> {
  const secure = url.startsWith('https:');
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(url, { method: 'POST', agent: false, headers: { 'content-length': Buffer.byteLength(body), ...headers } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    outgoing.add(request);
    request.on('close', () => outgoing.delete(request));
    request.setTimeout(10_000, () => request.destroy(new Error('timed out after 10 s')));
    request.on('error', reject);
    request.end(body);
  });
}
