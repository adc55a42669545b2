import { describe, expect, it } from 'vitest';
import { ticketPassedOnMail, ticketReceivedMail } from './portal.mail';

/**
 * A ticket passed on is named by its product once: "your Weekend ticket", not "your Weekend
 * ticket ticket" (the demo's products are named for what they are; decision 0035).
 */
const config = { name: 'Northwind Festival Shop', publicBaseUrl: 'http://shop.example', currency: 'EUR', locale: 'en-GB', timezone: 'Europe/Amsterdam' };
const from = { email: 'giver@example.org', fullName: 'Gerda Giver' };
const to = { email: 'holder@example.org', fullName: 'Hanna Holder' };

describe('the passed-on ticket e-mails', () => {
  it.each([
    ['Weekend ticket', 'Weekend ticket'],
    ['Camping spot', 'Camping spot ticket'],
  ])('name a %s as "%s"', async (product, named) => {
    const ticket = { code: 'T8V3K2L9Q4W7E1R5Y6U0', productName: product, fullName: to.fullName };
    const passedOn = await ticketPassedOnMail(config, 'en', from, ticket, to.email);
    expect(passedOn.text).toContain(`You passed your ${named} (T8V3K2L9Q4W7E1R5Y6U0) on to holder@example.org.`);
    for (const downloadable of [true, false]) {
      const received = await ticketReceivedMail(config, 'en', to, ticket, from, false, downloadable);
      expect(received.text).toContain(`Gerda Giver passed their ${named} `);
    }
    for (const mail of [passedOn, await ticketReceivedMail(config, 'en', to, ticket, from, true, true)]) {
      expect(`${mail.text}\n${mail.html}`).not.toMatch(/\bticket ticket\b/i);
    }
  });
});
