import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { messages } from '../../packages/contract/src/messages';

/**
 * Account steps the journeys share. Without SMTP_URL the shop keeps its e-mail in the outbox and
 * shows it at /dev/mailbox, where these read the password and links the way someone trying the
 * demo would.
 */

/** A fresh address per journey: the database lives for the whole e2e run. */
let counter = 0;
export const newAddress = (name: string) => `${name}.${Date.now().toString(36)}${counter++}@example.com`;

/** The plain-text body of the newest message to `to` whose subject starts with `subject`, from the dev mailbox. */
export async function readMail(page: Page, to: string, subject: string): Promise<string> {
  const link = page.locator('tbody tr', { hasText: to }).getByRole('link', { name: new RegExp(`^${subject}`) }).first();
  await expect
    .poll(async () => {
      await page.goto('/dev/mailbox');
      return link.count();
    })
    .toBeGreaterThan(0);
  await link.click();
  await page.locator('pre').waitFor();
  return (await page.locator('pre').textContent()) ?? '';
}

export async function readPassword(page: Page, to: string): Promise<string> {
  const text = await readMail(page, to, 'Your account at');
  const password = /this password:\s+(\S+)/.exec(text)?.[1];
  expect(password, text).toBeTruthy();
  return password!;
}

export async function register(page: Page, name: string, email: string) {
  await page.goto('/register');
  await page.locator('#register-full-name').fill(name);
  await page.locator('#register-email').fill(email);
  await page.locator('#register-submit').click();
  await expect.poll(() => page.locator('#register-done').textContent()).toBe(english(messages.accounts.registered));
}

export async function logInOnPage(page: Page, email: string, password: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('#login-submit').click();
}

/** Registers, reads the password from the mailbox and logs in on the login page (which goes home). */
export async function registerAndLogIn(page: Page, name: string) {
  const email = newAddress(name.split(' ')[0]!.toLowerCase());
  await register(page, name, email);
  const password = await readPassword(page, email);
  await page.goto('/login');
  await logInOnPage(page, email, password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.locator('#account-button:not([disabled])').waitFor();
  return { email, password };
}
