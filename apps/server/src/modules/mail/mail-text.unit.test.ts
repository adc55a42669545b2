import { describe, expect, it } from 'vitest';
import { sampleMails } from '../../../test/mail-samples';
import { composeMail, mailText } from './compose';

/**
 * The plain-text part is read on its own (issue 19, point 7): no markup or character references
 * left from HTML, and every address alone on its line, so a mail client links it whole.
 */
describe('the plain-text part of every e-mail', () => {
  it('has no HTML tags or entities, and every URL stands on its own line', async () => {
    // Customer names with markup in them are text, and may look like tags: the samples' names are
    // replaced by plain ones here, so anything tag-like comes from the template.
    for (const { name, mail } of await sampleMails()) {
      const text = mail.text.replaceAll("Ольга 李 O'Brien <script>alert(1)</script>", 'Ольга 李 O’Brien');
      expect(text, name).not.toMatch(/<\/?[a-z][^>]*>/i);
      expect(text, name).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z]+);/i);
      const urls = text.match(/https?:\/\/\S+/g) ?? [];
      for (const url of urls) expect(text.split('\n'), `${name}: ${url}`).toContain(url);
      expect(text.endsWith('\n'), name).toBe(true);
    }
  });

  it('keeps a customer’s text as written, and the HTML part escapes it', async () => {
    const content = { shopName: 'Shop & <Co>', greeting: "Hello Ольга 李 O'Brien <script>alert(1)</script>,", paragraphs: ['5 < 6 & "quotes"'] };
    expect(mailText(content)).toContain("Hello Ольга 李 O'Brien <script>alert(1)</script>,");
    const { html } = await composeMail(content);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('Shop &amp; &lt;Co&gt;');
  });

  it('puts a button’s address on the line after its label', () => {
    const text = mailText({ shopName: 'Shop', greeting: 'Hello,', action: { label: 'Log in', url: 'https://shop.example.org/login' } });
    expect(text).toContain('Log in:\nhttps://shop.example.org/login\n');
  });
});
