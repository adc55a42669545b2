import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations, openPage, useBrowser } from './support/browser';

describe('forms and the shared form error in Chromium', () => {
  const browser = useBrowser();

  it('shows the login validation text, then the server message, and clears it on navigation', async () => {
    const page = await openPage(browser());
    await page.goto('/login');
    await page.locator('#login-submit').click();
    const alert = page.locator('#login-error');
    await expect.poll(() => alert.textContent()).toContain('Please enter your email address and password.');

    await page.locator('#login-email').fill('someone@example.com');
    await page.locator('#login-password').fill('a password');
    await page.locator('#login-submit').click();
    // The server's message, whatever it is, replaces the validation text (spec section 8).
    await expect.poll(() => alert.textContent()).not.toContain('Please enter your email address and password.');
    await expect.poll(async () => ((await alert.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    await expect.poll(async () => (await page.getByTestId('toast').allTextContents()).join(' ')).toContain('Login failed.');
    await expectNoAxeViolations(page);

    await page.locator('#login-register').click();
    await page.waitForURL('**/register');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    await page.context().close();
  });

  it('opens the header login panel with its four actions, and it passes axe while open', async () => {
    const page = await openPage(browser());
    await page.goto('/');
    await page.locator('#login-button').click();
    const panel = page.locator('#login-panel');
    await panel.waitFor();
    for (const name of ['Login', 'Register', 'Re-send tickets', 'Forgot your password']) {
      expect(await panel.getByRole(name === 'Login' ? 'button' : 'link', { name, exact: true }).count(), name).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.isVisible()).toBe(false);
    await page.context().close();
  });
});
