import { english } from '@festival/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { messages } from '../packages/contract/src/messages';
import { expectNoAxeViolations, openPage, pageErrors, useBrowser } from './support/browser';
import { seatsLeftNow } from './support/seats';

const SHUTTLE = 'Shuttle bus from Amsterdam Centraal (return)';

async function openProduct(page: Page, url: string, name: string) {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Presses Add to cart and waits for the personalise modal, which focuses the full name. */
async function openPersonalise(page: Page) {
  await page.locator('#add-to-cart').click();
  await page.locator('#personalise-modal').waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('personalise-full-name');
}

async function fillHolder(page: Page, holder: { name: string; email: string; age?: string; travelTime?: string }) {
  await page.locator('#personalise-full-name').fill(holder.name);
  await page.locator('#personalise-email').fill(holder.email);
  if (holder.age) await page.locator('#personalise-age').selectOption(holder.age);
  if (holder.travelTime) await page.locator('#personalise-travel-time').selectOption({ label: holder.travelTime });
}

const toasts = (page: Page) => page.getByTestId('toast').allTextContents();
const expectToast = (page: Page, text: string) => expect.poll(async () => (await toasts(page)).join(' | ')).toContain(text);
const modalError = (page: Page) => page.locator('#personalise-error').textContent();

async function addWeekendTicket(page: Page, name: string) {
  await openProduct(page, '/tickets/NWF27-WEEKEND', 'Weekend ticket');
  await openPersonalise(page);
  await fillHolder(page, { name, email: 'holder@example.com', age: '25-34' });
  await page.locator('#personalise-confirm').click();
  await page.locator('#personalise-modal').waitFor({ state: 'detached' });
}

async function openCart(page: Page) {
  await page.locator('#cart-button').click();
  await page.locator('#cart-panel').waitFor();
}

describe('the cart in Chromium', () => {
  const browser = useBrowser();

  it('adds a personalised shuttle ticket with a travel time, counts down, personalises it again and removes it after confirmation', async () => {
    const page = await openPage(browser());
    await openProduct(page, '/tickets/NWF27-SHUTTLE', SHUTTLE);
    expect(await page.locator('#cart-count').textContent()).toBe('0');
    await openPersonalise(page);

    const modal = page.locator('#personalise-modal');
    expect(await modal.locator('#personalise-product').textContent()).toBe(SHUTTLE);
    const options = await page.locator('#personalise-travel-time option').evaluateAll((elements) =>
      elements.map((option) => [option.textContent, (option as HTMLOptionElement).disabled]),
    );
    // The journeys share one database and run in an order of vitest's choosing: other journeys may
    // have seats on any bus, so the counts are the server's now, not assumed.
    const [at10, , at14, , saturday] = await seatsLeftNow('NWF27-SHUTTLE');
    for (const left of [at10, at14, saturday]) expect(left).toBeGreaterThan(0);
    const at14Label = `Fri, 18 Jun 2027, 14:00 (${at14} left)`;
    expect(options).toEqual([
      ['Choose your travel time', true],
      [`Fri, 18 Jun 2027, 10:00 (${at10} left)`, false],
      ['Fri, 18 Jun 2027, 12:00 (Sold out)', true],
      [at14Label, false],
      ['Fri, 18 Jun 2027, 16:00', false],
      [`Sat, 19 Jun 2027, 10:00 (${saturday} left)`, false],
    ]);
    // Transport asks no age; it notes the meeting time and until when the time can be changed.
    expect(await modal.locator('#personalise-age').count()).toBe(0);
    const notes = (await modal.locator('#personalise-notes').textContent()) ?? '';
    expect(notes).toContain(english(messages.cart.meetingPoint));
    expect(notes).toContain(english(messages.cart.travelTimeChangesUntil('14 Jun 2027, 23:59')));
    await expectNoAxeViolations(page);

    // The rules of spec section 5, in their order, before anything is sent.
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => modalError(page)).toBe(english(messages.personalise.fullNameRequired));
    await fillHolder(page, { name: 'Jane Doe', email: 'jane@example' });
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => modalError(page)).toBe(english(messages.personalise.emailInvalid));
    await fillHolder(page, { name: 'Jane Doe', email: 'jane@example.com' });
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => modalError(page)).toBe(english(messages.personalise.travelTimeRequired));
    await expectNoAxeViolations(page);

    await fillHolder(page, { name: 'Jane Doe', email: 'jane@example.com', travelTime: at14Label });
    await page.locator('#personalise-confirm').click();
    await modal.waitFor({ state: 'detached' });
    await expectToast(page, english(messages.toast.itemAdded));
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');
    // Focus is back on the button that opened the modal.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('add-to-cart');

    await openCart(page);
    const line = page.getByTestId('cart-line');
    await expect.poll(() => line.count()).toBe(1);
    expect(await line.locator('.cart-line__name').textContent()).toBe(SHUTTLE);
    expect(await line.getByTestId('cart-line-holder').textContent()).toBe('Jane Doe');
    expect(await line.getByTestId('cart-line-email').textContent()).toBe('jane@example.com');
    expect(await line.getByTestId('cart-line-travel-time').textContent()).toBe('Travel time: Fri, 18 Jun 2027, 14:00');
    expect(await line.getByTestId('cart-line-price').textContent()).toBe('€18.50');
    expect(await page.locator('#cart-total').textContent()).toBe('Total €18.50');
    expect(await page.locator('#cart-login-note').textContent()).toBe(english(messages.cart.logInToCheckOut));
    expect(await page.locator('#cart-notes').textContent()).toContain(english(messages.cart.moreItems));
    expect(await page.locator('#cart-warning').count()).toBe(0);
    expect(await page.locator('#cart-checkout').getAttribute('href')).toBe('/checkout');

    // The reservation counts down from 15 minutes.
    const countdown = page.locator('#cart-countdown-time');
    const first = (await countdown.textContent()) ?? '';
    expect(first).toMatch(/^1[45]:\d\d$/);
    expect(await page.locator('#cart-countdown').textContent()).toBe(`${english(messages.cart.reservedFor)} ${first}`);
    await expect.poll(() => countdown.textContent(), { timeout: 3000 }).not.toBe(first);
    await expectNoAxeViolations(page);

    // Personalise again: the line's values are filled in; a new name and travel time are kept.
    await line.getByRole('button', { name: 'Personalise Shuttle bus from Amsterdam Centraal (return) for Jane Doe' }).click();
    await modal.waitFor();
    expect(await page.locator('#personalise-full-name').inputValue()).toBe('Jane Doe');
    expect(await page.locator('#personalise-email').inputValue()).toBe('jane@example.com');
    expect(await page.locator('#personalise-travel-time option:checked').textContent()).toMatch(/^Fri, 18 Jun 2027, 14:00/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('personalise-full-name');
    await fillHolder(page, { name: 'Jane Q. Doe', email: 'jane.doe@example.com', travelTime: 'Fri, 18 Jun 2027, 16:00' });
    await page.locator('#personalise-confirm').click();
    await modal.waitFor({ state: 'detached' });
    await expectToast(page, english(messages.toast.itemUpdated));
    await expect.poll(() => line.getByTestId('cart-line-holder').textContent()).toBe('Jane Q. Doe');
    expect(await line.getByTestId('cart-line-email').textContent()).toBe('jane.doe@example.com');
    expect(await line.getByTestId('cart-line-travel-time').textContent()).toBe('Travel time: Fri, 18 Jun 2027, 16:00');

    // Escape closes the modal without a change.
    await line.getByRole('button', { name: /^Personalise / }).click();
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // Remove asks first; Cancel keeps the line, Confirm removes it and closes the panel.
    await line.getByRole('button', { name: 'Remove Shuttle bus from Amsterdam Centraal (return) for Jane Q. Doe' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove item' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Do you want to remove ${SHUTTLE} from your cart?`);
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await line.count()).toBe(1);
    await line.getByRole('button', { name: /^Remove / }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, english(messages.toast.itemRemoved));
    await expect.poll(() => page.locator('#cart-button').getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('0');
    await openCart(page);
    await expect.poll(() => page.locator('#cart-empty').textContent()).toBe(english(messages.cart.empty));

    // The seat of the first choice came back when the time was changed. Visitors share a
    // catalogue snapshot up to a second old, so the page may need opening again to show it.
    await expect
      .poll(
        async () => {
          await openProduct(page, '/tickets/NWF27-SHUTTLE', SHUTTLE);
          return (await page.locator('#travel-times li').allTextContents())[2];
        },
        { timeout: 10_000, interval: 500 },
      )
      .toBe(`Fri, 18 Jun 2027, 14:00${at14} seats left`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('refuses a second ticket of a product in the same name, and warns of an add-on without an entry ticket', async () => {
    const page = await openPage(browser(), { phone: true });
    await addWeekendTicket(page, 'Sam Poe');
    await expectToast(page, english(messages.toast.itemAdded));
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');

    // The same name again, in other letters and spacing: the modal says so and stays open.
    await openPersonalise(page);
    await fillHolder(page, { name: 'sam  poe', email: 'sam@example.com', age: '18-24' });
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => modalError(page)).toBe(english(messages.personalise.duplicateHolder('Weekend ticket', 'sam  poe')));
    expect(await page.locator('#personalise-full-name').getAttribute('aria-invalid')).toBe('true');
    await page.locator('#personalise-cancel').click();
    await page.locator('#personalise-modal').waitFor({ state: 'detached' });
    expect(await page.locator('#cart-count').textContent()).toBe('1');

    // A locker for someone without an entry ticket: the cart warns; for Sam it does not.
    await openProduct(page, '/tickets/NWF27-LOCKER', 'Locker (weekend)');
    await openPersonalise(page);
    await fillHolder(page, { name: 'Kim Loe', email: 'kim@example.com' });
    await page.locator('#personalise-confirm').click();
    await page.locator('#personalise-modal').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('2');
    await openCart(page);
    const warning = page.locator('#cart-warning');
    await expect.poll(() => warning.textContent()).toBe(english(messages.cart.addOnWithoutEntry('Locker (weekend)', 'Kim Loe', 'Northwind Festival 2027')));
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps a payment-plan ticket on its own, with the server saying why', async () => {
    const page = await openPage(browser());
    // Into a cart that holds something already: refused with the server's message, modal open.
    await addWeekendTicket(page, 'Ada Lee');
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');
    await openProduct(page, '/tickets/NWF27-WEEKEND-PLAN', 'Weekend ticket (pay in 4)');
    await openPersonalise(page);
    await fillHolder(page, { name: 'Ada Lee', email: 'ada@example.com', age: '25-34' });
    await page.locator('#personalise-confirm').click();
    await expect.poll(() => modalError(page)).toBe(english(messages.cart.paymentPlanNeedsEmptyCart));
    await expectToast(page, english(messages.cart.paymentPlanNeedsEmptyCart));
    expect(await page.locator('#personalise-modal').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('#personalise-modal').waitFor({ state: 'detached' });
    expect(await page.locator('#cart-count').textContent()).toBe('1');
    await page.context().close();

    // Alone in a fresh cart it is taken; then nothing may join it, merchandise neither.
    const alone = await openPage(browser());
    await openProduct(alone, '/tickets/NWF27-WEEKEND-PLAN', 'Weekend ticket (pay in 4)');
    await openPersonalise(alone);
    await fillHolder(alone, { name: 'Bo Kim', email: 'bo@example.com', age: '18-24' });
    await alone.locator('#personalise-confirm').click();
    await alone.locator('#personalise-modal').waitFor({ state: 'detached' });
    await expectToast(alone, english(messages.toast.itemAdded));
    await expect.poll(() => alone.locator('#cart-count').textContent()).toBe('1');

    await openProduct(alone, '/tickets/NWF27-SHUTTLE', SHUTTLE);
    await openPersonalise(alone);
    await fillHolder(alone, { name: 'Bo Kim', email: 'bo@example.com', travelTime: 'Fri, 18 Jun 2027, 16:00' });
    await alone.locator('#personalise-confirm').click();
    await expect.poll(() => modalError(alone)).toBe(english(messages.cart.paymentPlanAlone));
    await alone.locator('#personalise-cancel').click();

    await openProduct(alone, '/merchandise/NWF27-TOTE', 'Canvas tote bag');
    await alone.locator('#add-to-cart').click();
    await expectToast(alone, english(messages.cart.paymentPlanAlone));
    expect(await alone.locator('#cart-count').textContent()).toBe('1');
    expect(pageErrors(alone).filter((error) => !error.includes('409'))).toEqual([]);
    await alone.context().close();
  });

  it('puts merchandise straight into the cart and takes it out again', async () => {
    const page = await openPage(browser());
    await openProduct(page, '/merchandise/NWF27-TOTE', 'Canvas tote bag');
    await page.locator('#add-to-cart').click();
    await expectToast(page, english(messages.toast.itemAdded));
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('1');
    await openCart(page);
    const line = page.getByTestId('cart-line');
    expect(await line.locator('.cart-line__name').textContent()).toBe('Canvas tote bag');
    // Merchandise has no holder to personalise.
    expect(await line.getByRole('button', { name: /^Personalise/ }).count()).toBe(0);
    await line.getByRole('button', { name: 'Remove Canvas tote bag' }).click();
    await page.getByRole('dialog', { name: 'Remove item' }).getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, english(messages.toast.itemRemoved));
    await expect.poll(() => page.locator('#cart-count').textContent()).toBe('0');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
