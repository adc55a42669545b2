import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONFIG_ELEMENT_ID, directionOf, messages, messageWith, type ClientConfig, type Locale } from '@festival/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { offeredLanguages, requestLocale, translatorFor } from '../lib/language';
import { escapeHtmlText, serializeForScript } from '../modules/config/shop-config';
import { createPageChunkLinks, createTextChunkLinks } from './page-chunks';
import { pathSegments } from './path-segments';

/** What the server adds to a page so its first render waits for nothing but the JavaScript. */
export interface PagePreloadMarkup {
  /** `<link rel="preload">` of the image the page will show largest (a product's main image). */
  head: string;
  /** `<script id="shop-preload" type="application/json">` with the page's first API answers. */
  body: string;
}

export interface WebAppOptions {
  /** The built web app (apps/web/dist); when absent, pages answer 503 with a hint. */
  root: string;
  /** The configuration injected into every page. */
  clientConfig: (language: Locale) => Promise<ClientConfig>;
  /** The first API answers (and image preload) of the page at this URL (path and query), put into the page. */
  pagePreload?: (url: string, language: Locale) => Promise<PagePreloadMarkup>;
}

const defaultDescription = messageWith<{ shop: string }>({ id: 'server.pageDescription', defaultMessage: '{shop}: tickets, add-ons, transport and merchandise, sold by the organiser.' });

/** The meta description of every page in `locale`: the configured one (in that language), or one built from the shop's name. */
export function shopDescription(config: Pick<ClientConfig, 'name' | 'description'>, locale: Locale): string {
  return config.description ?? translatorFor(locale).format(defaultDescription({ shop: config.name }));
}

/** The language a page is sent in, and its address (path and query, without `lang`) for the other languages' alternates. */
export interface PageLanguage {
  locale: Locale;
  /** The page's URL path, for its `hreflang` alternates; none when the shop speaks one language. */
  path: string | null;
}

/**
 * `<link rel="alternate" hreflang>` for each of the shop's languages (`?lang=` on the same path)
 * and the default (the bare path, where the buyer's own choice or browser decides).
 */
function alternateLinks(config: ClientConfig, path: string): string {
  const base = config.publicBaseUrl.replace(/\/$/, '');
  const href = (locale: Locale | null) => escapeHtmlText(`${base}${path}${locale ? `?lang=${locale}` : ''}`);
  return [...config.languages.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${href(locale)}">`), `<link rel="alternate" hreflang="x-default" href="${href(null)}">`].join('');
}

/** Fills the page template: its language and direction, the configuration as inert JSON, the shop name as title, the description. */
export function renderIndexHtml(template: string, config: ClientConfig, preload: PagePreloadMarkup = { head: '', body: '' }, language: PageLanguage = { locale: config.languages?.[0] ?? 'en', path: null }): string {
  const script = `<script id="${CONFIG_ELEMENT_ID}" type="application/json">${serializeForScript(config)}</script>`;
  const alternates = language.path !== null && config.languages.length > 1 ? alternateLinks(config, language.path) : '';
  // Replacer functions: a "$&" in a configured text must stay literal.
  return template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${language.locale}" dir="${directionOf(language.locale)}">`)
    .replace('<!--shop-preload-->', () => alternates + preload.head + preload.body)
    .replace('<!--shop-config-->', () => script)
    .replace('<!--shop-title-->', () => escapeHtmlText(config.name))
    .replace('<!--shop-description-->', () => escapeHtmlText(shopDescription(config, language.locale)));
}

/**
 * The back office's or the scanner's page in a language (issue 36): `<html lang dir>`, and the
 * shop's languages for its switcher (`data-languages`, the default first), as these pages carry
 * no shop configuration.
 */
export function appPageInLanguage(page: string, locale: Locale, languages: readonly Locale[]): string {
  return page.replace(/<html lang="[^"]*">/, () => `<html lang="${locale}" dir="${directionOf(locale)}" data-languages="${languages.join(' ')}">`);
}

const RESERVED_PREFIXES = new Set(['api', 'media', 'assets', 'dev']);

/**
 * Whether a page path is no page: one under a prefix the server keeps for itself (/api/, /media/,
 * /assets/, /dev/), or one that climbs with a parent segment, however either is spelled. Decided
 * on the router's decoded path, decoded again while it still decodes (`%2561pi`, `%252e%252e`),
 * with backslashes as slashes, `;` parameters and dot segments resolved, in any casing, so
 * `/%61pi/x`, `/API/x`, `//api/x` or `/x/../api/x` answer the same 404 as `/api/x` instead of a
 * page, and so does `/assets/..%2f..%2fx` or `/brand/%2e%2e/x` (docs/security.md promises a 404
 * for a parent segment under any prefix: no link of the shop holds one, and a browser resolves a
 * plain one before sending).
 */
export function isReservedPath(wildcard: string): boolean {
  const { segments, climbs } = pathSegments(wildcard);
  return climbs || (segments.length > 0 && RESERVED_PREFIXES.has(segments[0]!));
}

/** The scanner's files that keep their name from build to build. */
const SCAN_UNHASHED = /[\\/]scan[\\/](?:sw\.js|manifest\.webmanifest)$/;
/** A path under /scan/ or /staff/ that names a file of that app's build (its assets, its worker, a missing icon), not a screen. */
const APP_FILE_PATH = /^(?:assets\/|.*\.(?:js|css|png|svg|webmanifest|json|map|html)$)/i;

/**
 * The back office's page (decision 0044) is stricter than the shop's: never stored (a shared desk
 * computer's back button or cache shows nothing), no referrer at all, not indexed, no powerful
 * browser feature, nothing but its own origin to load, connect or post to, and scripts only
 * through Trusted Types-safe sinks (React sets no HTML from strings).
 */
export const STAFF_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "require-trusted-types-for 'script'",
  ].join('; '),
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex, nofollow',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=()',
  'cross-origin-embedder-policy': 'require-corp',
});

/** Files of the web app that are public pictures: nothing in them is the visitor's. */
const PUBLIC_IMAGE = /\.(?:png|jpe?g|gif|webp|svg|ico)$/i;

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (with the
 * configuration and the page's first API answers) for every other GET so the app's router
 * decides, sending unknown paths home.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexFile = path.join(options.root, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  const pageChunkLinks = createPageChunkLinks(options.root);
  const textChunkLinks = createTextChunkLinks(options.root);
  // The gate scanner (issue 21) and the back office (issue 22): builds of their own, pages that need no shop configuration.
  const builtPage = (file: string) => (existsSync(path.join(options.root, file)) ? readFileSync(path.join(options.root, file), 'utf8') : null);
  const scanPage = builtPage('scan/scan.html');
  const staffPage = builtPage('staff/staff.html');

  if (template) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      serve: true,
      preCompressed: true,
      // index.html is a template: it is only ever sent filled in, by sendPage; the scanner's page
      // is sent by its own routes (at /scan/, its service worker's scope).
      globIgnore: ['index.html', 'scan/scan.html', 'staff/staff.html', '**/*.br', '**/*.gz', '.vite/**', 'scan/.vite/**', 'staff/.vite/**'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The scanner's service worker and manifest name the current build's files: always revalidated.
        const revalidate = SCAN_UNHASHED.test(filePath);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : revalidate ? 'no-cache' : 'public, max-age=3600');
        // The shop's public images (the logo in every e-mail) are shown by webmail on other
        // origins, and by the development mailbox in a sandboxed frame: same-origin would block them.
        if (PUBLIC_IMAGE.test(filePath)) reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run "npm run build" (npm start does it for you).');
    }
    // The configuration and the first answers in the page's language (its texts, the organiser's).
    const locale = requestLocale(request);
    const [config, preload = { head: '', body: '' }] = await Promise.all([options.clientConfig(locale), options.pagePreload?.(request.url, locale)]);
    const path = request.url.split('?', 1)[0] ?? '/';
    // The page's code, and the first texts of its language, fetched with the entry script.
    const html = renderIndexHtml(template, config, { head: textChunkLinks(locale) + pageChunkLinks(path) + preload.head, body: preload.body }, { locale, path });
    // The page's language follows the buyer's choice (its cookie) and browser: a cache keeps one per both.
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-language, cookie').header('content-language', locale).send(html);
  };

  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: messages.server.notFound });

  // An app of its own (the scanner at /scan/, the back office at /staff/): its page for the prefix
  // and every path under it (the app decides what to show), never for a missing file of its
  // build. The bare prefix is sent to the prefix with a slash: for the scanner, /scan lies outside
  // its service worker's scope (/scan/), where the app could not open offline.
  const ownApp = (prefix: string, name: string, page: string | null, headers: Readonly<Record<string, string>>) => {
    const send = (request: FastifyRequest, reply: FastifyReply) => {
      if (!page) return reply.status(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(`The ${name} is not built yet. Run "npm run build" (npm start does it for you).`);
      // In the language of the request (the switcher's cookie, the browser's languages), as the shop's pages.
      const locale = requestLocale(request);
      return reply
        .type('text/html; charset=utf-8')
        .headers(headers)
        .header('vary', 'accept-language, cookie')
        .header('content-language', locale)
        .send(appPageInLanguage(page, locale, offeredLanguages(request)));
    };
    app.get(`/${prefix}`, (_request, reply) => reply.redirect(`/${prefix}/`, 301));
    app.get<{ Params: { '*': string } }>(`/${prefix}/*`, (request, reply) => (APP_FILE_PATH.test(request.params['*']) || isReservedPath(request.params['*']) ? notFound(reply) : send(request, reply)));
  };
  ownApp('scan', 'gate scanner', scanPage, { 'cache-control': 'no-cache' });
  ownApp('staff', 'back office', staffPage, STAFF_PAGE_HEADERS);
  // Pages are real routes (not the not-found handler) so they go through compression like the
  // rest. Files (built assets, robots.txt, images) have routes of their own and win over '/*',
  // as do the development mailbox's pages under /dev/ when it is open; when it is closed, /dev/
  // stays reserved and answers 404 rather than the app.
  app.get('/', sendPage);
  app.get('/index.html', sendPage);
  app.get<{ Params: { '*': string } }>('/*', (request, reply) => (isReservedPath(request.params['*']) ? notFound(reply) : sendPage(request, reply)));
  app.setNotFoundHandler((_request, reply) => notFound(reply));
}
