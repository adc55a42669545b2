import type { Page } from 'playwright-core';

/** A refund request's details step as a customer in the Netherlands fills it in (the holder's name comes from the account). */
export async function fillRefundDetails(page: Page, iban = 'NL91 ABNA 0417 1643 00'): Promise<void> {
  await page.locator('#refund-step-details').waitFor();
  await page.locator('#refund-bank-address-0').fill('Damrak 1');
  await page.locator('#refund-bank-address-2').fill('1012 LG');
  await page.locator('#refund-bank-address-3').fill('Amsterdam');
  await page.locator('#refund-bank-name').fill('ABN AMRO');
  // The Netherlands asks for an IBAN instead of an account number.
  await page.locator('#refund-bank-country').selectOption('NL');
  await page.locator('#refund-bank-bic').fill('ABNANL2A');
  await page.locator('#refund-bank-iban').fill(iban);
}
