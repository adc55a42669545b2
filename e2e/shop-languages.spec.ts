import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';

/**
 * The first page in the buyer's language (issue 36, decision 0093): a browser that asks for German
 * gets the shop's first page in German, its amounts written the German way, with the first texts
 * of German preloaded by the page itself (no request of its own after the scripts), and never the
 * back office's texts. The demo shop with every language switched on.
 */
describe('the first page in the buyer’s language', () => {
  const browser = useBrowser();
  let shop: OwnShop | undefined;

  beforeAll(async () => {
    shop = await startOwnShop({ appSecret: 'e2e-languages-secret-of-at-least-32-characters', configure: (config) => ({ ...config, languages: ['en', 'de', 'nl', 'fr', 'es', 'pl', 'ar'] }) });
  });
  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('renders / in German for Accept-Language: de, with German texts and euro amounts, its first texts preloaded with the page', async () => {
    const { page, errors } = await openPageOn(browser(), shop!.base);
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'de' });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('[texts]')) warnings.push(message.text());
    });

    const answer = await page.goto('/');
    const html = (await answer!.text()) ?? '';
    // The page announces its language's first texts beside its own chunks: the browser fetches them with the entry.
    const preloaded = /<link rel="modulepreload" href="(\/assets\/texts-first-de-[\w-]+\.js)"/.exec(html)?.[1];
    expect(preloaded, 'the German first texts are preloaded by the page').toBeTruthy();
    expect(html).toContain('<html lang="de" dir="ltr">');

    const featured = page.locator('#featured-items');
    await featured.waitFor();
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    // The ambassadors' page has the organiser's own title, in German as the demo's configuration gives it (its translations.de).
    expect((await nav.getByRole('link').allTextContents()).map((text) => text.trim())).toEqual(['Startseite', 'Tickets', 'Merchandise', 'Kundenportal', 'Botschafter', 'Website']);
    expect(await page.locator('#home-cta-tickets').textContent()).toBe('Tickets kaufen');
    expect(await page.locator('#featured-title').textContent()).toBe('Empfohlen');
    expect(await page.locator('.skip-link').textContent()).toBe('Zum Inhalt springen');
    expect(await page.locator('#login-button').textContent()).toBe('Anmelden');
    // The demo shop's locale is en-GB: a German page writes euros the German way ("193,00 €").
    expect(await featured.getByRole('listitem').first().locator('.product-card__price').textContent()).toBe('193,00\u00a0€');

    // One request for the German first texts: the preloaded one; English's and the back office's never.
    expect(scripts.filter((file) => file === preloaded)).toHaveLength(1);
    expect(scripts.filter((file) => /\/texts-first-(?!de-)/.test(file))).toEqual([]);
    expect(scripts.filter((file) => /\/texts-(staff|scan)-/.test(file))).toEqual([]);
    await expectNoAxeViolations(page);
    expect(warnings).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
