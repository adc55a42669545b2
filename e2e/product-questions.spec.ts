import { createTranslator, english, questionDefinition, questionMessages, type Catalogue, type QuestionDefinitionInput } from '@festival/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionColumns, upsertQuestion } from '../apps/server/src/modules/catalog/questions.queries';
import { portalTexts } from '../apps/web/src/features/portal/portal.messages';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { screenshot } from './support/screenshots';
import { CARD_PAYS, fillBillingAddress } from './support/checkout';
import { signedInCustomer, startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { prepareStaff, signInAs } from './support/staff-setup';
import { englishOf } from '../packages/contract/src/i18n/english';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../apps/server/src/env';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { orders, productQuestions, questionAnswers, shopItems } from '../apps/server/src/db/schema';

const deskTexts = englishOf(staffTextsInCatalogue).boxOffice;
const arabic = createTranslator('ar', JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/contract/lang/ar.json'), 'utf8')) as Catalogue);

/**
 * Questions per product asked of a buyer (issue 37 point 4, decision 0106), on a shop of the
 * journey's own (the weekend ticket asks them here, so no other journey's checkout meets them):
 * a required choice and a text in the personalise modal, a required per-order question at
 * checkout, the answers on the order page, then one changed in the portal; and the box office
 * asking them of a buyer at the desk.
 */
describe('questions per product in Chromium', () => {
  const browser = useBrowser();
  let shop: OwnShop;
  let staff: Awaited<ReturnType<typeof prepareStaff>>;
  beforeAll(async () => {
    shop = await startOwnShop({ appSecret: 'product-questions-journey-secret-of-32-chars', config: { languages: ['en', 'ar'] }, app: { catalogMaxAgeMs: 0 } });
    const [weekend] = await shop.database.db.select({ id: shopItems.id }).from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const asked: QuestionDefinitionInput[] = [
      {
        code: 'size',
        kind: 'choice',
        label: 'T-shirt size',
        required: true,
        options: [{ code: 's', label: 'Small', translations: { ar: { label: 'صغير' } } }, { code: 'm', label: 'Medium' }, { code: 'l', label: 'Large' }],
        translations: { ar: { label: 'مقاس القميص' } },
      },
      { code: 'diet', kind: 'text', label: 'Dietary needs' },
      { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order', translations: { ar: { label: 'جهة اتصال للطوارئ' } } },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(shop.database.db, questionColumns(questionDefinition.parse(question), weekend!.id, sort));
    staff = await prepareStaff(shop.database.db);
  });
  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('asks them in the personalise modal and at checkout, shows them on the order, and the buyer changes one in the portal', async () => {
    const token = await signedInCustomer(shop, 'Quinn');
    const { page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true });
    await page.addInitScript((kept) => localStorage.setItem('shop.token', kept), token);

    // The personalise modal: the required choice is refused at its field until answered.
    await page.goto('/tickets/NWF27-WEEKEND');
    await page.locator('#add-to-cart').click();
    await page.locator('#personalise-modal').waitFor();
    await page.locator('#personalise-full-name').fill('Quinn Holder');
    await page.locator('#personalise-email').fill('quinn.holder@example.org');
    await page.locator('#personalise-age').selectOption('25-34');
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => page.locator('#personalise-answer-size').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#personalise-answer-size-error').textContent()).toBe(english(questionMessages.required('T-shirt size')));
    await expectNoAxeViolations(page);
    await page.locator('#personalise-answer-size').selectOption('m');
    await page.locator('#personalise-answer-diet').fill('Vegan');
    await page.locator('#personalise-confirm').click();
    await page.locator('#personalise-modal').waitFor({ state: 'detached' });

    // Checkout: the order's question, refused until answered, then paid by card.
    await page.goto('/checkout');
    await page.locator('#checkout-submit').waitFor();
    await fillBillingAddress(page);
    await page.locator('#checkout-method-credit_card').check();
    await page.locator('#checkout-terms').check();
    await page.locator('#checkout-submit').click();
    const contact = page.locator('#checkout-answer-NWF27-WEEKEND-contact');
    await expect.poll(() => contact.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await contact.fill('Mum, +31 6 1234 5678');
    await page.locator('#checkout-submit').click();
    await page.waitForURL((url) => url.pathname === '/sandbox-gateway/pay');
    await page.locator('#sandbox-card').fill(CARD_PAYS);
    await page.locator('#sandbox-pay').click();
    await page.waitForURL((url) => url.pathname.endsWith('/confirmation'));
    await page.locator('#order-paid').waitFor({ timeout: 10_000 });
    const code = /\/portal\/orders\/([A-Z0-9]+)\//.exec(new URL(page.url()).pathname)![1]!;

    // The order page shows the ticket's answers and the order's.
    await page.goto(`/portal/orders/${code}`);
    const tickets = page.locator('#order-tickets');
    await expect.poll(() => tickets.textContent()).toContain('Medium');
    expect(await tickets.textContent()).toContain('Vegan');
    expect(await page.locator('main').textContent()).toContain('Mum, +31 6 1234 5678');
    await expectNoAxeViolations(page);

    // The portal: the ticket's size changed on its Manage page.
    await page.locator('[id^="ticket-manage-"]').first().click();
    const form = page.getByRole('form', { name: english(portalTexts.answersEditor.ticketTitle) });
    await form.waitFor();
    expect(await page.locator('#ticket-answers-answer-size').inputValue()).toBe('m');
    await page.locator('#ticket-answers-answer-size').selectOption('l');
    await expectNoAxeViolations(page);
    await page.locator('#ticket-answers-save').click();
    await page.getByText(english(portalTexts.answersEditor.saved)).waitFor();

    await page.goto(`/portal/orders/${code}`);
    await expect.poll(() => tickets.textContent()).toContain('Large');
    expect(await tickets.textContent()).not.toContain('Medium');
    expect(errors).toEqual([]);
  });

  it('asks them in Arabic on a phone: the modal and the checkout read right to left, fit 390 px and say the questions in Arabic', async () => {
    const token = await signedInCustomer(shop, 'Rana');
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 }, allowRefusals: true });
    await page.addInitScript((kept) => localStorage.setItem('shop.token', kept), token);
    const fits = () => page.evaluate(() => [document.documentElement.dir, document.documentElement.scrollWidth <= window.innerWidth]);
    await page.goto('/tickets/NWF27-WEEKEND?lang=ar');
    await page.locator('#add-to-cart').click();
    await page.locator('#personalise-modal').waitFor();
    expect(await page.locator('label[for="personalise-answer-size"]').innerText()).toContain('مقاس القميص');
    expect(await page.locator('#personalise-answer-size option').allInnerTexts()).toContain('صغير');
    await page.locator('#personalise-full-name').fill('Rana Holder');
    await page.locator('#personalise-email').fill('rana.holder@example.org');
    await page.locator('#personalise-age').selectOption('25-34');
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => page.locator('#personalise-answer-size').getAttribute('aria-invalid')).toBe('true');
    expect(await fits()).toEqual(['rtl', true]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'questions-personalise-ar-390.png');
    await page.locator('#personalise-answer-size').selectOption('s');
    await page.locator('#personalise-confirm').click();
    await page.locator('#personalise-modal').waitFor({ state: 'detached' });

    await page.goto('/checkout?lang=ar');
    const contact = page.locator('#checkout-answer-NWF27-WEEKEND-contact');
    await contact.waitFor();
    expect(await page.locator('label[for="checkout-answer-NWF27-WEEKEND-contact"]').innerText()).toContain('جهة اتصال للطوارئ');
    expect(await fits()).toEqual(['rtl', true]);
    await expectNoAxeViolations(page);
    await contact.scrollIntoViewIfNeeded();
    await screenshot(page, 'questions-checkout-ar-390.png');
    expect(errors).toEqual([]);
  });

  it('asks them at the box office: each holder’s and the order’s, a required one refused at its field until answered, then stored with the sale', async () => {
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 1024, height: 768 }, allowRefusals: true });
    await signInAs(page, staff.boxOffice);
    await page.goto('/staff/box-office');
    await page.getByRole('heading', { name: deskTexts.title, level: 1 }).waitFor();
    await page.getByRole('button', { name: deskTexts.add('Weekend ticket') }).first().click();
    await page.getByLabel(deskTexts.buyerEmail).fill('desk.questions@example.org');
    await page.getByLabel(deskTexts.buyerName).fill('Dara Desk');
    await page.getByRole('button', { name: deskTexts.sameAsBuyerLabel(1) }).click();
    await page.getByLabel(deskTexts.holderAge).selectOption('25-34');
    const size = page.locator('#staff-boxoffice-lines-0-holders-0-answers-size');
    const contact = page.locator('#staff-boxoffice-answers-NWF27-WEEKEND-contact');
    await page.getByRole('button', { name: new RegExp(`^${deskTexts.sell} ·`) }).click();
    await expect.poll(() => size.getAttribute('aria-invalid')).toBe('true');
    expect(await contact.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('form.staff-boxoffice-basket').getByRole('alert').innerText()).toBe(english(questionMessages.required('T-shirt size')));
    await expectNoAxeViolations(page);
    await size.selectOption('s');
    await page.locator('#staff-boxoffice-lines-0-holders-0-answers-diet').fill('No nuts');
    await contact.fill('Dad');
    await page.getByRole('button', { name: new RegExp(`^${deskTexts.sell} ·`) }).click();
    const dialog = page.getByRole('dialog', { name: deskTexts.confirmTitle });
    await dialog.getByRole('button', { name: deskTexts.confirmSell }).click();
    const heading = page.getByRole('heading', { level: 1, name: /^Sold: order / });
    await heading.waitFor();
    const code = /order (\S+)$/.exec(await heading.innerText())![1]!;
    const stored = await shop.database.db
      .select({ ticket: questionAnswers.ticketId, code: productQuestions.code, value: questionAnswers.value })
      .from(questionAnswers)
      .innerJoin(productQuestions, eq(productQuestions.id, questionAnswers.questionId))
      .innerJoin(orders, eq(orders.id, questionAnswers.orderId))
      .where(eq(orders.code, code))
      .orderBy(questionAnswers.id);
    expect(stored.map((row) => [row.ticket === null, row.code, row.value])).toEqual([
      [false, 'size', 's'],
      [false, 'diet', 'No nuts'],
      [true, 'contact', 'Dad'],
    ]);
    expect(errors).toEqual([]);
  });

  it('asks them at the box office in Arabic on a phone: the questions in Arabic, right to left, refused at their fields, nothing wider than the screen', async () => {
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 }, allowRefusals: true });
    await signInAs(page, staff.boxOffice);
    await page.goto('/staff/box-office?lang=ar');
    await page.getByRole('heading', { name: arabic.format(staffTextsInCatalogue.boxOffice.title), level: 1 }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    // The back office's own texts, by their ids in the Arabic catalogue.
    const inArabic = (id: string, values?: Record<string, string>) => arabic.format({ id, defaultMessage: id, ...(values ? { values } : {}) });
    // A left-to-right name in an Arabic sentence is isolated in its own direction (U+2068 … U+2069).
    await page.getByRole('button', { name: inArabic('staff.BoxOfficePage.add', { name: '\u2068Weekend ticket\u2069' }) }).first().click();
    await page.getByLabel(inArabic('staff.BoxOfficePage.buyerName')).fill('دارا');
    const size = page.locator('#staff-boxoffice-lines-0-holders-0-answers-size');
    await page.getByRole('button', { name: new RegExp(`^${inArabic('staff.BoxOfficePage.sell')} ·`) }).click();
    await expect.poll(() => size.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('label[for="staff-boxoffice-lines-0-holders-0-answers-size"]').innerText()).toContain('مقاس القميص');
    expect(await page.locator('label[for="staff-boxoffice-answers-NWF27-WEEKEND-contact"]').innerText()).toContain('جهة اتصال للطوارئ');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await size.scrollIntoViewIfNeeded();
    await screenshot(page, 'questions-desk-ar-390.png');
    expect(errors).toEqual([]);
  });
});
