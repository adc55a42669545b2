import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator, type Catalogue } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/env';
import { scannerMessages } from '../packages/contract/src/staff-checkin';
import { scanTexts } from '../apps/web/src/scan/scan.messages';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { E2E_GATE_LIST, prepareScanners } from './support/scanner-setup';
import { screenshot } from './support/screenshots';

/**
 * Every surface in the buyer's (and the gate staff's) language (issue 36): the gate scanner used
 * in Dutch on a phone, from its sign-in to a refused ticket, all in Dutch and accessible.
 */
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
    await screenshot(page, 'scanner-dutch-refused-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });
});
