import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/databases';
import { rawRequest } from '../../test/raw-http';
import { createTestShop, type TestShop } from '../../test/test-shop';
import { STAFF_PAGE_HEADERS } from './web-app';

describe.each(testEngines())('serving the web app on %s', (engine) => {
  let shop: TestShop;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title><!--shop-title--></title><!--shop-preload--><!--shop-config--></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app")');
    writeFileSync(path.join(webRoot, 'robots.txt'), 'User-agent: *');
    mkdirSync(path.join(webRoot, 'brand'));
    writeFileSync(path.join(webRoot, 'brand', 'logo.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js'), 'console.log("big");'.repeat(200));
    writeFileSync(path.join(webRoot, 'assets', 'big-abc123.js.br'), brotliCompressSync('console.log("big");'.repeat(200)));
    mkdirSync(path.join(webRoot, '.vite'));
    writeFileSync(
      path.join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/app-abc123.js', isEntry: true },
        'src/features/shop/pages/ProductPage.tsx': { file: 'assets/ProductPage-abc123.js', imports: ['index.html'] },
      }),
    );
    // The gate scanner's own build (vite.scan.config.ts) in scan/.
    mkdirSync(path.join(webRoot, 'scan', 'assets'), { recursive: true });
    mkdirSync(path.join(webRoot, 'scan', '.vite'));
    writeFileSync(path.join(webRoot, 'scan', 'scan.html'), '<!doctype html><html lang="en"><head><title>Gate scanner</title><link rel="manifest" href="/scan/manifest.webmanifest" /><script type="module" crossorigin src="/scan/assets/scan-abc123.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webRoot, 'scan', 'assets', 'scan-abc123.js'), 'console.log("scan")');
    writeFileSync(path.join(webRoot, 'scan', 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(webRoot, 'scan', 'manifest.webmanifest'), JSON.stringify({ name: 'Festival gate scanner', scope: '/scan/', start_url: '/scan/' }));
    writeFileSync(path.join(webRoot, 'scan', '.vite', 'manifest.json'), JSON.stringify({ 'scan.html': { file: 'assets/scan-abc123.js', isEntry: true } }));
    // The back office's own build (vite.staff.config.ts) in staff/.
    mkdirSync(path.join(webRoot, 'staff', 'assets'), { recursive: true });
    mkdirSync(path.join(webRoot, 'staff', '.vite'));
    writeFileSync(path.join(webRoot, 'staff', 'staff.html'), '<!doctype html><html lang="en"><head><title>Back office</title><script type="module" crossorigin src="/staff/assets/staff-abc123.js"></script></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webRoot, 'staff', 'assets', 'staff-abc123.js'), 'console.log("staff")');
    writeFileSync(path.join(webRoot, 'staff', '.vite', 'manifest.json'), JSON.stringify({ 'staff.html': { file: 'assets/staff-abc123.js', isEntry: true } }));
    shop = await createTestShop(engine, { webRoot });
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('injects the configuration and per-event settings into the page', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    const match = /<script id="shop-config" type="application\/json">(.*?)<\/script>/.exec(response.body);
    const config = JSON.parse(match![1]!);
    expect(config.name).toBe(shop.config.name);
    expect(Object.values(config.events).length).toBeGreaterThan(0);
    expect(response.body).toContain(`<title>${shop.config.name}</title>`);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    // The sandbox's page is the shop's own: a form goes nowhere else.
    expect(csp).toContain("form-action 'self';");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
  });

  it('answers every unknown page path with the app, which sends the visitor home', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('id="shop-config"');
  });

  it('serves hashed assets with long-lived caching and 404s missing ones', async () => {
    const asset = await shop.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await shop.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await shop.app.inject({ method: 'GET', url: '/api/get-data', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(api.statusCode).toBe(404);
  });

  const preloaded = (html: string) => {
    const match = /<script id="shop-preload" type="application\/json">(.*?)<\/script>/.exec(html);
    return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
  };
  it("puts a visitor's get-data answer into every page, the same the API gives", async () => {
    for (const url of ['/', '/tickets?type=camping', '/faqs']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(preloaded(page.body), url).toEqual({ 'get-data': (await shop.call('get-data', {})).body });
    }
    expect((await shop.app.inject({ method: 'GET', url: '/' })).body).not.toContain('rel="preload" as="image"');
  });

  it("preloads the image of a listing's first card, as the listing filter in the URL shows it", async () => {
    const { products } = (await shop.call('get-data', {})).body.data as { products: { external_code: string; type: string; in_stock: boolean; shop_image: string }[] };
    const hash = (code: string) => /[a-f0-9]{32}/.exec(products.find((item) => item.external_code === code)!.shop_image)![0];
    const preloadedImage = async (url: string) => /<link rel="preload" as="image" href="\/media\/([a-f0-9]{32})-350\.webp" imagesrcset="[^"]*-200\.webp 200w, [^"]*-700\.webp 700w" imagesizes="\(max-width: 35\.99rem\) 50vw, 20rem" fetchpriority="high" \/>/.exec((await shop.app.inject({ method: 'GET', url })).body)?.[1];
    expect(await preloadedImage('/tickets')).toBe(hash(products[0]!.external_code));
    const firstCamping = products.find((item) => item.type === 'camping' && item.in_stock)!;
    expect(await preloadedImage('/tickets?type=camping')).toBe(hash(firstCamping.external_code));
  });

  it("puts a product page's get-shop-item answer into the page and preloads its main image", async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/tickets/NWF27-WEEKEND' });
    const answers = preloaded(page.body)!;
    expect(answers['get-shop-item']).toEqual({ external_code: 'NWF27-WEEKEND', answer: (await shop.call('get-shop-item', { external_code: 'NWF27-WEEKEND' })).body });
    expect(page.body).toMatch(/<link rel="preload" as="image" href="\/media\/[a-f0-9]{32}-500\.webp" imagesrcset="[^"]*-350\.webp 350w, [^"]*-1000\.webp 1000w" imagesizes="\(max-width: 51\.99rem\) 100vw, 500px" fetchpriority="high" \/>/);
  });

  it('preloads no item for an unknown code or for a product under the other kind', async () => {
    for (const url of ['/tickets/NO-SUCH-ITEM', '/merchandise/NWF27-WEEKEND']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(Object.keys(preloaded(page.body)!)).toEqual(['get-data']);
    }
    // A path that is not valid percent-encoding is a bad request, not a server error.
    expect((await shop.app.inject({ method: 'GET', url: '/tickets/%E0%A4%A' })).statusCode).toBe(400);
  });

  it('keeps organiser text in the preloaded answers from closing the script element', async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/' });
    const script = /<script id="shop-preload" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!;
    expect(script).not.toMatch(/[<>]/);
  });

  it('compresses every page, not only the home page', async () => {
    for (const url of ['/', '/tickets', '/tickets/NWF27-WEEKEND', '/no/such/page']) {
      const page = await shop.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(page.headers['content-encoding'], url).toBe('br');
    }
  });

  it("announces a product page's own chunk in the page and keeps the build manifest private", async () => {
    const page = await shop.app.inject({ method: 'GET', url: '/tickets/NWF27-WEEKEND' });
    expect(page.body).toContain('<link rel="modulepreload" href="/assets/ProductPage-abc123.js" />');
    const manifest = await shop.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(manifest.body).not.toContain('isEntry');
  });

  it('sends the brotli copy the build wrote beside an asset, not a fresh compression', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.equals(readFileSync(path.join(webRoot, 'assets', 'big-abc123.js.br')))).toBe(true);
  });

  it('serves files from the web root, such as robots.txt', async () => {
    const robots = await shop.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *');
  });

  it('answers the gate scanner at /scan/ and every path under it with its own page, under the same security headers', async () => {
    for (const url of ['/scan/', '/scan/lists', '/scan/a/b?c=1']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<title>Gate scanner</title>');
      // Its own page: no shop configuration, no shop script.
      expect(page.body, url).not.toContain('shop-config');
      const csp = String(page.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(page.headers['x-frame-options'], url).toBe('DENY');
    }
    // /scan is outside the service worker's scope (/scan/): sent there.
    const bare = await shop.app.inject({ method: 'GET', url: '/scan' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/scan/');
    // The shop's pages stay the shop's.
    expect((await shop.app.inject({ method: 'GET', url: '/scanner' })).body).toContain('shop-config');
    expect((await shop.app.inject({ method: 'GET', url: '/scan.html' })).body).toContain('shop-config');
  });

  it('answers the back office at /staff/ and every path under it with its own page and its own stricter headers, never stored', async () => {
    for (const url of ['/staff/', '/staff/orders', '/staff/orders/ABC123?tab=payments', '/staff/a/b/c']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.body, url).toContain('<title>Back office</title>');
      expect(page.body, url).not.toContain('shop-config');
      // Every header the back office sets, exactly, over the shop's own.
      for (const [name, value] of Object.entries(STAFF_PAGE_HEADERS)) expect(page.headers[name], `${url} ${name}`).toBe(value);
      const csp = String(page.headers['content-security-policy']);
      for (const directive of ["default-src 'none'", "script-src 'self'", "connect-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "require-trusted-types-for 'script'"]) expect(csp, url).toContain(directive);
      expect(csp, url).not.toMatch(/unsafe|https?:/);
      expect(page.headers['cache-control'], url).toBe('no-store');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
      expect(page.headers['x-robots-tag'], url).toBe('noindex, nofollow');
      expect(page.headers['x-frame-options'], url).toBe('DENY');
      expect(page.headers['strict-transport-security'], url).toContain('max-age=');
    }
    const bare = await shop.app.inject({ method: 'GET', url: '/staff' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/staff/']);
    const asset = await shop.app.inject({ method: 'GET', url: '/staff/assets/staff-abc123.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    for (const url of ['/staff/assets/missing.js', '/staff/staff.html', '/staff/.vite/manifest.json', '/staff/api/staff-me', '/staff/x.css']) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // The shop's pages keep the shop's headers: the back office's are its own.
    const home = await shop.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['x-robots-tag']).toBeUndefined();
    expect((await shop.app.inject({ method: 'GET', url: '/staffing' })).body).toContain('shop-config');
  });

  it("serves the scanner's files: hashed assets for a year, its service worker and manifest revalidated, a missing file 404, its build manifest private", async () => {
    const asset = await shop.app.inject({ method: 'GET', url: '/scan/assets/scan-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await shop.app.inject({ method: 'GET', url: '/scan/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await shop.app.inject({ method: 'GET', url: '/scan/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body).scope).toBe('/scan/');
    for (const url of ['/scan/assets/missing.js', '/scan/missing.js', '/scan/icon-999.png', '/scan/.vite/manifest.json', '/scan/api/sync']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it("lets other origins show the shop's public images (the e-mails' logo in webmail), and only those", async () => {
    const logo = await shop.app.inject({ method: 'GET', url: '/brand/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of ['/robots.txt', '/assets/app-abc123.js', '/', '/portal']) {
      expect((await shop.app.inject({ method: 'GET', url })).headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it("never lets a cache keep a signed-in customer's page or a page whose address holds a secret; the public pages are revalidated", async () => {
    for (const url of ['/portal', '/portal/orders/ABC', '/order/ABC?payment=returned', '/account', '/checkout', '/accept-tcs/ABC/signature', '/payment-plan-payment/ABC/signature/REF', '/reset-password/a%40example.org/token', '/%70ortal', '/Reset-Password/a/b', '/%2570ortal/orders']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect([page.statusCode, page.headers['cache-control'], page.headers.pragma], url).toEqual([200, 'no-store', 'no-cache']);
    }
    for (const url of ['/', '/tickets', '/tickets/NWF27-WEEKEND', '/faqs', '/login', '/waiting-room/NWF27-ONSALE', '/portals']) {
      const page = await shop.app.inject({ method: 'GET', url });
      expect([page.statusCode, page.headers['cache-control']], url).toEqual([200, 'no-cache']);
    }
  });

  it('answers a parent segment under any prefix with 404, however it is spelled, over raw HTTP (never the shop page, never a 5xx)', async () => {
    // Raw requests: fetch and inject resolve a plain `../` before the server sees it.
    const base = await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const parents = ['../', '..%2f', '..%2F', '%2e%2e/', '%2e%2e%2f', '%2E%2E%2F', '.%2e/', '%2e./', '..%5c', '..%5C', '..\\', '%252e%252e%252f', '..%252f', '%25252e%25252e%25252f', '..;/', '..;x=1/', '..%3b/', '..%00/', '..%2500/', '%2e%2e%00/', '..%09/', '..%20/', '%c0%ae%c0%ae/'];
    const prefixes = ['/assets/', '/brand/', '/scan/', '/scan/assets/', '/staff/', '/staff/assets/', '/media/', '/dev/', '/tickets/', '/portal/', '/'];
    const targets = ['x', 'index.html', 'robots.txt', 'brand/logo.png'];
    const answers = new Map<string, string[]>();
    for (const prefix of prefixes) {
      for (const parent of parents) {
        for (const target of targets) {
          for (const climb of [parent, parent + parent]) {
            const url = prefix + climb + target;
            const { status, text } = await rawRequest(base, `GET ${url} HTTP/1.1\r\nHost: shop.example\r\n`);
            const answer = `${status}${text.includes('shop-config') ? ' (the shop page)' : text.includes('<title>') ? ' (a page)' : ''}`;
            // Overlong UTF-8 is no valid URL at all: the router refuses it as a bad request before any route.
            const expected = parent.startsWith('%c0') ? '400' : '404';
            if (answer !== expected) answers.set(answer, [...(answers.get(answer) ?? []), url]);
          }
        }
      }
    }
    expect(Object.fromEntries([...answers].map(([answer, urls]) => [answer, urls.slice(0, 20)]))).toEqual({});
    // What a link holds stays a page: the shop's, the scanner's, the back office's, and the files.
    for (const [url, status] of [['/tickets/NWF27-WEEKEND', 200], ['/scan/lists', 200], ['/staff/orders', 200], ['/brand/logo.png', 200], ['/assets/app-abc123.js', 200], ['/tickets/a..b', 200], ['/...', 200]] as const) {
      expect((await rawRequest(base, `GET ${url} HTTP/1.1\r\nHost: shop.example\r\n`)).status, url).toBe(status);
    }
  });
});

/** Issue 20 point 5: the Content-Security-Policy admits exactly the configured provider's origins. */
describe.each(testEngines())('the Content-Security-Policy of a shop with a payment provider on %s', (engine) => {
  const providers = [
    { gateway: 'stripe', credentials: { stripe: { secretKey: 'sk_test_csp', webhookSecrets: ['whsec_csp'] } }, origin: 'https://checkout.stripe.com' },
    { gateway: 'mollie', credentials: { mollie: { apiKey: 'test_csp' } }, origin: 'https://www.mollie.com' },
  ] as const;
  it.each(providers)('$gateway: forms go to its page and nowhere else, and no other origin is opened', async ({ gateway, credentials, origin }) => {
    const shop = await createTestShop(engine, { catalogue: false, config: { gateway }, app: { gatewayEnvironment: { production: false, demoConfig: false, credentials } } });
    try {
      const csp = String((await shop.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
      const directives = new Map(csp.split('; ').map((directive) => [directive.split(' ')[0], directive]));
      expect(directives.get('form-action')).toBe(`form-action 'self' ${origin}`);
      // A redirect to a hosted page needs no script, frame or connection of the provider's.
      for (const name of ['default-src', 'script-src', 'connect-src']) expect(directives.get(name)).toBe(`${name} 'self'`);
      expect(directives.get('frame-ancestors')).toBe("frame-ancestors 'none'");
    } finally {
      await shop.close();
    }
  });
});
