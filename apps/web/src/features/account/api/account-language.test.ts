// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chosenOnDevice, currentLanguage, onLanguageChosen, resetLanguageForTests, startLanguage, switchLanguage } from '../../../lib/language';
import '../../../lib/say';

const calls: { path: string; payload: unknown }[] = [];
let kept: string | null = null;
vi.mock('../../../lib/api-client', () => ({
  callApi: async (path: string, payload: { language: string | null }) => {
    calls.push({ path, payload });
    if (payload.language) kept = payload.language;
    return { language: kept };
  },
}));
const { followAccountLanguage } = await import('./account-language');

beforeEach(() => {
  calls.length = 0;
  kept = null;
});
afterEach(() => {
  resetLanguageForTests();
  document.documentElement.lang = 'en';
  document.documentElement.removeAttribute('dir');
  document.cookie = 'shop_language=; Path=/; Max-Age=0';
});

describe('the language follows the person (decision 0094)', () => {
  it('takes the account’s language on a device where nobody chose one', async () => {
    startLanguage(['en', 'de', 'ar']);
    kept = 'ar';
    expect(chosenOnDevice()).toBe(false);
    await followAccountLanguage('token');
    expect(calls).toEqual([{ path: 'set-language', payload: { token: 'token', language: null } }]);
    expect(currentLanguage()).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('keeps the device’s choice and tells the account', async () => {
    startLanguage(['en', 'de', 'ar']);
    await switchLanguage('de');
    expect(chosenOnDevice()).toBe(true);
    kept = 'ar';
    await followAccountLanguage('token');
    expect(calls).toEqual([{ path: 'set-language', payload: { token: 'token', language: 'de' } }]);
    expect(currentLanguage()).toBe('de');
  });

  it('tells listeners each language chosen in a switcher, and not a language the shop does not offer', async () => {
    startLanguage(['en', 'de']);
    const chosen: string[] = [];
    onLanguageChosen((locale) => chosen.push(locale));
    await switchLanguage('de');
    await switchLanguage('ar');
    await switchLanguage('en');
    expect(chosen).toEqual(['de', 'en']);
  });
});
