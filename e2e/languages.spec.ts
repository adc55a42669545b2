import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator, type Catalogue } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/env';
import { eq } from 'drizzle-orm';
import { emailOutbox, orders } from '../apps/server/src/db/schema';
import { ordersMailMessages } from '../apps/server/src/modules/orders/orders.mail.messages';
import { orderTexts } from '../apps/web/src/components/order/order.messages';
import { addWeekendTicket, checkOutAndPayByCard } from './support/checkout';
import { scannerMessages } from '../packages/contract/src/staff-checkin';
import { scanTexts } from '../apps/web/src/scan/scan.messages';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { signedInCustomer, startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { E2E_GATE_LIST, prepareScanners } from './support/scanner-setup';
import { screenshot } from './support/screenshots';

/**
 * Every surface in the buyer's (and the gate staff's) language (issue 36): a purchase in German on
 * a phone, from the product page to the paid order and its confirmation e-mail, and the gate
 * scanner used in Dutch, from its sign-in to a refused ticket; each page accessible and nothing
 * wider than the screen.
 */
const DEMO_NAME = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'config/demo-shop.json'), 'utf8')) as { name: string }).name;
const german = createTranslator('de', JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/contract/lang/de.json'), 'utf8')) as Catalogue);
const dutch = createTranslator('nl', JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/contract/lang/nl.json'), 'utf8')) as Catalogue);

describe('the surfaces in their readers’ languages', () => {
  const browser = useBrowser();
  let shop: OwnShop;
  let scannerCode: string;
  beforeAll(async () => {
    shop = await startOwnShop({ appSecret: 'languages-journey-secret-of-32-characters!', config: { languages: ['en', 'nl', 'de'] } });
    scannerCode = (await prepareScanners(shop.database.db, 1))[0]!;
  });
  afterAll(async () => {
    await stopOwnShop(shop);
  });
  const orderId = async (code: string) => (await shop.database.db.select({ id: orders.id }).from(orders).where(eq(orders.code, code)))[0]!.id;

  it('buys a ticket in German on a phone: product, cart, checkout, payment, the order and its e-mail in German', async () => {
    const token = await signedInCustomer(shop, 'Greta');
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 } });
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9' });
    await page.addInitScript((kept) => localStorage.setItem('shop.token', kept), token);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    await addWeekendTicket(page, { name: 'Greta Gärtner', email: 'greta.gaertner@example.org' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'purchase-german-product-390.png');

    const order = await checkOutAndPayByCard(page);
    await page.getByRole('heading', { name: german.format(orderTexts.orderTickets.tickets) }).waitFor();
    // The download link in German, the amount written the German way.
    await page.getByRole('link', { name: new RegExp(`^${german.format(orderTexts.orderTickets.download)}`) }).first().waitFor();
    expect(await page.locator('main').textContent()).toMatch(/\d+,\d\d\s€/);
    expect(await fits()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'purchase-german-order-390.png', { fullPage: true });

    // The order keeps the page's language: its confirmation is written in German.
    const subjects = (await shop.database.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-confirmation:${await orderId(order)}`))).map((row) => row.subject);
    expect(subjects).toEqual([german.format(ordersMailMessages.confirmationSubject({ code: order, shop: DEMO_NAME }))]);
    expect(errors).toEqual([]);
  });

  it('shows the pseudo-language on a phone with nothing cut off and nothing wider than the screen', async () => {
    const token = await signedInCustomer(shop, 'Pseudo');
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 } });
    await page.addInitScript((kept) => localStorage.setItem('shop.token', kept), token);
    await page.goto('/?pseudo=1');
    for (const [name, path] of [['home', '/'], ['listing', '/tickets'], ['product', '/tickets/NWF27-WEEKEND'], ['portal', '/portal']] as const) {
      await page.goto(path);
      await page.locator('main h1').waitFor();
      // The pseudo-language is on for the tab: the page's own texts are bracketed.
      await expect.poll(() => page.locator('main').textContent()).toMatch(/⟦/);
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element instanceof HTMLElement && element.offsetParent !== null && (element.textContent ?? '').includes('⟦'))
          // Text for screen readers only (clipped to a pixel on purpose) is not cut off.
          .filter((element) => !element.closest('.visually-hidden') && element.getBoundingClientRect().width > 1 && getComputedStyle(element).clipPath === 'none' && getComputedStyle(element).clip === 'auto')
          .filter((element) => {
            const style = getComputedStyle(element);
            const hides = style.overflow !== 'visible' || style.textOverflow === 'ellipsis';
            return hides && element.children.length === 0 && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
          })
          .map((element) => element.textContent!.slice(0, 40)),
      );
      expect(cut, name).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), name).toBe(true);
      await screenshot(page, `pseudo-${name}-390.png`, { fullPage: true });
    }
    expect(errors).toEqual([]);
  });

  it('runs the gate scanner in Dutch on a phone: sign-in, list and gate, a refused code, each accessible', async () => {
    // Gate staff's phones ask for Dutch; a refused sign-in is part of the journey.
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 }, allowRefusals: true });
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' });
    await page.goto('/scan/');
    await page.getByRole('heading', { name: dutch.format(scanTexts.signIn.title) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('nl');
    await expectNoAxeViolations(page);

    await page.getByLabel(dutch.format(scanTexts.signIn.code)).fill('NOT-A-SCANNER-CODE');
    await page.getByRole('button', { name: dutch.format(scanTexts.signIn.submit) }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(dutch.format(scannerMessages.badScannerCode));

    await page.getByLabel(dutch.format(scanTexts.signIn.code)).fill(scannerCode.toLowerCase());
    await page.getByRole('button', { name: dutch.format(scanTexts.signIn.submit) }).click();
    await page.getByRole('heading', { name: dutch.format(scanTexts.choose.title) }).waitFor();
    await page.getByRole('radio', { name: new RegExp(E2E_GATE_LIST.name) }).check();
    await page.getByRole('radio', { name: 'North', exact: true }).check();
    await page.getByRole('button', { name: dutch.format(scanTexts.choose.start) }).click();
    await page.getByRole('heading', { name: new RegExp(E2E_GATE_LIST.name) }).waitFor();
    await expectNoAxeViolations(page);

    // Something that is no ticket at all, typed in: the refusal in Dutch.
    await page.getByLabel(dutch.format(scanTexts.scan.manual)).fill('HELLO WORLD');
    await page.getByRole('button', { name: dutch.format(scanTexts.scan.check) }).click();
    await page.getByTestId('scan-result').waitFor();
    expect(await page.getByTestId('scan-result-message').textContent()).toBe(dutch.format(scannerMessages.notATicket));
    await screenshot(page, 'scanner-dutch-refused-390.png');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });
});
