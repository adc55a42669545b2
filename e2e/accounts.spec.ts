import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { logInOnPage, newAddress, readMail, readPassword, register, registerAndLogIn } from './support/accounts';

/**
 * Customer accounts in Chromium against the real server. Without SMTP_URL the shop keeps its
 * e-mail in the outbox and shows it at /dev/mailbox, where these journeys read the password and
 * the reset link the way someone trying the demo would.
 */

const toasts = (page: Page) => page.getByTestId('toast').allTextContents();
const expectToast = (page: Page, text: string) => expect.poll(async () => (await toasts(page)).join(' | ')).toContain(text);

/** Console errors other than the failed requests a journey causes on purpose (a wrong password, a used link). */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));

describe('customer accounts in Chromium', () => {
  const browser = useBrowser();

  it('registers, reads the password from the e-mail, logs in, changes the settings and logs out', async () => {
    const page = await openPage(browser());
    const email = newAddress('jane');

    // Register: the spec's rules first, then the success screen asks to check e-mail.
    await page.goto('/register');
    await page.locator('#register-submit').click();
    await expect.poll(() => page.locator('#register-error').textContent()).toBe(english(messages.register.required));
    await page.locator('#register-full-name').fill('Jane Doe');
    await page.locator('#register-email').fill('jane@example');
    await page.locator('#register-submit').click();
    await expect.poll(() => page.locator('#register-error').textContent()).toBe(english(messages.email.invalid));
    await expectNoAxeViolations(page);
    await page.locator('#register-email').fill(email);
    await page.locator('#register-submit').click();
    await expect.poll(() => page.locator('#register-done').textContent()).toBe(english(messages.accounts.registered));
    await expectNoAxeViolations(page);

    // The password arrives by e-mail.
    const password = await readPassword(page, email);

    // A wrong password fails with the server's message; the right one logs in and goes home.
    await page.goto('/login');
    await logInOnPage(page, email, `${password}-wrong`);
    await expect.poll(() => page.locator('#login-error').textContent()).toBe(english(messages.accounts.loginIncorrect));
    await expectToast(page, english(messages.toast.loginFailed));
    await logInOnPage(page, email, password);
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, english(messages.toast.loginSuccess));

    // The account panel shows the customer and leads to the settings.
    await page.locator('#account-button:not([disabled])').click();
    await expect.poll(() => page.locator('#account-name').textContent()).toBe('Jane Doe');
    expect(await page.locator('#account-email').textContent()).toBe(email);
    await expectNoAxeViolations(page);
    await page.locator('#account-settings-link').click();
    await page.waitForURL('**/account');

    // Account settings: prefilled, checked in the spec's order, then saved.
    await page.locator('#settings-form').waitFor();
    expect(await page.locator('#settings-full-name').inputValue()).toBe('Jane Doe');
    expect(await page.locator('#settings-email').inputValue()).toBe(email);
    await page.locator('#settings-submit').click();
    await expect.poll(() => page.locator('#settings-error').textContent()).toBe(english(messages.accountSettings.currentPasswordRequired));
    await page.locator('#settings-current-password').fill(password);
    await page.locator('#settings-full-name').fill('Jane Smith');
    await page.locator('#settings-new-password').fill('a brand new secret');
    await page.locator('#settings-new-password-confirmation').fill('a brand new secreT');
    await page.locator('#settings-submit').click();
    await expect.poll(() => page.locator('#settings-error').textContent()).toBe(english(messages.accountSettings.mismatch));
    await page.locator('#settings-new-password-confirmation').fill('a brand new secret');
    await page.locator('#settings-address-0').fill('Main street 1');
    await page.locator('#settings-submit').click();
    await expect.poll(() => page.locator('#settings-error').textContent()).toBe(english(messages.checkout.fillOutFields(['Postcode', 'City'])));
    await page.locator('#settings-address-2').fill('1012 AB');
    await page.locator('#settings-address-3').fill('Amsterdam');
    await page.locator('#settings-country').selectOption('NL');
    await expectNoAxeViolations(page);
    await page.locator('#settings-submit').click();
    await expectToast(page, english(messages.toast.settingsUpdated));
    await expect.poll(() => page.locator('#settings-current-password').inputValue()).toBe('');
    expect(await page.locator('#settings-error').count()).toBe(0);

    // The server refuses a wrong current password with its own text.
    await page.locator('#settings-current-password').fill(password);
    await page.locator('#settings-submit').click();
    await expect.poll(() => page.locator('#settings-error').textContent()).toBe(english(messages.accounts.currentPasswordIncorrect));

    // Saved: a reload shows the new details, and the header follows.
    await page.reload();
    await page.locator('#settings-form').waitFor();
    expect(await page.locator('#settings-full-name').inputValue()).toBe('Jane Smith');
    expect(await page.locator('#settings-address-3').inputValue()).toBe('Amsterdam');
    expect(await page.locator('#settings-country').inputValue()).toBe('NL');
    await page.locator('#account-button:not([disabled])').click();
    await expect.poll(() => page.locator('#account-name').textContent()).toBe('Jane Smith');

    // Logout asks first; Cancel keeps the session, Confirm ends it and leaves the account page.
    await page.locator('#logout-button').click();
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('shop.token'))).toBeTruthy();
    const token = await page.evaluate(() => localStorage.getItem('shop.token'));
    await page.locator('#settings-logout').click();
    await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, english(messages.toast.loggedOut));
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('#login-button').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shop.token'))).toBeNull();
    // The session ended on the server too: its token no longer names a customer.
    const getUser = await page.request.post('/api/get-user', { data: { token }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    expect(await getUser.json()).toEqual({ user: null });

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await logInOnPage(page, email, password);
    await expect.poll(() => page.locator('#login-error').textContent()).toBe(english(messages.accounts.loginIncorrect));
    await logInOnPage(page, email, 'a brand new secret');
    await page.waitForURL((url) => url.pathname === '/');
    expect(unexpectedErrors(page), JSON.stringify(unexpectedErrors(page))).toEqual([]);
    await page.context().close();
  });

  it('sends a logged-in customer from every guest-only page home', async () => {
    const page = await openPage(browser());
    await registerAndLogIn(page, 'Guest Only');
    for (const path of ['/login', '/register', '/forgot-password', '/resend-tickets', '/reset-password/someone%40example.com/some-token']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).pathname, path).toBe('/');
    }
    // Navigating inside the app too, not only on a fresh page load.
    await page.evaluate(() => {
      history.pushState(null, '', '/register');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL((url) => url.pathname === '/');
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('logs in from the header panel: a /login path goes to the portal, a guest-only page goes home, other pages stay', async () => {
    const page = await openPage(browser(), { phone: true });
    const { email, password } = await registerAndLogIn(page, 'Panel User');
    const logOut = async () => {
      await page.locator('#account-button:not([disabled])').click();
      await page.locator('#logout-button').click();
      await page.getByRole('dialog', { name: 'Logout' }).getByRole('button', { name: 'Confirm' }).click();
      await page.locator('#login-button').waitFor();
    };
    const logInWithPanel = async () => {
      await page.locator('#login-button').click();
      await page.locator('#login-panel-email').fill(email);
      await page.locator('#login-panel-password').fill(password);
      await page.locator('#login-panel-submit').click();
      await page.locator('#account-button:not([disabled])').waitFor();
    };

    await logOut();
    await page.goto('/login?from=%2Fcheckout');
    await logInWithPanel();
    await page.waitForURL('**/portal');

    await logOut();
    await page.goto('/register');
    await page.locator('#register-form').waitFor();
    await logInWithPanel();
    await page.waitForURL((url) => url.pathname === '/');

    await logOut();
    await page.goto('/tickets/NWF27-WEEKEND');
    await page.getByRole('heading', { level: 1, name: 'Weekend ticket' }).waitFor();
    await logInWithPanel();
    await expectToast(page, english(messages.toast.loginSuccess));
    expect(new URL(page.url()).pathname).toBe('/tickets/NWF27-WEEKEND');
    // Keyboard focus continues on the account button that replaced the login button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('account-button');
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('sends a visitor of /account to login and back to /account after logging in', async () => {
    const page = await openPage(browser());
    const email = newAddress('from');
    await register(page, 'From Param', email);
    const password = await readPassword(page, email);
    await page.goto('/account');
    await page.waitForURL('**/login?from=%2Faccount');
    await expectNoAxeViolations(page);
    await logInOnPage(page, email, password);
    await page.waitForURL('**/account');
    await page.locator('#settings-form').waitFor();
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('resets a forgotten password with the e-mailed link, once', async () => {
    const page = await openPage(browser());
    const email = newAddress('reset');
    await register(page, 'Reset Me', email);

    await page.goto('/forgot-password');
    await page.locator('#forgot-password-submit').click();
    await expect.poll(() => page.locator('#forgot-password-error').textContent()).toBe(english(messages.email.required));
    await page.locator('#forgot-password-email').fill('mailto:reset@example.com');
    await page.locator('#forgot-password-submit').click();
    await expect.poll(() => page.locator('#forgot-password-error').textContent()).toBe(english(messages.email.invalid));
    await expectNoAxeViolations(page);
    await page.locator('#forgot-password-email').fill(email);
    await page.locator('#forgot-password-submit').click();
    await expect.poll(() => page.locator('#forgot-password-done').textContent()).toBe(english(messages.accounts.resetRequested));
    await expectNoAxeViolations(page);

    // The link in the e-mail points at the configured public address; follow its path here.
    const text = await readMail(page, email, 'Choose a new password');
    const link = /\/reset-password\/\S+/.exec(text)?.[0];
    expect(link, text).toBeTruthy();
    await page.goto(link!);
    await page.locator('#reset-password-form').waitFor();
    expect(await page.locator('#reset-password-email').inputValue()).toBe(email);
    expect(await page.locator('main').textContent()).toContain('at least 8 characters');
    await page.locator('#reset-password-submit').click();
    await expect.poll(() => page.locator('#reset-password-error').textContent()).toBe(english(messages.resetPassword.passwordRequired));
    await page.locator('#reset-password-password').fill('short');
    await page.locator('#reset-password-confirmation').fill('shorter');
    await page.locator('#reset-password-submit').click();
    await expect.poll(() => page.locator('#reset-password-error').textContent()).toBe(english(messages.resetPassword.mismatch));
    // Too short: the server's text, and the link still works afterwards.
    await page.locator('#reset-password-confirmation').fill('short');
    await page.locator('#reset-password-submit').click();
    await expect.poll(() => page.locator('#reset-password-error').textContent()).toBe('Your new password must have at least 8 characters.');
    await expectNoAxeViolations(page);
    await page.locator('#reset-password-password').fill('my own new secret');
    await page.locator('#reset-password-confirmation').fill('my own new secret');
    await page.locator('#reset-password-submit').click();
    await expect.poll(() => page.locator('#reset-password-done').textContent()).toBe(english(messages.accounts.passwordReset));
    await expectNoAxeViolations(page);

    // Used once: the same link now shows the Incorrect code screen, whose Restart starts again.
    await page.goto(link!);
    await page.locator('#reset-password-password').fill('another new secret');
    await page.locator('#reset-password-confirmation').fill('another new secret');
    await page.locator('#reset-password-submit').click();
    await page.getByRole('heading', { name: english(messages.resetPasswordScreen.incorrectCode) }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: english(messages.resetPasswordScreen.restart) }).click();
    await page.waitForURL('**/forgot-password');

    // The new password logs in.
    await page.goto('/login');
    await logInOnPage(page, email, 'my own new secret');
    await page.waitForURL((url) => url.pathname === '/');
    await expectToast(page, english(messages.toast.loginSuccess));
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('re-sends tickets without telling whether the address has any', async () => {
    const page = await openPage(browser(), { phone: true });
    await page.goto('/');
    await page.locator('#login-button').click();
    await page.locator('#login-panel-resend-tickets').click();
    await page.waitForURL('**/resend-tickets');
    await page.locator('#resend-tickets-submit').click();
    await expect.poll(() => page.locator('#resend-tickets-error').textContent()).toBe(english(messages.email.required));
    await expectNoAxeViolations(page);
    await page.locator('#resend-tickets-email').fill(newAddress('nobody'));
    await page.locator('#resend-tickets-submit').click();
    await expect.poll(() => page.locator('#resend-tickets-done').textContent()).toBe(english(messages.accounts.ticketsSent));
    await expectNoAxeViolations(page);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
