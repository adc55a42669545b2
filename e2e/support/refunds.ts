import type { Page } from 'playwright-core';
import { rewriteJsonAnswers } from './browser';

/**
 * A refund request's details step as a customer in the Netherlands fills it in (the holder's name
 * comes from the account); `form`: another form with the same fields (a waiting refund's page).
 */
export async function fillRefundDetails(page: Page, iban = 'NL91 ABNA 0417 1643 00', form = '#refund-step-details'): Promise<void> {
  await page.locator(form).waitFor();
  await page.locator('#refund-bank-address-0').fill('Damrak 1');
  await page.locator('#refund-bank-address-2').fill('1012 LG');
  await page.locator('#refund-bank-address-3').fill('Amsterdam');
  await page.locator('#refund-bank-name').fill('ABN AMRO');
  // The Netherlands asks for an IBAN instead of an account number.
  await page.locator('#refund-bank-country').selectOption('NL');
  await page.locator('#refund-bank-bic').fill('ABNANL2A');
  await page.locator('#refund-bank-iban').fill(iban);
}

/**
 * The shop asks bank details only for what a refund cannot give back to the card or at the desk
 * (decision 0060); the journeys' orders are paid by card. To walk the bank-details step as a
 * buyer whose money goes back by bank (a transfer, a voucher's share) would, the shop's answers
 * reach this page without what the card can take back (`refund_ways_open`), as an order paid by
 * bank reads. What the server decides is tested in the API layer (desk-money.test.ts).
 */
export async function refundsGoByBank(page: Page): Promise<void> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'refund_ways_open').map(([key, inner]) => [key, strip(inner)]));
    return value;
  };
  await rewriteJsonAnswers(page, '**/api/**', strip);
}
