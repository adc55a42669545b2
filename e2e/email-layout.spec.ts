import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleMails } from '../apps/server/test/mail-samples';
import { REPO_ROOT } from '../apps/server/src/env';
import { ticketQrPng } from '../apps/server/src/modules/documents/ticket-pdf';
import { useBrowser } from './support/browser';

const PHONE = 390;

/**
 * Every e-mail template read on a phone (issue 19, point 7): rendered at 390 px in Chromium,
 * nothing runs past the screen (no sideways scrolling, every element's right edge inside), with
 * long names, addresses and codes from the samples (apps/server/test/mail-samples.ts).
 */
describe('e-mails on a phone', () => {
  const browser = useBrowser();

  it(`every template fits ${PHONE} px without sideways scrolling`, async () => {
    const mails = await sampleMails();
    expect(mails.length).toBeGreaterThan(15);
    const page = await browser().newPage({ viewport: { width: PHONE, height: 844 } });
    try {
      // The logo as the shop serves it, and a ticket's QR picture as the shop makes it; nothing else is fetched.
      await page.route('**/brand/logo.png', (route) => route.fulfill({ path: path.join(REPO_ROOT, 'apps/web/public/brand/logo.png'), contentType: 'image/png' }));
      const qr = await ticketQrPng('SAMPLE PASS', 6);
      await page.route('**/download-ticket/*/*/qr.png', (route) => route.fulfill({ body: qr, contentType: 'image/png' }));
      for (const { name, mail } of mails) {
        await page.setContent(mail.html, { waitUntil: 'load' });
        const layout = await page.evaluate(() => {
          const width = document.documentElement.clientWidth;
          const outside = [...document.body.querySelectorAll('*')]
            .filter((element) => getComputedStyle(element).display !== 'none' && element.closest('[data-skip-in-text]') === null)
            .map((element) => ({ element, right: element.getBoundingClientRect().right }))
            .filter(({ right }) => right > width + 0.5)
            .map(({ element, right }) => `${element.tagName.toLowerCase()} ${Math.round(right)}px: ${(element.textContent ?? '').slice(0, 60)}`);
          return { scrollWidth: document.documentElement.scrollWidth, width, outside };
        });
        expect(layout.scrollWidth, name).toBeLessThanOrEqual(PHONE);
        expect(layout.outside, name).toEqual([]);
        // The pictures loaded, and every link has a short label rather than an address as its text.
        expect(await page.evaluate(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0)), name).toBe(true);
        const linkTexts = await page.locator('a').allInnerTexts();
        for (const text of linkTexts) expect(text, name).not.toMatch(/https?:\/\//);
      }
    } finally {
      await page.close();
    }
  });
});
