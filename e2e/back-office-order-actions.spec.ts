import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { staffOrderMessages } from '../packages/contract/src/staff-orders';
import { auditActionLabel } from '../packages/contract/src/staff-labels';
import { zoneOffsetAt } from '../packages/contract/src/zoned-time';
import { english, englishOf } from '../packages/contract/src/i18n/english';
import { staffTexts as staffTextsInCatalogue } from '../apps/web/src/staff/texts';
import { registerAndLogIn } from './support/accounts';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { addWeekendTicket, checkOutAndPayByCard, checkOutByBankTransfer } from './support/checkout';

/** The demo shop's zone (config/demo-shop.json): the back office shows and reads times on its clocks. */
const SHOP_ZONE = 'Europe/Amsterdam';
import { signInAs, type StaffJourneyMember } from './support/staff-setup';

/** The back office's texts as the journeys read them: in English, the pages' language. */
const staffTexts = englishOf(staffTextsInCatalogue);

/**
 * The order page's actions (issue 22 point 3) in Chromium against the global setup's demo shop:
 * customer service extends a bank-transfer order's time to pay and records its transfer in two
 * parts (a wrong amount refused on the field, and nothing sent); cancels another unpaid order
 * after a dialog that says it cannot be undone, and is refused cancelling a paid one while it
 * holds money; and a box-office member sees only the resend actions the contract's access table
 * gives that role. Each journey places its own customer's orders; axe on every dialog.
 */

const texts = staffTexts.order;
const member = (key: StaffJourneyMember) => inject('staffMembers')[key];
/** Console errors other than the refusals a journey causes on purpose. */
const unexpectedErrors = (page: Page) => pageErrors(page).filter((error) => !/status of 4\d\d/.test(error));
const status = (page: Page) => page.locator('#staff-order-status').innerText();
/** A fact of the order's summary (a term and its definition) by its label. */
const fact = (page: Page, label: string): Locator => page.locator('.staff-order-fact').filter({ has: page.getByRole('term').getByText(label, { exact: true }) }).getByRole('definition');
/** Minor units of an amount the page shows in euros ("€1,203.50" → 120350). */
const minorOf = (shown: string) => Number(shown.replace(/[^\d]/g, ''));
/** An amount as the field takes it: 120350 → "1203.50". */
const typed = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
/** The page's own formatting of an amount (the browser's language), to compare with what it shows. */
const shownAs = (page: Page, minor: number) => page.evaluate((value) => new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'EUR' }).format(value / 100), minor);
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

/** The action's text as a toast, then dismissed, so the next action's toast is its own. */
async function toastSays(page: Page, text: string): Promise<void> {
  const toast = page.getByRole('region', { name: 'Notifications' }).getByTestId('toast').filter({ hasText: text });
  await toast.first().waitFor();
  await toast.first().getByRole('button', { name: 'Dismiss notification' }).click();
  await toast.first().waitFor({ state: 'detached' });
}

/** A new customer buys one weekend ticket per order, paying each as asked; answers the orders' codes. */
async function customerOrders(page: Page, name: string, ways: readonly ('bank' | 'card')[]): Promise<string[]> {
  const customer = await registerAndLogIn(page, name);
  const codes: string[] = [];
  for (const way of ways) {
    await addWeekendTicket(page, { name, email: customer.email });
    codes.push(way === 'bank' ? await checkOutByBankTransfer(page) : await checkOutAndPayByCard(page));
  }
  await page.context().close();
  return codes;
}

/** The order's page, found the way staff find it: its code in the search. */
async function openOrder(page: Page, code: string): Promise<void> {
  await page.getByRole('navigation', { name: staffTexts.shell.nav }).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('heading', { level: 1, name: staffTexts.orders.title }).waitFor();
  await page.getByLabel(staffTexts.orders.search).fill(code);
  await page.getByRole('button', { name: staffTexts.orders.submit }).click();
  await page.getByRole('link', { name: code }).click();
  await page.getByRole('heading', { level: 1, name: texts.title(code) }).waitFor();
}

/** Counts the page's calls of one staff action, to show a refused form asked nothing of the shop. */
function countCalls(page: Page, call: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/staff/${call}`) count += 1;
  });
  return () => count;
}

describe('the order page’s actions', () => {
  const browser = useBrowser();

  it('lets customer service extend a bank-transfer order’s time to pay and record its transfer in two parts, refusing a wrong amount on the field', { timeout: 240_000 }, async () => {
    const [code] = await customerOrders(await openPage(browser()), 'Bea Overmaker', ['bank']);
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    const markPaidCalls = countCalls(page, 'order-mark-paid');
    await signInAs(page, member('serviceDesk'));
    await openOrder(page, code!);
    expect(await status(page)).toBe(texts.statuses.pending!.label);
    expect(await fact(page, texts.method).innerText()).toBe('Bank transfer');
    const total = minorOf(await fact(page, texts.total).innerText());
    expect(total).toBeGreaterThan(5000);
    expect(await fact(page, texts.open).innerText()).toBe(await fact(page, texts.total).innerText());
    const payBy = fact(page, texts.payBy).locator('time');
    const firstPayBy = new Date((await payBy.getAttribute('datetime'))!);
    expect(firstPayBy.getTime()).toBeGreaterThan(Date.now());
    await expectNoAxeViolations(page);

    // Extend the time to pay: an earlier moment is the shop's refusal, a later one is taken.
    await button(page, texts.extend).click();
    const extendDialog = page.getByRole('dialog', { name: texts.extendTitle(code!) });
    await extendDialog.waitFor();
    const field = extendDialog.getByLabel(texts.extendField(SHOP_ZONE));
    // The dialog offers a day later than the current time to pay.
    expect(await field.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await expectNoAxeViolations(page);
    const day = (offset: number) => new Date(firstPayBy.getTime() + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    await field.fill(`${day(-2)}T12:00`);
    await button(extendDialog, texts.extendSave).click();
    await extendDialog.getByRole('alert').filter({ hasText: english(staffOrderMessages.deadlineNotLater) }).waitFor();
    await expectNoAxeViolations(page);
    const later = `${day(7)}T18:30`;
    // Typed on the event's clocks, whatever the device's zone.
    const laterIso = new Date(Date.parse(`${later}:00Z`) - zoneOffsetAt(new Date(`${later}:00Z`), SHOP_ZONE) * 60_000).toISOString();
    await field.fill(later);
    await button(extendDialog, texts.extendSave).click();
    await toastSays(page, english(staffOrderMessages.deadlineExtended));
    await extendDialog.waitFor({ state: 'detached' });
    await expect.poll(async () => new Date((await payBy.getAttribute('datetime'))!).toISOString()).toBe(laterIso);
    expect(await status(page)).toBe(texts.statuses.pending!.label);
    await page.locator('#staff-order-timeline').getByText(english(auditActionLabel('order.extend-deadline'))).waitFor();

    // Record a transfer: nothing, zero, nonsense and more than is open are refused on the field, and nothing is sent.
    await button(page, texts.markPaid).click();
    const markPaid = page.getByRole('dialog', { name: texts.markPaidTitle });
    await markPaid.waitFor();
    const amount = markPaid.getByLabel(texts.markPaidAmount('EUR'));
    // It offers what is open, and says so.
    expect(await amount.inputValue()).toBe(typed(total));
    expect(await markPaid.innerText()).toContain(texts.markPaidLead(await shownAs(page, total)));
    await expectNoAxeViolations(page);
    const refusals: [string, string][] = [
      ['', texts.amountProblems.empty],
      ['0', texts.amountProblems.zero],
      ['twelve', texts.amountProblems.invalid],
      ['12.505', texts.amountProblems.decimals],
      [typed(total + 1), texts.amountProblems.tooMuch(await shownAs(page, total))],
    ];
    for (const [wrong, problem] of refusals) {
      await amount.fill(wrong);
      await button(markPaid, texts.markPaidSave).click();
      await markPaid.getByText(problem, { exact: true }).waitFor();
      expect(await amount.getAttribute('aria-invalid'), wrong).toBe('true');
      // The message is the field's description: a screen reader reads it with the field.
      expect(await amount.evaluate((input) => [...(input.getAttribute('aria-describedby') ?? '').split(' ')].map((id) => document.getElementById(id)?.textContent).join(' ')), wrong).toContain(problem);
    }
    await expectNoAxeViolations(page);
    expect(markPaidCalls()).toBe(0);
    await button(markPaid, texts.close).click();
    await markPaid.waitFor({ state: 'detached' });
    expect(await status(page)).toBe(texts.statuses.pending!.label);
    expect(minorOf(await fact(page, texts.paid).innerText())).toBe(0);

    // A part: the order is partly paid, shows what is still open, and may be marked paid again.
    const part = 5000;
    await button(page, texts.markPaid).click();
    await markPaid.waitFor();
    await amount.fill(typed(part));
    expect(await markPaid.innerText()).toContain(texts.markPaidConfirm(await shownAs(page, part), code!));
    await expectNoAxeViolations(page);
    await button(markPaid, texts.markPaidSave).click();
    await toastSays(page, english(staffOrderMessages.markedPaid));
    await markPaid.waitFor({ state: 'detached' });
    await expect.poll(() => status(page)).toBe(texts.statuses.partial!.label);
    expect(minorOf(await fact(page, texts.paid).innerText())).toBe(part);
    expect(minorOf(await fact(page, texts.open).innerText())).toBe(total - part);
    const payments = page.getByRole('table', { name: texts.paymentsCaption });
    await payments.getByRole('row').filter({ hasText: await shownAs(page, part) }).filter({ hasText: 'bank transfer' }).waitFor();
    // Part of the money arrived: the rest keeps its time to pay, which may still be extended (decision 0060).
    expect(await button(page, texts.extend).count()).toBe(1);
    await expectNoAxeViolations(page);

    // The rest: offered as what is still open, and the order is paid.
    await button(page, texts.markPaid).click();
    await markPaid.waitFor();
    expect(await amount.inputValue()).toBe(typed(total - part));
    await button(markPaid, texts.markPaidSave).click();
    await toastSays(page, english(staffOrderMessages.markedPaid));
    await markPaid.waitFor({ state: 'detached' });
    await expect.poll(() => status(page)).toBe(texts.statuses.paid!.label);
    expect(minorOf(await fact(page, texts.paid).innerText())).toBe(total);
    expect(minorOf(await fact(page, texts.open).innerText())).toBe(0);
    expect(await button(page, texts.markPaid).count()).toBe(0);
    await button(page, texts.resendTickets).waitFor();
    expect(await payments.getByRole('row').filter({ hasText: 'bank transfer' }).count()).toBe(2);
    expect(await page.locator('#staff-order-timeline').getByText(english(auditActionLabel('order.mark-paid'))).count()).toBe(2);
    expect(markPaidCalls()).toBe(2);
    await expectNoAxeViolations(page);
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('lets customer service cancel an unpaid order after saying it cannot be undone, and refuses to cancel a paid one while it holds money', { timeout: 240_000 }, async () => {
    const [unpaid, paid] = await customerOrders(await openPage(browser()), 'Cas Annuleer', ['bank', 'card']);
    const page = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInAs(page, member('serviceDesk'));
    await openOrder(page, unpaid!);
    expect(await status(page)).toBe(texts.statuses.pending!.label);
    const tickets = page.getByRole('table', { name: texts.ticketsCaption });
    const ticketCode = (await tickets.locator('tbody code').first().innerText()).trim();
    for (const name of [texts.markPaid, texts.extend, texts.cancel]) await button(page, name).waitFor();
    expect(await page.getByRole('region', { name: texts.actionsTitle }).count()).toBe(1);

    // Asked first: what it does and that it cannot be undone; "Keep it" changes nothing.
    await button(page, texts.cancel).click();
    const dialog = page.getByRole('dialog', { name: texts.cancelTitle(unpaid!) });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(texts.cancelWhat(true));
    expect(texts.cancelWhat(true)).toContain('This cannot be undone.');
    await expectNoAxeViolations(page);
    await button(dialog, texts.keep).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await status(page)).toBe(texts.statuses.pending!.label);

    await button(page, texts.cancel).click();
    await dialog.waitFor();
    await dialog.getByLabel(texts.cancelNote).fill('The buyer wrote that they cannot come.');
    await button(dialog, texts.cancelConfirm).click();
    await toastSays(page, english(staffOrderMessages.cancelled));
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => status(page)).toBe(texts.statuses.cancelled!.label);
    // The actions that no longer apply are gone; the ticket is cancelled and cannot be changed.
    for (const name of [texts.markPaid, texts.extend, texts.cancel, texts.refund, texts.resendConfirmation, texts.resendTickets]) expect(await button(page, name).count(), name).toBe(0);
    expect(await page.getByRole('region', { name: texts.actionsTitle }).count()).toBe(0);
    expect(await page.getByRole('button', { name: texts.changeLabel(ticketCode) }).count()).toBe(0);
    expect(await tickets.getByRole('row').filter({ hasText: ticketCode }).innerText()).toContain('Cancelled');
    expect(await fact(page, texts.payBy).innerText()).toBe('–');
    await page.locator('#staff-order-timeline').getByText(english(auditActionLabel('order.cancel'))).waitFor();
    await page.getByRole('table', { name: texts.emailsCaption }).getByRole('row').filter({ hasText: `Your order ${unpaid!} at` }).filter({ hasText: 'is cancelled' }).waitFor();
    await expectNoAxeViolations(page);

    // A paid order: the dialog warns that it holds money, and the shop refuses with its text.
    await openOrder(page, paid!);
    expect(await status(page)).toBe(texts.statuses.paid!.label);
    const held = await fact(page, texts.paid).innerText();
    await button(page, texts.cancel).click();
    const paidDialog = page.getByRole('dialog', { name: texts.cancelTitle(paid!) });
    await paidDialog.waitFor();
    expect(await paidDialog.innerText()).toContain(texts.cancelMoneyHeld(held));
    await button(paidDialog, texts.cancelConfirm).click();
    await paidDialog.getByRole('alert').filter({ hasText: english(staffOrderMessages.moneyHeld) }).waitFor();
    await expectNoAxeViolations(page);
    await button(paidDialog, texts.keep).click();
    await paidDialog.waitFor({ state: 'detached' });
    expect(await status(page)).toBe(texts.statuses.paid!.label);
    await button(page, texts.refund).waitFor();
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('shows a box-office member only the resend actions of an order, where customer service sees them all', { timeout: 240_000 }, async () => {
    const [unpaid, paid] = await customerOrders(await openPage(browser()), 'Rik Rollen', ['bank', 'card']);
    const hidden = [texts.markPaid, texts.extend, texts.refund, texts.cancel];
    const changeButtons = (page: Page) => page.getByRole('button', { name: /^Change ticket / });

    // Customer service: on the unpaid order every action that applies to it; on the paid one refund, cancel and change.
    const service = await openPage(browser(), { viewport: { width: 1280, height: 900 } });
    await signInAs(service, member('serviceDesk'));
    await openOrder(service, unpaid!);
    for (const name of [texts.markPaid, texts.extend, texts.cancel]) await button(service, name).waitFor();
    await openOrder(service, paid!);
    for (const name of [texts.resendConfirmation, texts.resendTickets, texts.refund, texts.cancel]) await button(service, name).waitFor();
    expect(await changeButtons(service).count()).toBe(1);
    await service.context().close();

    // Box office: the same orders, with resending only.
    const desk = await openPage(browser(), { viewport: { width: 1024, height: 768 } });
    await signInAs(desk, member('lookupDesk'));
    await openOrder(desk, paid!);
    expect(await status(desk)).toBe(texts.statuses.paid!.label);
    await button(desk, texts.resendConfirmation).waitFor();
    await button(desk, texts.resendTickets).waitFor();
    for (const name of hidden) expect(await button(desk, name).count(), name).toBe(0);
    expect(await changeButtons(desk).count()).toBe(0);
    await expectNoAxeViolations(desk);
    // Resend is theirs: asked first, then done.
    await button(desk, texts.resendConfirmation).click();
    const resend = desk.getByRole('dialog', { name: texts.resendTitle('confirmation') });
    await resend.waitFor();
    await expectNoAxeViolations(desk);
    await button(resend, texts.resend).click();
    await toastSays(desk, english(staffOrderMessages.resent));
    await resend.waitFor({ state: 'detached' });

    await openOrder(desk, unpaid!);
    expect(await status(desk)).toBe(texts.statuses.pending!.label);
    for (const name of [...hidden, texts.resendConfirmation, texts.resendTickets]) expect(await button(desk, name).count(), name).toBe(0);
    expect(await changeButtons(desk).count()).toBe(0);
    await expectNoAxeViolations(desk);
    expect(unexpectedErrors(desk)).toEqual([]);
    await desk.context().close();
  });
});
