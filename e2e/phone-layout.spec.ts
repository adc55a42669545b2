import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { registerAndLogIn } from './support/accounts';
import { baseUrl, pageErrors, useBrowser } from './support/browser';
import { checkOutAndPayByCard } from './support/checkout';
import { fillRefundDetails, refundsGoByBank } from './support/refunds';
import { screenshot, SCREENSHOT_DIR } from './support/screenshots';

/**
 * The phone works (issue 19, point 5): every page of the route table, every panel (cart, login,
 * account), modal (personalise, travel time, confirm, terms) and table, the payment-plan schedule
 * of a product and of an order, and the instalment page, at 360, 390 and 414 px, at 320 px (WCAG
 * 1.4.10's reflow width, 1280 px at 400% zoom) and at 640×400 px (a 1280×800 window at 200% zoom):
 * the page never scrolls sideways, and every button, link and field is on the screen, or brought
 * onto it by scrolling the page (for a page) or the panel or modal itself (for an overlay: the page
 * behind must not have to scroll). Screenshots at 390 and 1280 px go to $SCREENSHOT_DIR (default
 * festival-e2e-screenshots in the temporary directory), for a person to look at.
 */

type Viewport = { width: number; height: number };
const WIDTHS: Viewport[] = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 414, height: 896 },
  // 320 CSS px, as reflow at zoom is tested; a short screen too, so panels must scroll themselves.
  { width: 320, height: 480 },
  // 200% zoom in a 1280×800 window: 640×400 CSS px (short, so panels and modals scroll themselves).
  { width: 640, height: 400 },
];

const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex="0"]';

/** Elements that stick out past the right edge of the screen, outside any container that scrolls sideways. */
async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; width: number; offenders: string[] }> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
    // Only a box that contains the element clips it: an absolutely placed one (a visually hidden
    // label) escapes every scroller between it and its containing block, and widens the page.
    const scrollsSideways = (element: Element | null): boolean => {
      const position = element ? getComputedStyle(element).position : 'static';
      const first = position === 'fixed' ? null : position === 'absolute' ? (element as HTMLElement).offsetParent : (element?.parentElement ?? null);
      for (let node = first; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
      }
      return false;
    };
    const width = document.documentElement.clientWidth;
    const offenders: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 1 || scrollsSideways(element)) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      offenders.push(`${describe(element)} ends at ${Math.round(rect.right)}`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders: offenders.slice(0, 8) };
  });
}

/**
 * Every control inside `root` that cannot be brought onto the screen: each is scrolled into view
 * the way a browser would (focus, find), and must then lie within the screen, without the page
 * having scrolled sideways, or, for an overlay (`pageMayScroll` false), at all.
 */
async function unreachableControls(root: Locator, pageMayScroll: boolean): Promise<string[]> {
  return root.evaluate(
    (element, { selector, pageMayScroll }) => {
      const failures: string[] = [];
      const focused = document.activeElement as HTMLElement | null;
      const width = document.documentElement.clientWidth;
      const height = window.innerHeight;
      for (const control of Array.from(element.querySelectorAll<HTMLElement>(selector))) {
        const style = getComputedStyle(control);
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
        // Visually hidden inputs (a styled checkbox) are reached through their label.
        if (box.width <= 1 && box.height <= 1) continue;
        const before = { x: window.scrollX, y: window.scrollY };
        // Focused first, as a keyboard reaches it: a skip link shows itself only then.
        control.focus({ preventScroll: true });
        control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const rect = control.getBoundingClientRect();
        const name = `${control.tagName.toLowerCase()}${control.id ? `#${control.id}` : ''} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}"`;
        if (window.scrollX !== before.x) failures.push(`${name}: the page scrolled sideways to show it`);
        else if (!pageMayScroll && window.scrollY !== before.y) failures.push(`${name}: only the page behind scrolls it into view (by ${window.scrollY - before.y} px)`);
        else if (
          rect.left < -1 ||
          rect.right > width + 1 ||
          // A box taller than the screen (a focusable table) needs only to be on it.
          (rect.height <= height ? rect.top < -1 || rect.bottom > height + 1 : rect.bottom <= 0 || rect.top >= height)
        ) {
          failures.push(`${name}: at ${Math.round(rect.left)},${Math.round(rect.top)}–${Math.round(rect.right)},${Math.round(rect.bottom)} on a ${width}×${height} screen`);
        }
        control.blur();
        window.scrollTo(before.x, before.y);
      }
      // Back where it was: a modal's Escape listens inside the modal.
      focused?.focus({ preventScroll: true });
      return failures;
    },
    { selector: CONTROLS, pageMayScroll },
  );
}

async function expectFits(page: Page, what: string, root: Locator = page.locator('body'), pageMayScroll = true) {
  const overflow = await sidewaysOverflow(page);
  expect(overflow.offenders, `${what}: sticks out sideways`).toEqual([]);
  expect(overflow.scrollWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(overflow.width);
  expect(await unreachableControls(root, pageMayScroll), `${what}: controls out of reach`).toEqual([]);
  // A table wider than its box scrolls in it, with the shadow cue of data-table.css.
  const scrollingTables = await root.evaluate((element) =>
    Array.from(element.querySelectorAll<HTMLElement>('.data-table'))
      .filter((table) => table.scrollWidth > table.clientWidth + 1)
      .map((table) => ({ table: table.className, cue: getComputedStyle(table).backgroundImage.includes('radial-gradient'), focusable: table.tabIndex === 0 })),
  );
  for (const table of scrollingTables) expect(table, `${what}: a table scrolls without its cue`).toMatchObject({ cue: true, focusable: true });
}

/** Waits for the page's heading and for nothing on it still loading. */
async function settle(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.locator('main [aria-busy="true"], main .page-loading').count()).toBe(0);
}

async function addTicket(page: Page, code: string, holder: { name: string; age?: string; travelTime?: number }) {
  await page.goto(`/tickets/${code}`);
  await page.locator('#add-to-cart').click();
  await page.locator('#personalise-modal').waitFor();
  await page.locator('#personalise-full-name').fill(holder.name);
  await page.locator('#personalise-email').fill(`${holder.name.split(' ')[0]!.toLowerCase()}@example.com`);
  if (holder.age) await page.locator('#personalise-age').selectOption(holder.age);
  if (holder.travelTime !== undefined) await page.locator('#personalise-travel-time').selectOption({ index: holder.travelTime });
  await page.locator('#personalise-confirm').click();
  await page.locator('#personalise-modal').waitFor({ state: 'detached' });
}

/** Adds merchandise to a cart holding `lines` lines. */
async function addMerchandise(page: Page, code: string, lines: number) {
  await page.goto(`/merchandise/${code}`);
  await expect.poll(() => page.locator('#cart-count').textContent()).toBe(String(lines));
  await page.locator('#add-to-cart').click();
  await expect.poll(() => page.locator('#cart-count').textContent()).toBe(String(lines + 1));
}

/** What the sweep visits as the customer: two paid orders, one with a refund, a payment-plan order with its instalment link, and a full cart. */
interface Customer {
  state: Awaited<ReturnType<BrowserContext['storageState']>>;
  order: string;
  planOrder: string;
  /** The e-mailed link of the plan's second instalment: /payment-plan-payment/{order}/{checksum}/{reference}. */
  instalmentLink: string;
  shuttleTicket: string;
  weekendTicket: string;
  refund: string;
}

async function prepareCustomer(browser: Browser): Promise<Customer> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await registerAndLogIn(page, 'Narrow Screen');
  // A payment plan: checkout takes the initial payment; once the provider's notification is in,
  // the order's schedule links each open instalment to its page.
  await addTicket(page, 'NWF27-WEEKEND-PLAN', { name: 'Pieternella Plan-Betaalster', age: '25-34' });
  const planOrder = await checkOutAndPayByCard(page, false);
  const payLink = page.locator('#order-schedule #order-schedule-pay-2');
  await payLink.waitFor({ timeout: 15_000 });
  const instalmentLink = (await payLink.getAttribute('href'))!;

  await addTicket(page, 'NWF27-WEEKEND', { name: 'Wilhelmina Weekend-Verhoeven', age: '25-34' });
  await addTicket(page, 'NWF27-SHUTTLE', { name: 'Wilhelmina Weekend-Verhoeven', travelTime: 1 });
  const order = await checkOutAndPayByCard(page);
  const codes = await page.locator('#order-tickets [id^="ticket-status-"]').evaluateAll((nodes) => nodes.map((node) => node.id.replace('ticket-status-', '')));
  const shuttleTicket = (await page.locator('button[id^="ticket-travel-"]').first().getAttribute('id'))!.replace('ticket-travel-', '');
  const weekendTicket = codes.find((code) => code !== shuttleTicket)!;

  await addTicket(page, 'NWF27-WEEKEND', { name: 'Refund Requester', age: '25-34' });
  const refunded = await checkOutAndPayByCard(page);
  // Every step of a refund whose money goes back by bank (the details step too).
  await refundsGoByBank(page);
  await page.goto(`/portal/orders/${refunded}/request-refund`);
  await page.locator('#refund-step-select input[type="checkbox"]:not([disabled])').first().check();
  await page.locator('#refund-next').click();
  await fillRefundDetails(page);
  await page.locator('#refund-next').click();
  await page.locator('#refund-submit').click();
  await page.waitForURL((url) => url.pathname.startsWith('/portal/refunds/'));
  const refund = new URL(page.url()).pathname.split('/').pop()!;

  // The cart the panel and the checkout show: long names, three tickets and merchandise.
  await addTicket(page, 'NWF27-WEEKEND', { name: 'Maximiliaan Alexander van Oldenbarnevelt-Tjarda', age: '25-34' });
  await addTicket(page, 'NWF27-SHUTTLE', { name: 'Maximiliaan Alexander van Oldenbarnevelt-Tjarda', travelTime: 1 });
  await addTicket(page, 'NWF27-CAMPING', { name: 'Maximiliaan Alexander van Oldenbarnevelt-Tjarda' });
  await addMerchandise(page, 'NWF27-TOTE', 3);
  const state = await context.storageState();
  await context.close();
  return { state, order, planOrder, instalmentLink, shuttleTicket, weekendTicket, refund };
}

async function openPanel(page: Page, button: string, panel: string) {
  // A panel a modal was opened from stays open behind it: the button would close it.
  if ((await page.locator(button).getAttribute('aria-expanded')) !== 'true') await page.locator(`${button}:not([disabled])`).click();
  await page.locator(panel).waitFor();
  await expect.poll(() => page.locator(`${panel} [aria-busy="true"]`).count()).toBe(0);
}

/** Opens a dialog with `open`, checks it fits, and closes it with Escape. */
async function expectDialogFits(page: Page, what: string, open: () => Promise<unknown>) {
  await open();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await expectFits(page, what, dialog, false);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

let customer: Customer | undefined;

describe('the shop on a phone in Chromium', () => {
  const browser = useBrowser();

  it('shows the cart panel at 360 px with every line’s Personalise and Remove, the total and Checkout on the screen', async () => {
    customer = await prepareCustomer(browser());
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: { width: 360, height: 740 }, storageState: customer.state });
    const page = await context.newPage();
    await page.goto('/tickets');
    await settle(page);
    await openPanel(page, '#cart-button', '#cart-checkout');
    const panel = page.locator('#cart-panel');
    // Every line's Personalise and Remove, the total and Checkout, each shown by the panel's own scrolling.
    const controls = ['#cart-total', '#cart-checkout', '[id^="cart-personalise-"]', '[id^="cart-remove-"]'];
    expect(await panel.locator('[id^="cart-personalise-"]').count()).toBe(3);
    expect(await panel.locator('[id^="cart-remove-"]').count()).toBe(4);
    const scrollY = await page.evaluate(() => window.scrollY);
    for (const selector of controls) {
      for (const control of await panel.locator(selector).all()) {
        await control.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
        const box = (await control.boundingBox())!;
        expect(box.x, selector).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, selector).toBeLessThanOrEqual(360);
        expect(box.y, selector).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, selector).toBeLessThanOrEqual(740);
        expect(await page.evaluate(() => window.scrollY), `${selector}: the page behind scrolled`).toBe(scrollY);
      }
    }
    // The panel ends on the screen and scrolls itself.
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(740);
    await expectFits(page, 'cart panel at 360', panel, false);
    expect(pageErrors(page)).toEqual([]);
    await context.close();
  });

  // Pictures for a person to look at, and nothing else: only when SCREENSHOT_DIR asks for them.
  it.skipIf(!SCREENSHOT_DIR)('takes screenshots of the open cart at 390 and 1280 px (SCREENSHOT_DIR set)', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const context = await browser().newContext({ baseURL: baseUrl(), viewport, storageState: customer!.state });
      const page = await context.newPage();
      await page.goto('/tickets');
      await settle(page);
      await openPanel(page, '#cart-button', '#cart-checkout');
      await screenshot(page, `cart-panel-${viewport.width}.png`);
      await page.goto(`/portal/orders/${customer!.order}`);
      await settle(page);
      await screenshot(page, `order-${viewport.width}.png`, { fullPage: true });
      await page.goto('/checkout');
      await settle(page);
      await page.locator('#checkout-country').selectOption('NL');
      await page.locator('#checkout-total').waitFor();
      await screenshot(page, `checkout-${viewport.width}.png`, { fullPage: true });
      await context.close();
    }
  });

  /** Each page once, checked at every size: the window is resized, not the page loaded again (a media query and React follow a resize as they follow a load). */
  async function expectPagesFit(page: Page, urls: string[]) {
    for (const url of urls) {
      await page.setViewportSize(WIDTHS[0]!);
      await page.goto(url);
      await settle(page);
      for (const viewport of WIDTHS) {
        await page.setViewportSize(viewport);
        // The layout of the new size, painted.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await expectFits(page, `${url} at ${viewport.width}×${viewport.height}`);
      }
    }
  }

  it(`fits every page and table at ${WIDTHS.map((viewport) => `${viewport.width}×${viewport.height}`).join(', ')}`, { timeout: 240_000 }, async () => {
    const { order, planOrder, instalmentLink, weekendTicket, refund } = customer!;
    // A visitor: the public and guest-only pages.
    const guest = await browser().newContext({ baseURL: baseUrl(), viewport: WIDTHS[0]! });
    const boxOffice = inject('boxOfficeOrder');
    const publicPages = [
      '/',
      '/tickets',
      '/merchandise',
      '/tickets/NWF27-WEEKEND',
      '/tickets/NWF27-WEEKEND-PLAN',
      '/tickets/NWF27-SHUTTLE',
      '/merchandise/NWF27-HOODIE',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password/nobody%40example.com/not-a-token',
      '/resend-tickets',
      '/ambassadors',
      '/cookie-policy',
      '/faqs',
      '/privacy-policy',
      '/security-statement',
      '/terms-conditions',
      `/accept-tcs/${boxOffice.code}/${boxOffice.checksum}`,
      // The instalment page works without a session: the e-mailed link carries its checksum.
      instalmentLink,
    ];
    await expectPagesFit(await guest.newPage(), publicPages);
    await guest.close();

    // The customer: portal, orders, refunds, account.
    const signedIn = await browser().newContext({ baseURL: baseUrl(), viewport: WIDTHS[0]!, storageState: customer!.state });
    const page = await signedIn.newPage();
    await refundsGoByBank(page);
    const customerPages = [
      '/portal',
      `/portal/orders/${order}`,
      `/portal/orders/${order}/confirmation`,
      `/order/${order}`,
      `/portal/orders/${order}/manage-ticket/${weekendTicket}`,
      // A payment-plan order: its schedule table, and the instalment page signed in.
      `/portal/orders/${planOrder}`,
      instalmentLink,
      `/portal/refunds/${refund}`,
      '/account',
    ];
    await expectPagesFit(page, customerPages);
    await signedIn.close();
  });

  /**
   * Runs `check` at every size, the window resized in between (as the page sweep does): each state
   * is reached once and checked at all sizes, and each dialog is opened afresh at each size.
   */
  async function atEverySize(page: Page, check: (size: string) => Promise<void>) {
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await check(`at ${viewport.width}×${viewport.height}`);
    }
  }

  it(`fits every panel, modal and form step at ${WIDTHS.map((viewport) => `${viewport.width}×${viewport.height}`).join(', ')}`, { timeout: 240_000 }, async () => {
    const { order, instalmentLink, shuttleTicket, refund } = customer!;

    // A visitor: the login panel, the terms and personalise modals.
    const guest = await browser().newContext({ baseURL: baseUrl(), viewport: WIDTHS[0]! });
    let page = await guest.newPage();
    const boxOffice = inject('boxOfficeOrder');
    await page.goto(`/accept-tcs/${boxOffice.code}/${boxOffice.checksum}`);
    await settle(page);
    await atEverySize(page, (size) => expectDialogFits(page, `accept-terms terms modal ${size}`, () => page.getByRole('button', { name: /terms and conditions/i }).first().click()));
    await page.goto(instalmentLink);
    await settle(page);
    await atEverySize(page, (size) => expectDialogFits(page, `instalment terms modal ${size}`, () => page.locator('#instalment-terms-read').click()));
    await page.goto('/tickets/NWF27-SHUTTLE');
    await settle(page);
    await atEverySize(page, (size) => expectDialogFits(page, `personalise modal ${size}`, () => page.locator('#add-to-cart').click()));
    await atEverySize(page, async (size) => {
      await openPanel(page, '#login-button', '#login-panel');
      await expectFits(page, `login panel ${size}`, page.locator('#login-panel'), false);
    });
    await atEverySize(page, async (size) => {
      await openPanel(page, '#cart-button', '#cart-panel');
      await expectFits(page, `empty cart panel ${size}`, page.locator('#cart-panel'), false);
    });
    await guest.close();

    // The customer: the refund steps, the checkout; the cart and account panels and their modals.
    const signedIn = await browser().newContext({ baseURL: baseUrl(), viewport: WIDTHS[0]!, storageState: customer!.state });
    page = await signedIn.newPage();
    // The refund request's every step, its bank details too (as for money that goes back by bank).
    await refundsGoByBank(page);
    await page.goto('/portal');
    await settle(page);
    await atEverySize(page, (size) =>
      expectDialogFits(page, `logout confirmation ${size}`, async () => {
        await openPanel(page, '#account-button', '#account-panel');
        await expectFits(page, `account panel ${size}`, page.locator('#account-panel'), false);
        await page.locator('#logout-button').click();
      }),
    );
    await page.goto(`/portal/refunds/${refund}`);
    await settle(page);
    await atEverySize(page, (size) => expectDialogFits(page, `refund cancel confirmation ${size}`, () => page.locator('#refund-cancel').click()));
    await page.goto(`/portal/orders/${order}`);
    await settle(page);
    await atEverySize(page, (size) => expectDialogFits(page, `travel time modal ${size}`, () => page.locator(`#ticket-travel-${shuttleTicket}`).click()));

    // The three steps of a refund request.
    await page.goto(`/portal/orders/${order}/request-refund`);
    await page.locator('#refund-step-select').waitFor();
    await atEverySize(page, (size) => expectFits(page, `refund step 1 ${size}`));
    await page.locator('#refund-step-select input[type="checkbox"]:not([disabled])').first().check();
    await page.locator('#refund-next').click();
    await fillRefundDetails(page);
    await atEverySize(page, (size) => expectFits(page, `refund step 2 ${size}`));
    await page.locator('#refund-next').click();
    await page.locator('#refund-step-confirm').waitFor();
    await atEverySize(page, (size) => expectFits(page, `refund step 3 ${size}`));

    await page.goto('/checkout');
    await settle(page);
    await page.locator('#checkout-country').selectOption('NL');
    await page.locator('#checkout-total').waitFor();
    await expect.poll(() => page.locator('main [aria-busy="true"], main .page-loading').count()).toBe(0);
    await atEverySize(page, async (size) => {
      await expectFits(page, `checkout with its invoice ${size}`);
      await expectDialogFits(page, `checkout terms modal ${size}`, () => page.locator('#checkout-terms-read').click());
    });

    await atEverySize(page, async (size) => {
      await openPanel(page, '#cart-button', '#cart-checkout');
      await expectFits(page, `cart panel ${size}`, page.locator('#cart-panel'), false);
      await expectDialogFits(page, `personalise modal from the cart ${size}`, () => page.locator('[id^="cart-personalise-"]').first().click());
      await openPanel(page, '#cart-button', '#cart-checkout');
      await expectDialogFits(page, `remove confirmation ${size}`, () => page.locator('[id^="cart-remove-"]').first().click());
    });
    await signedIn.close();
  });
});
