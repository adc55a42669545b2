// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLanguageForTests, startLanguage } from './language';
import { callStaffApi, StaffApiError } from './staff-call';

const texts = { network: 'No connection.', server: 'The shop could not answer.' };

describe('callStaffApi', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetLanguageForTests();
    document.documentElement.lang = '';
  });

  it('asks in the page’s language, so the back office’s and the scanner’s refusals come back in it', async () => {
    document.documentElement.lang = 'fr';
    startLanguage(['en', 'fr']);
    const refusal = { message: 'Certaines des informations envoyées ne sont pas valides.', errors: { code: ['Saisissez le code scanner que l’organisateur vous a donné.'] } };
    const fetched = vi.fn(async () => new Response(JSON.stringify(refusal), { status: 422, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetched);
    const failure = await callStaffApi(texts, 'scanner-login', { code: '' }).catch((error: unknown) => error);
    expect((fetched.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'Accept-Language': 'fr' });
    expect(failure).toBeInstanceOf(StaffApiError);
    expect((failure as StaffApiError).errors).toEqual(refusal.errors);
  });
});
