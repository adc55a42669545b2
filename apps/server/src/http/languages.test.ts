import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '@festival/contract';
import { testEngines } from '../../test/databases';
import { createTestShop, type TestShop } from '../../test/test-shop';

/**
 * The shop's refusals come back in the language the request asks for (its Accept-Language), the
 * message and every field's message, with Content-Language saying which; an unknown or malformed
 * language gets the shop's default, English (issue 36).
 */
describe.each(testEngines())('refusals in the request’s language on %s', (engine) => {
  let shop: TestShop;
  let twoLanguages: TestShop;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'shop-languages-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="en"><head><title><!--shop-title--></title><!--shop-preload--><!--shop-config--></head><body><div id="root"></div></body></html>');
    // The back office's and the scanner's pages: builds of their own, without the shop's configuration.
    for (const app of ['staff', 'scan']) {
      mkdirSync(path.join(webRoot, app));
      writeFileSync(path.join(webRoot, app, `${app}.html`), `<!doctype html><html lang="en"><head><title>${app}</title></head><body><div id="root"></div></body></html>`);
    }
    shop = await createTestShop(engine, { config: { languages: [...LOCALES] }, webRoot });
    // A Dutch shop that also speaks English: its default is its first language.
    twoLanguages = await createTestShop(engine, { config: { languages: ['nl', 'en'] }, webRoot });
  });
  afterAll(async () => {
    await shop?.close();
    await twoLanguages?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const post = async (path: string, payload: unknown, language?: string, contentType = 'application/json', on: TestShop = shop, cookie?: string) => {
    const response = await on.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', ...(language === undefined ? {} : { 'accept-language': language }), ...(cookie ? { cookie } : {}) },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() as { message: string; errors?: Record<string, string[]> }, language: response.headers['content-language'] };
  };

  it('says a refused payload and each of its fields in German to a German browser', async () => {
    expect(await post('register', { full_name: '', email: '' }, 'de-DE,de;q=0.9,en;q=0.8')).toEqual({
      status: 422,
      language: 'de',
      body: {
        message: 'Einige der gesendeten Angaben sind ungültig.',
        errors: { full_name: ['Bitte geben Sie Ihren vollständigen Namen und Ihre E-Mail-Adresse ein.'], email: ['Bitte geben Sie Ihre E-Mail-Adresse ein.', 'Bitte geben Sie eine gültige E-Mail-Adresse ein.'] },
      },
    });
  });

  it('says a refusal of the shop in Arabic, Polish, French, Dutch and Spanish, and numbers with their plural', async () => {
    expect(await post('get-shop-item', { external_code: 'NO-SUCH-ITEM' }, 'ar')).toEqual({ status: 404, language: 'ar', body: { message: 'هذا المنتج غير موجود أو لم يعد معروضًا للبيع.' } });
    expect(await post('login', { email: 'nobody@example.org', password: 'wrong password' }, 'pl-PL')).toMatchObject({ status: 401, language: 'pl', body: { message: 'Nieprawidłowy adres e-mail lub hasło.' } });
    expect(await post('get-cart', { token: 'x'.repeat(201) }, 'nl')).toMatchObject({ status: 422, language: 'nl', body: { errors: { token: ['Dit veld mag maximaal 200 tekens bevatten.'] } } });
    expect(await post('get-cart', { token: 'x'.repeat(201) }, 'pl')).toMatchObject({ body: { errors: { token: ['To pole może zawierać maksymalnie 200 znaków.'] } } });
    expect(await post('get-cart', { token: 'x'.repeat(201) }, 'ar')).toMatchObject({ body: { errors: { token: ['يمكن أن يحتوي هذا الحقل على 200 حرف كحد أقصى.'] } } });
    expect(await post('get-cart', { token: 'x'.repeat(5000) }, 'es')).toMatchObject({ body: { errors: { token: ['Este campo puede tener como máximo 4000 caracteres.'] } } });
    // Fastify's own refusal of a body it cannot read, in the same words.
    expect(await post('get-data', '{"token":', 'fr-CA,fr;q=0.9')).toEqual({ status: 400, language: 'fr', body: { message: 'Certaines des informations envoyées ne sont pas valides.' } });
  });

  it('answers in English to no language, one the shop does not speak, and malformed or huge headers, as fast as any', async () => {
    const english = { status: 404, language: 'en', body: { message: 'This item does not exist or is no longer on sale.' } };
    for (const language of [undefined, '', 'xx', 'ja-JP', '*', '../..', 'lang=../..', 'de;q=0', 'de-!!', ';;,,q=', 'x'.repeat(10_000), `${'ja,'.repeat(3000)}de`]) {
      const started = performance.now();
      expect(await post('get-shop-item', { external_code: 'NO-SUCH-ITEM' }, language), JSON.stringify(language?.slice(0, 30))).toEqual(english);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it("speaks only the shop's languages: its default for any other, the buyer's kept choice over the browser's", async () => {
    const notFound = { external_code: 'NO-SUCH-ITEM' };
    const dutch = 'Dit artikel bestaat niet of is niet meer te koop.';
    expect(await post('get-shop-item', notFound, 'de-DE,de;q=0.9', 'application/json', twoLanguages)).toMatchObject({ language: 'nl', body: { message: dutch } });
    expect(await post('get-shop-item', notFound, 'fr, en;q=0.5', 'application/json', twoLanguages)).toMatchObject({ language: 'en' });
    expect(await post('get-shop-item', notFound, undefined, 'application/json', twoLanguages)).toMatchObject({ language: 'nl', body: { message: dutch } });
    // The switcher's cookie wins over the browser; a cookie naming a language the shop does not speak, or garbage, does not.
    expect(await post('get-shop-item', notFound, 'en', 'application/json', twoLanguages, 'a=1; shop_language=nl')).toMatchObject({ language: 'nl' });
    expect(await post('get-shop-item', notFound, 'en', 'application/json', twoLanguages, 'shop_language=de')).toMatchObject({ language: 'en' });
    expect(await post('get-shop-item', notFound, 'en', 'application/json', twoLanguages, `shop_language=${'x'.repeat(10_000)}`)).toMatchObject({ language: 'en' });
  });

  it('sends each page in its language and direction, with the alternates of the others', async () => {
    const page = async (url: string, headers: Record<string, string> = {}, on: TestShop = shop) => {
      const response = await on.app.inject({ method: 'GET', url, headers });
      return { html: response.body, language: response.headers['content-language'], vary: response.headers.vary };
    };
    const arabic = await page('/tickets', { 'accept-language': 'ar-EG,ar;q=0.9' });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toMatchObject({ language: 'ar', vary: 'accept-language, cookie' });
    const base = shop.config.publicBaseUrl.replace(/\/$/, '');
    for (const locale of LOCALES) expect(arabic.html).toContain(`<link rel="alternate" hreflang="${locale}" href="${base}/tickets?lang=${locale}">`);
    expect(arabic.html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}/tickets">`);
    // The alternate's own address, and the switcher's cookie, over the browser.
    expect((await page('/tickets?lang=de', { 'accept-language': 'ar' })).html).toContain('<html lang="de" dir="ltr">');
    expect((await page('/', { cookie: 'shop_language=pl', 'accept-language': 'ar' })).html).toContain('<html lang="pl" dir="ltr">');
    for (const lang of ['../..', 'xx', 'x'.repeat(10_000), 'DE']) expect((await page(`/?lang=${encodeURIComponent(lang)}`)).html, lang.slice(0, 10)).toContain('<html lang="en" dir="ltr">');
    // A shop of one language names no alternates; the Dutch shop's default is Dutch.
    const dutch = await page('/', {}, twoLanguages);
    expect(dutch.html).toContain('<html lang="nl" dir="ltr">');
    expect((await page('/', {}, await oneLanguageShop())).html).not.toContain('hreflang');
  });

  it('sends the organiser’s texts in the page’s language, and loads them in another for a switch', async () => {
    const translated = await createTestShop(engine, {
      webRoot,
      config: {
        languages: ['en', 'de'],
        texts: { ...shop.config.texts, headerBanner: 'Early bird tickets on sale now' },
        translations: { de: { texts: { headerBanner: 'Frühbuchertickets jetzt erhältlich' }, countries: { NL: 'Holland' } } },
      },
    });
    try {
      const configOf = (html: string) => JSON.parse(/<script id="shop-config" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!) as Record<string, any>;
      const german = configOf((await translated.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de' } })).body);
      expect(german.texts.headerBanner).toBe('Frühbuchertickets jetzt erhältlich');
      expect(german).not.toHaveProperty('translations');
      expect(german.countries.find((country: { code: string }) => country.code === 'NL').name).toBe('Holland');
      expect(configOf((await translated.app.inject({ method: 'GET', url: '/' })).body).texts.headerBanner).toBe('Early bird tickets on sale now');
      const switched = await translated.call('get-page-config', { language: 'de' });
      expect(switched.status).toBe(200);
      expect(switched.body.config.texts.headerBanner).toBe('Frühbuchertickets jetzt erhältlich');
      // A language the shop does not offer: its default's; not a language: refused.
      expect((await translated.call('get-page-config', { language: 'fr' })).body.config.texts.headerBanner).toBe('Early bird tickets on sale now');
      expect((await translated.call('get-page-config', { language: '../..' })).status).toBe(422);
    } finally {
      await translated.close();
    }
  });

  it("sends the back office and the scanner in the staff member's language and direction, naming the shop's languages for their switcher", async () => {
    const page = async (url: string, headers: Record<string, string>, on: TestShop = shop) => {
      const response = await on.app.inject({ method: 'GET', url, headers });
      return { html: response.body, language: response.headers['content-language'], vary: response.headers.vary, cache: response.headers['cache-control'] };
    };
    const all = LOCALES.join(' ');
    expect(await page('/staff/orders', { 'accept-language': 'ar-EG,ar;q=0.9' })).toMatchObject({ language: 'ar', vary: 'accept-language, cookie', cache: 'no-store' });
    expect((await page('/staff/', { 'accept-language': 'ar' })).html).toContain(`<html lang="ar" dir="rtl" data-languages="${all}">`);
    expect((await page('/scan/', { cookie: 'shop_language=fr', 'accept-language': 'ar' })).html).toContain(`<html lang="fr" dir="ltr" data-languages="${all}">`);
    // The Dutch shop's default is its first language, and it speaks no other than its own two.
    expect((await page('/staff/', { 'accept-language': 'ar' }, twoLanguages)).html).toContain('<html lang="nl" dir="ltr" data-languages="nl en">');
  });

  let single: TestShop | undefined;
  // The demo speaks seven languages: a shop of English alone, as a configuration without `languages` is.
  const oneLanguageShop = async () => (single ??= await createTestShop(engine, { webRoot, config: { languages: ['en'] } }));
  afterAll(async () => {
    await single?.close();
  });
});
