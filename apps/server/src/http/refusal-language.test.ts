import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/databases';
import { createTestShop, type TestShop } from '../../test/test-shop';

/**
 * The shop's refusals come back in the language the request asks for (its Accept-Language), the
 * message and every field's message, with Content-Language saying which; an unknown or malformed
 * language gets the shop's default, English (issue 36).
 */
describe.each(testEngines())('refusals in the request’s language on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine);
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = async (path: string, payload: unknown, language?: string, contentType = 'application/json') => {
    const response = await shop.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', ...(language === undefined ? {} : { 'accept-language': language }) },
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
});
