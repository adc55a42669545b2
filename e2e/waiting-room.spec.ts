import { english } from '@festival/contract';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../apps/server/src/db/raw-rows';
import { messages } from '../packages/contract/src/messages';
import { waitingRoomMessages, waitingRoomTexts } from '../packages/contract/src/waiting-room';
import { logInOnPage, newAddress, readPassword, register } from './support/accounts';
import { expectNoAxeViolations, openPageOn, useBrowser } from './support/browser';
import { checkOutByBankTransfer } from './support/checkout';
import { joinQueue, signedInCustomer, startOwnShop, stopOwnShop, type OwnShop } from './support/own-shop';
import { screenshot } from './support/screenshots';

/**
 * The on-sale waiting room in Chromium (issue 23, "Shown by tests", browser): a visitor who is not
 * signed in reaches for a ticket whose on-sale room is open and lands on the waiting page, which
 * asks them to log in and brings them back; they take their place behind three others, see their
 * position (read out by a live region), keep it across a reload and a lost connection, see it
 * drop as the room admits, and at their turn go back to the ticket, where the time left to shop is
 * shown (decision 0075), add it and check out. Queued again and come by the organiser's link, their
 * turn sends them to the sale's product; before another sale's opening they are told they are in
 * the queue. axe checks the waiting page in each of its states, at 1280 and 390 px.
 *
 * The room admits 1 shopper a minute until the journey raises the rate (as an organiser would),
 * so the position stands still while the journey reads it and then moves. The shop is its own:
 * an on-sale guards the demo's weekend ticket, which other journeys buy.
 */

const SECRET = 'waiting-room-journey-secret-of-at-least-32-chars';
const TICKET = '/tickets/NWF27-WEEKEND';

function startShop(): Promise<OwnShop> {
  const opensAt = new Date(Date.now() - 10 * 60_000).toISOString();
  // A second sale whose room is open (30 minutes before) but which opens in 20 minutes: its pre-queue.
  const laterOpensAt = new Date(Date.now() + 20 * 60_000).toISOString();
  return startOwnShop({
    appSecret: SECRET,
    onsales: [
      `{ code: WEEKEND-SALE, event: NWF27, opens_at: "${opensAt}", products: [NWF27-WEEKEND], admission: { rate_per_minute: 1 }, session_minutes: 20 }`,
      `{ code: LATER-SALE, event: NWF27, opens_at: "${laterOpensAt}", products: [NWF27-DAY-SAT], admission: { rate_per_minute: 1 } }`,
    ],
    // Every place comes from 127.0.0.1 here.
    app: { queueJoinLimits: { perAddress: 0, perNetwork: 0 } },
  });
}

/** The position the waiting page shows (0 once it has gone to the shop at the visitor's turn). */
async function position(page: Page): Promise<number> {
  if (new URL(page.url()).pathname !== '/waiting-room/WEEKEND-SALE') return 0;
  const text = await page.locator('#waiting-room-position').textContent({ timeout: 1000 }).catch(() => null);
  return Number(/number ([\d,]+)/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
}

describe('the on-sale waiting room', () => {
  const browser = useBrowser();
  let shop: OwnShop | undefined;

  beforeAll(async () => {
    shop = await startShop();
  }, 120_000);

  afterAll(() => stopOwnShop(shop));

  it('sends a visitor to the waiting page, keeps their place, moves them up and lets them buy at their turn', async () => {
    const { base, database } = shop!;
    const { page, errors } = await openPageOn(browser(), base, { allowRefusals: true });

    // Six customers are in the queue before the visitor (the first is let in at once: the room has
    // a minute's credit at its first step).
    for (const name of ['ada', 'bo', 'cy', 'di', 'ed', 'flo']) {
      await joinQueue(shop!, await signedInCustomer(shop!, name), 'WEEKEND-SALE');
    }

    // A link to an on-sale that does not exist says so, without asking anyone to log in for nothing.
    await page.goto('/waiting-room/NO-SUCH-SALE');
    await page.locator('#waiting-room-refused').waitFor();
    expect(await page.locator('#waiting-room-refused').textContent()).toBe(english(waitingRoomMessages.noSuchOnsale));
    expect(await page.locator('#waiting-room-login').count()).toBe(0);

    // A visitor who is not signed in reaches for the ticket: the shop sends them to the waiting room.
    const email = newAddress('dee');
    await register(page, 'Dee Waiting', email);
    const password = await readPassword(page, email);
    await page.goto(TICKET);
    await page.locator('#add-to-cart').click();
    await page.locator('#personalise-full-name').fill('Dee Waiting');
    await page.locator('#personalise-email').fill(email);
    await page.locator('#personalise-age').selectOption('25-34');
    await page.locator('#personalise-confirm').click();
    await page.waitForURL((url) => url.pathname === '/waiting-room/WEEKEND-SALE');
    expect(new URL(page.url()).searchParams.get('from')).toBe(TICKET);
    await page.getByRole('heading', { level: 1, name: english(waitingRoomTexts.title) }).waitFor();
    await page.getByText(english(waitingRoomMessages.logInToQueue)).waitFor();
    // Before logging in they see what the sale is and how it stands: its event, how many wait, and
    // how long someone joining now waits (one a minute, five or six ahead), and what it covers.
    await page.locator('#waiting-room-info-wait').waitFor();
    expect(await page.locator('.page__lead').textContent()).toBe('Northwind Festival 2027');
    expect(await page.locator('#waiting-room-info').innerText()).toMatch(/^The sale is open and about [56] people are waiting\.\s+Someone joining now waits about [67] minutes\.$/);
    expect(await page.locator('#waiting-room-available').innerText()).toContain('Weekend ticket');
    await expectNoAxeViolations(page);
    await screenshot(page, 'waiting-room-signed-out-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'waiting-room-signed-out-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Logging in brings them back to the waiting page, where they take their place.
    await page.locator('#waiting-room-login').click();
    await page.waitForURL((url) => url.pathname === '/login');
    await logInOnPage(page, email, password);
    await page.waitForURL((url) => url.pathname === '/waiting-room/WEEKEND-SALE');
    await page.locator('#waiting-room-position').waitFor();
    const first = await position(page);
    expect(first).toBeGreaterThanOrEqual(4);
    expect(await page.locator('#waiting-room-ahead').textContent()).toBe(english(waitingRoomTexts.ahead(first - 1)));
    expect(await page.locator('#waiting-room-wait').textContent()).toMatch(/^Estimated wait: about \d+ minutes?\.$/);
    // The position is in a polite live region; what is still to be had and what happens next are shown.
    expect(await page.locator('[role="status"][aria-live="polite"]').filter({ has: page.locator('#waiting-room-position') }).count()).toBe(1);
    expect(await page.locator('#waiting-room-available').innerText()).toContain('Weekend ticket');
    expect(await page.locator('#waiting-room-next').textContent()).toBe(english(waitingRoomTexts.whatNext));
    await expectNoAxeViolations(page);
    await screenshot(page, 'waiting-room-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'waiting-room-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // A reload keeps the place: the same position, and one place for the account however often it comes.
    await page.reload();
    await page.locator('#waiting-room-position').waitFor();
    expect(await position(page)).toBeLessThanOrEqual(first);
    const places = async () =>
      Number((await executeRows<{ n: number | string }>(database.db, sql`SELECT count(*) AS n FROM queue_places p JOIN customers c ON 'customer:' || c.id = p.visitor_key WHERE c.email = ${email}`))[0]!.n);
    expect(await places()).toBe(1);

    // A lost connection: the page says the place is kept, and carries on when the connection is back.
    await page.context().setOffline(true);
    await page.locator('#waiting-room-offline').waitFor({ timeout: 30_000 });
    expect(await page.locator('#waiting-room-offline').textContent()).toBe(english(waitingRoomTexts.offline));
    await page.context().setOffline(false);
    await page.locator('#waiting-room-offline').waitFor({ state: 'detached', timeout: 30_000 });
    // (the room lets in one a minute meanwhile)
    const before = await position(page);
    expect(before).toBeLessThanOrEqual(first);
    expect(before).toBeGreaterThanOrEqual(3);

    // The organiser lets shoppers in faster: the position drops without a reload, then it is their turn.
    await database.db.execute(sql`UPDATE onsales SET admission_limit = 10 WHERE code = 'WEEKEND-SALE'`);
    await expect.poll(async () => { const now = await position(page); return now > 0 && now < before; }, { timeout: 45_000, interval: 200 }).toBe(true);
    await page.waitForURL((url) => url.pathname === TICKET, { timeout: 60_000 });
    expect(await places()).toBe(1);
    // On the product they queued for, the time left to shop is shown (a session: 20 minutes).
    await page.locator('#shopping-time').waitFor();
    expect(await page.locator('#shopping-time').textContent()).toMatch(/^You have (20|19) minutes left to shop in this sale\./);
    await page.locator('#add-to-cart').waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'waiting-room-turn-product-1280.png');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'waiting-room-turn-product-390.png');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Admitted: the ticket goes into the cart, and the order is placed.
    await page.locator('#add-to-cart').click();
    await page.locator('#personalise-full-name').fill('Dee Waiting');
    await page.locator('#personalise-email').fill(email);
    await page.locator('#personalise-age').selectOption('25-34');
    await page.locator('#personalise-confirm').click();
    await page.getByText(english(messages.toast.itemAdded)).waitFor();
    // The checkout shows the time left too; once the order is placed (which ends the place) it is gone.
    await page.goto('/checkout');
    await page.locator('#shopping-time').waitFor();
    const order = await checkOutByBankTransfer(page);
    expect(order).toMatch(/^[A-Z0-9]+$/);

    // The checkout ended the place: coming back to the waiting page, the visitor is told so and
    // queued again at the back (the room now lets nobody in for a minute), not let in on the old place.
    await database.db.execute(sql`UPDATE onsales SET admission_limit = 1, last_step_at = now(), rate_carry = 0 WHERE code = 'WEEKEND-SALE'`);
    await page.goto('/waiting-room/WEEKEND-SALE');
    await page.locator('#waiting-room-queued-again').waitFor({ timeout: 30_000 });
    expect(await page.locator('#waiting-room-queued-again').textContent()).toBe(english(waitingRoomTexts.queuedAgain));
    await page.locator('#waiting-room-position').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/waiting-room/WEEKEND-SALE');
    expect(await places()).toBe(2);
    await expectNoAxeViolations(page);
    await screenshot(page, 'waiting-room-queued-again-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'waiting-room-queued-again-390.png', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/tickets');
    await page.locator('h1').waitFor();
    expect(await page.locator('#shopping-time').count()).toBe(0);

    // Come by the organiser's link (no page to go back to), the turn sends the visitor to the sale's product, with the time left.
    await database.db.execute(sql`UPDATE onsales SET admission_limit = 10 WHERE code = 'WEEKEND-SALE'`);
    await page.goto('/waiting-room/WEEKEND-SALE');
    await page.waitForURL((url) => url.pathname === TICKET, { timeout: 60_000 });
    await page.locator('#shopping-time').waitFor();
    expect(await page.locator('#shopping-time').textContent()).toMatch(/^You have (20|19) minutes left to shop/);

    // A sale that opens later: the visitor is told first that they are in the queue, when it opens
    // and that places are drawn at random then, so they can leave the page open.
    await page.goto('/waiting-room/LATER-SALE');
    const standing = page.locator('#waiting-room-standing');
    await standing.getByText(/^You are in the queue\./).waitFor();
    expect(await standing.innerText()).toMatch(/^You are in the queue\. The sale opens at .+; at that moment the places of everyone already here are drawn at random, so you need not hurry or refresh: leave this page open and it shows your number after the draw\.$/);
    expect(await page.locator('#waiting-room-position').count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'waiting-room-before-opening-1280.png', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'waiting-room-before-opening-390.png', { fullPage: true });
    expect(errors).toEqual([]);
  }, 240_000);
});
