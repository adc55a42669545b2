import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { newAddress, readMail } from './support/accounts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { signInAs } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The back office's box office (issue 22 point 5) in Chromium against the real server, as box
 * office staff on a tablet at the desk (1024×768): a weekend ticket and a T-shirt sold for cash,
 * the receipt with its order code, a ticket's PDF opened, the tickets printed as one PDF and e-mailed again; then a
 * pay-later sale whose terms link arrives in the dev mailbox. Axe on each screen and dialog.
 */

const texts = staffTexts.boxOffice;
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function openBoxOffice(page: Page) {
  await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'Box office' }).click();
  await page.waitForURL((url) => url.pathname === '/staff/box-office');
  await page.getByRole('heading', { name: texts.title, level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Northwind Festival 2027', level: 3 }).waitFor();
}

async function fillBuyer(page: Page, email: string, name: string) {
  await page.getByLabel(texts.buyerEmail).fill(email);
  await page.getByLabel(texts.buyerName).fill(name);
}

/** Sells what is in the basket: the question asked first, then the receipt; answers the order code. */
async function confirmSale(page: Page, question: RegExp): Promise<string> {
  await page.getByRole('button', { name: new RegExp(`^${texts.sell} ·`) }).click();
  const dialog = page.getByRole('dialog', { name: texts.confirmTitle });
  await dialog.waitFor();
  expect(await dialog.innerText()).toMatch(question);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: texts.confirmSell }).click();
  const heading = page.getByRole('heading', { level: 1, name: /^Sold: order / });
  await heading.waitFor();
  const code = /order (\S+)$/.exec(await heading.innerText())![1]!;
  return code;
}

describe('the back office’s box office', () => {
  const browser = useBrowser();
  // One desk, signed in once (a second sign-in within the same code step would wait for the next).
  let page: Page;
  beforeAll(async () => {
    page = await openPage(browser(), { viewport: { width: 1024, height: 768 } });
    await signInAs(page, inject('staffMembers').boxOfficeDesk);
  }, 120_000);

  it('sells a weekend ticket and a T-shirt for cash on a tablet, shows the receipt, opens the ticket’s PDF and e-mails the tickets', async () => {
    await openBoxOffice(page);
    await expectNoAxeViolations(page);
    expect(await fitsWidth(page)).toBe(true);
    // A sold-out item cannot be added.
    expect(await page.getByRole('button', { name: texts.add('Bell tent for two (glamping)') }).first().isDisabled()).toBe(true);

    await page.getByRole('button', { name: texts.add('Weekend ticket') }).first().click();
    await page.getByRole('button', { name: texts.add('Line-up T-shirt') }).first().click();
    const basket = page.locator('form.staff-boxoffice-basket');
    expect(await basket.innerText()).toContain('Weekend ticket × 1');
    // Selling without the buyer: what is missing is said beside the basket.
    await page.getByRole('button', { name: new RegExp(`^${texts.sell} ·`) }).click();
    await basket.getByRole('alert').getByText(texts.needBuyer).waitFor();

    const buyer = newAddress('desk');
    await fillBuyer(page, buyer, 'Dana Desk');
    await page.getByRole('button', { name: texts.sameAsBuyerLabel(1) }).click();
    expect(await page.getByLabel(texts.holderName, { exact: true }).inputValue()).toBe('Dana Desk');
    await page.getByLabel(texts.holderAge).selectOption('25-34');
    expect(await page.getByRole('radio', { name: new RegExp(texts.payments.cash.label) }).isChecked()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: texts.toBasket }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1024, height: 768 });
    await expectNoAxeViolations(page);

    const code = await confirmSale(page, /Sell 2 items for €[\d,.]+, paid in cash\?/);
    const receipt = await page.locator('.staff-boxoffice-receipt').innerText();
    for (const part of [code, 'Weekend ticket × 1', 'Line-up T-shirt × 1', texts.payments.cash.label, texts.statuses.paid!]) expect(receipt).toContain(part);
    // Paid at the desk: the order's own mail, no terms link to accept.
    expect(receipt).not.toContain('accept the terms');
    await expectNoAxeViolations(page);

    // The ticket's PDF link answers a PDF.
    const link = page.getByRole('link', { name: /^PDF of ticket / });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/download-ticket\//);
    const pdf = await page.request.get(new URL(href!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // Print downloads the order's tickets as one PDF, under the desk's session (decision 0076).
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.printTickets }).click();
    expect((await download).suggestedFilename()).toBe(`tickets-${code}.pdf`);

    // E-mail the tickets: to the buyer by default, here to another address the buyer gives.
    await page.getByRole('button', { name: texts.emailTickets }).click();
    const mailDialog = page.getByRole('dialog', { name: texts.emailTitle(code) });
    await mailDialog.waitFor();
    expect(await mailDialog.getByLabel(texts.emailTo).inputValue()).toBe(buyer);
    await expectNoAxeViolations(page);
    const friend = newAddress('friend');
    await mailDialog.getByLabel(texts.emailTo).fill(friend);
    await mailDialog.getByRole('button', { name: texts.emailSend }).click();
    await mailDialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Notifications' }).getByText(`The tickets were e-mailed to ${friend}.`).waitFor();

    await page.getByRole('button', { name: texts.nextCustomer }).click();
    await page.getByText(texts.basketEmpty).waitFor();
    expect(await page.getByLabel(texts.buyerEmail).inputValue()).toBe('');
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.waitForTimeout(200);
    expect(await fitsWidth(page)).toBe(true);
    expect(unexpectedErrors(page)).toEqual([]);
  });

  it('sells to pay later: the buyer is e-mailed the link to accept the terms and pay', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openBoxOffice(page);
    await page.getByRole('button', { name: texts.add('Line-up T-shirt') }).first().click();
    await page.getByRole('button', { name: texts.add('Line-up T-shirt') }).first().click();
    const buyer = newAddress('later');
    await fillBuyer(page, buyer, 'Lou Later');
    await page.getByRole('radio', { name: new RegExp(texts.payments.pay_later.label) }).check();
    const code = await confirmSale(page, /Sell 2 items for €[\d,.]+, to pay later through the e-mailed link\?/);
    const receipt = await page.locator('.staff-boxoffice-receipt').innerText();
    expect(receipt).toContain(texts.statuses.pending!);
    expect(receipt).toContain(texts.termsEmailed(buyer));
    await expectNoAxeViolations(page);
    const mail = await readMail(page, buyer, 'Please accept the terms of your order');
    expect(mail).toContain(code);
    expect(mail).toContain('/accept-tcs/');
    expect(unexpectedErrors(page)).toEqual([]);
  });
});
