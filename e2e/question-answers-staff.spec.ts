import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../apps/server/src/env';
import { checkinListProducts, checkinLists, customers, events, orders, productQuestions, questionAnswers, shopItems, tickets } from '../apps/server/src/db/schema';
import { questionColumns, upsertQuestion } from '../apps/server/src/modules/catalog/questions.queries';
import { createScanners } from '../apps/server/src/modules/checkin/scanners';
import { scanTexts } from '../apps/web/src/scan/scan.messages';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { createTranslator, englishOf, questionDefinition, type Catalogue, type QuestionDefinitionInput } from '@festival/contract';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { signedInCustomer, startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { screenshot } from './support/screenshots';
import { prepareStaff, signInAs } from './support/staff-setup';

const staffTexts = englishOf(staffTextsInCatalogue);
const arabic = createTranslator('ar', JSON.parse(readFileSync(path.join(REPO_ROOT, 'packages/contract/lang/ar.json'), 'utf8')) as Catalogue);

/**
 * The buyers' answers for staff (issue 37 point 4, decision 0106) in Chromium: the back office's
 * order page shows a ticket's answers in its row and the order's own with the order; the gate
 * scanner, on a phone in Arabic (right to left), shows the answers of the questions marked for the
 * gate on its result screen, readable at 390 px and accessible, and never another answer; customer
 * service change them on the order page (decision 0109).
 */
describe('the buyers’ answers for staff', () => {
  const browser = useBrowser();
  let shop: OwnShop;
  let staff: Awaited<ReturnType<typeof prepareStaff>>;
  let scannerCode: string;
  const ticketCode = 'ANSWERSTICKET0000001';
  const orderCode = 'ANSWERSORDER1';

  beforeAll(async () => {
    shop = await startOwnShop({ appSecret: 'question-answers-staff-journey-secret-of-32-chars', config: { languages: ['en', 'ar', 'de'] } });
    const db = shop.database.db;
    staff = await prepareStaff(db);
    const [weekend] = await db.select().from(shopItems).where(eq(shopItems.externalCode, 'NWF27-WEEKEND'));
    const asked: QuestionDefinitionInput[] = [
      { code: 'diet', kind: 'choice', label: 'Diet', at_gate: true, options: [{ code: 'veg', label: 'Vegetarian', translations: { ar: { label: 'نباتي' } } }], translations: { ar: { label: 'النظام الغذائي' } } },
      { code: 'company', kind: 'text', label: 'Company' },
      { code: 'contact', kind: 'text', label: 'Emergency contact', per: 'order', at_gate: true },
    ];
    for (const [sort, question] of asked.entries()) await upsertQuestion(db, questionColumns(questionDefinition.parse(question), weekend!.id, sort));
    const questionId = async (code: string) => (await db.select({ id: productQuestions.id }).from(productQuestions).where(and(eq(productQuestions.shopItemId, weekend!.id), eq(productQuestions.code, code))))[0]!.id;

    // A paid order of one weekend ticket, as the checkout leaves it, with its answers.
    await signedInCustomer(shop, 'Asha');
    const [buyer] = await db.select().from(customers).where(eq(customers.fullName, 'Asha'));
    const [order] = await db.insert(orders).values({ code: orderCode, customerId: buyer!.id, totalPrice: weekend!.price, totalPaid: weekend!.price, paymentMethod: 'credit_card', paymentStatus: 'paid' }).returning();
    const [ticket] = await db
      .insert(tickets)
      .values({ code: ticketCode, orderId: order!.id, shopItemId: weekend!.id, productName: weekend!.name, productType: 'ticket', fullName: 'Asha Holder', status: 'active', price: weekend!.price, fee: 0 })
      .returning();
    await db.insert(questionAnswers).values([
      { orderId: order!.id, ticketId: ticket!.id, questionId: await questionId('diet'), value: 'veg' },
      { orderId: order!.id, ticketId: ticket!.id, questionId: await questionId('company'), value: 'Private Company Ltd' },
      { orderId: order!.id, ticketId: null, questionId: await questionId('contact'), value: 'Mum, +31 6 1234 5678' },
    ]);

    const [event] = await db.select().from(events).where(eq(events.externalCode, 'NWF27'));
    const [list] = await db.insert(checkinLists).values({ eventId: event!.id, code: 'ANSWERS-GATE', name: 'Answers entrance', entry: 'single', gates: ['North'] }).returning();
    await db.insert(checkinListProducts).values({ listId: list!.id, shopItemId: weekend!.id });
    scannerCode = (await createScanners({ db }).add('Answers phone')).code;
  }, 120_000);
  afterAll(async () => {
    await stopOwnShop(shop);
  });

  it('shows the order’s answers on the back office’s order page: a ticket’s in its row, the order’s with the order', { timeout: 120_000 }, async () => {
    const { page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true });
    await signInAs(page, staff.boxOffice);
    await page.goto(`/staff/orders/${orderCode}`);
    const table = page.getByRole('table', { name: staffTexts.order.ticketsCaption });
    await table.waitFor();
    await expect.poll(() => table.getByRole('columnheader', { name: staffTexts.order.answers }).count()).toBe(1);
    const row = table.getByRole('row', { name: new RegExp(ticketCode) });
    expect(await row.locator('dl dt').allTextContents()).toEqual(['Diet', 'Company']);
    expect(await row.locator('dl dd').allTextContents()).toEqual(['Vegetarian', 'Private Company Ltd']);
    const own = page.locator('#staff-order-answers');
    expect(await own.getByRole('heading', { name: staffTexts.order.orderAnswers }).count()).toBe(1);
    expect(await own.locator('dd').allTextContents()).toEqual(['Mum, +31 6 1234 5678']);
    await screenshot(page, 'staff-order-answers.png', { fullPage: true });
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('shows a ticket’s gate answers on the scanner’s result screen in Arabic at 390 px, and no other answer', { timeout: 120_000 }, async () => {
    const { page, errors } = await openPageOn(browser(), shop.base, { viewport: { width: 390, height: 844 }, allowRefusals: true });
    await page.goto('/scan/?lang=ar');
    await page.getByRole('heading', { name: arabic.format(scanTexts.signIn.title) }).waitFor();
    await page.getByLabel(arabic.format(scanTexts.signIn.code)).fill(scannerCode.toLowerCase());
    await page.getByRole('button', { name: arabic.format(scanTexts.signIn.submit) }).click();
    await page.getByRole('heading', { name: arabic.format(scanTexts.choose.title) }).waitFor();
    await page.getByRole('radio', { name: /Answers entrance/ }).check();
    await page.getByRole('radio', { name: 'North', exact: true }).check();
    await page.getByRole('button', { name: arabic.format(scanTexts.choose.start) }).click();
    await page.getByRole('heading', { name: /Answers entrance/ }).waitFor();
    await page.getByLabel(arabic.format(scanTexts.scan.manual)).fill(ticketCode);
    await page.getByRole('button', { name: arabic.format(scanTexts.scan.check) }).click();
    const answers = page.getByTestId('scan-result-answers');
    await answers.waitFor();
    expect(await page.getByTestId('scan-result').getAttribute('data-result')).toBe('admit');
    expect(await answers.locator('dt').allTextContents()).toEqual(['النظام الغذائي', 'Emergency contact']);
    expect(await answers.locator('dd').allTextContents()).toEqual(['نباتي', 'Mum, +31 6 1234 5678']);
    expect(await page.getByTestId('scan-result').textContent()).not.toContain('Private Company');
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.scrollWidth <= window.innerWidth])).toEqual(['rtl', true]);
    // Every answer on the screen, none cut off below it.
    expect(await answers.evaluate((list) => list.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    await screenshot(page, 'scan-result-answers-ar.png');
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  it('lets customer service change a ticket’s answer and the order’s on the order page, and shows them at once', { timeout: 120_000 }, async () => {
    const { page, errors } = await openPageOn(browser(), shop.base, { allowRefusals: true });
    await signInAs(page, staff.serviceDesk);
    await page.goto(`/staff/orders/${orderCode}`);
    const table = page.getByRole('table', { name: staffTexts.order.ticketsCaption });
    await table.waitFor();
    await page.getByRole('button', { name: staffTexts.order.answersChangeTicket(ticketCode) }).click();
    const dialog = page.getByRole('dialog', { name: staffTexts.order.answersChangeTicket(ticketCode) });
    await dialog.waitFor();
    const company = dialog.getByLabel('Company');
    expect(await company.inputValue()).toBe('Private Company Ltd');
    await company.fill('Festival Friends BV');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: staffTexts.order.answersSave }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = table.getByRole('row', { name: new RegExp(ticketCode) });
    await expect.poll(() => row.locator('dl dd').allTextContents()).toEqual(['Vegetarian', 'Festival Friends BV']);

    // The order's own answer, from the answers under the order.
    await page.getByRole('button', { name: staffTexts.order.answersChangeOrder('Weekend ticket') }).click();
    const orderDialog = page.getByRole('dialog', { name: staffTexts.order.answersChangeOrder('Weekend ticket') });
    await orderDialog.getByLabel('Emergency contact').fill('Dad, +31 6 8765 4321');
    await orderDialog.getByRole('button', { name: staffTexts.order.answersSave }).click();
    await orderDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('#staff-order-answers dd').allTextContents()).toEqual(['Dad, +31 6 8765 4321']);
    await screenshot(page, 'staff-order-answers-changed.png', { fullPage: true });
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
