import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/databases';
import { createTestShop, type TestShop } from '../../test/test-shop';

describe.each(testEngines())('serving the web app on %s', (engine) => {
  let shop: TestShop;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title><!--shop-title--></title><!--shop-config--></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log("app")');
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
});
