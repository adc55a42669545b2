// @vitest-environment happy-dom
import { messages } from '@festival/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { InLanguage } from './InLanguage';
import { currentLanguage, resetLanguageForTests, startLanguage, switchLanguage } from '../../lib/language';
import { say } from '../../lib/say';
import LanguageSwitcher from './LanguageSwitcher';

afterEach(() => {
  cleanup();
  resetLanguageForTests();
  document.documentElement.lang = 'en';
  document.documentElement.removeAttribute('dir');
  document.cookie = 'shop_language=; Path=/; Max-Age=0';
});

/** A page text from the catalogues, shown in the page's language. */
function EmptyCart() {
  return <p id="empty">{say(messages.cart.empty)}</p>;
}

describe("the page's language", () => {
  it('starts in the language the server sent the page in, when the shop speaks it, else in its default', () => {
    document.documentElement.lang = 'de';
    expect(startLanguage(['en', 'de'])).toBe('de');
    document.documentElement.lang = 'pl';
    expect(startLanguage(['nl', 'de'])).toBe('nl');
    document.documentElement.lang = '../..';
    expect(startLanguage(['en', 'ar'])).toBe('en');
  });

  it('switches without a reload: texts, the document’s lang and dir, the kept choice; only to a language the shop speaks', async () => {
    startLanguage(['en', 'ar', 'de']);
    render(
      <InLanguage>
        <EmptyCart />
      </InLanguage>,
    );
    expect(screen.getByText('Your Cart is empty.')).toBeTruthy();
    await switchLanguage('ar');
    expect(await screen.findByText('سلة التسوق فارغة.')).toBeTruthy();
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['ar', 'rtl']);
    expect(document.cookie).toContain('shop_language=ar');
    await switchLanguage('fr');
    expect(currentLanguage()).toBe('ar');
    await switchLanguage('de');
    expect(await screen.findByText('Ihr Warenkorb ist leer.')).toBeTruthy();
    expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['de', 'ltr']);
  });

  it('offers the shop’s languages by keyboard, each named in its own language, under a name in the page’s', async () => {
    startLanguage(['en', 'nl', 'ar']);
    const user = userEvent.setup();
    render(
      <InLanguage>
        <LanguageSwitcher />
        <EmptyCart />
      </InLanguage>,
    );
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...select.querySelectorAll('option')].map((option) => [option.value, option.textContent, option.getAttribute('lang')])).toEqual([
      ['en', 'English', 'en'],
      ['nl', 'Nederlands', 'nl'],
      ['ar', 'العربية', 'ar'],
    ]);
    select.focus();
    await user.selectOptions(select, 'nl');
    expect(await screen.findByRole('combobox', { name: 'Taal' })).toBeTruthy();
    expect(screen.getByText('Je winkelwagen is leeg.')).toBeTruthy();
  });
});
