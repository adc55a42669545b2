import { createElement } from 'react';
import { DEFAULT_BRAND } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { blocksOf, composeMail, keepLeftToRight, keepOwnDirection, mailLook, mailPreview, renderHtml, type MailContent, type MailLookConfig } from './compose';
import { MailBlocks, MailPreview, MailTemplate, Said } from './mail-template';

/** The whole template rendered by React at once: what composeMail's spliced frame must equal, byte for byte. */
function wholeRender(content: MailContent, config?: MailLookConfig): string {
  const blocks = blocksOf(content);
  const preview = mailPreview(blocks, content.greeting);
  const look = mailLook(content.shopName, config, content.language);
  return renderHtml(createElement(MailTemplate, { look, preview: createElement(MailPreview, { text: preview }), greeting: createElement(Said, { text: content.greeting }), blocks: createElement(MailBlocks, { blocks, look }) }));
}

const tricky = `Ł & Δ <b>"quoted"</b> 'single' mail-slot- ${'x'.repeat(20)}`;
const contents: MailContent[] = [
  { shopName: 'Northwind Festival', greeting: 'Hello Jane Doe,' },
  { shopName: 'Northwind Festival', greeting: `Hello ${tricky},`, paragraphs: [tricky, 'Second paragraph.'], after: ['Small print & <more>.'] },
  {
    shopName: '李小龙 & محمد <Fest>',
    greeting: 'Hello,',
    paragraphs: ['p'.repeat(400)],
    blocks: [
      { kind: 'code', text: 'Zq9<&>"' },
      { kind: 'details', rows: [{ label: 'IBAN', value: 'NL91 ABNA 0417 1643 00' }, { label: 'Reference & code', value: '<NWF-1>' }] },
      { kind: 'links', items: [{ title: 'Weekend ticket', detail: 'Łukasz', label: 'Download', url: 'https://shop.example.org/t/1?a=1&b=2', image: { url: 'https://shop.example.org/qr/1.png', alt: 'QR "1"', size: 160 } }, { title: 'Shuttle', label: 'Download', url: 'https://shop.example.org/t/2' }] },
    ],
    action: { label: 'View your order', url: 'https://shop.example.org/order/x?y=<z>' },
  },
  // Right to left, with values kept left to right in the greeting, a paragraph, a detail and a link's title.
  {
    language: 'ar',
    shopName: 'مهرجان نورثويند',
    greeting: `مرحبًا ${keepLeftToRight('ar', 'Jane <Doe>')}،`,
    paragraphs: [`تم استلام طلب الاسترداد للطلب ${keepLeftToRight('ar', 'K7Q2M9XA')}: ${keepLeftToRight('ar', '<b>')}.`],
    blocks: [
      { kind: 'details', rows: [{ label: 'IBAN', value: keepLeftToRight('ar', 'NL91 ABNA 0417 1643 00') }, { label: 'الاسم', value: `${keepOwnDirection('ar', 'Jane Doe')} (سابقًا: ${keepOwnDirection('ar', 'محمد')})` }] },
      { kind: 'links', items: [{ title: `تذكرة ${keepLeftToRight('ar', 'T8V3')}`, label: 'تنزيل', url: 'https://shop.example.org/t/1' }] },
      { kind: 'code', text: 'Zq9-häpy' },
    ],
    action: { label: 'عرض الطلب', url: 'https://shop.example.org/portal' },
    after: ['ملاحظة.'],
  },
  { language: 'de', shopName: 'Northwind', greeting: 'Hallo Jane,', paragraphs: [`Bestellung ${keepLeftToRight('de', 'K7Q2M9XA')}.`] },
];
const configs: (MailLookConfig | undefined)[] = [
  undefined,
  { publicBaseUrl: 'https://shop.example.org/', brand: { logo: '/media/logo.png', logoWidth: 120, primaryColour: '#123456', onPrimaryColour: '#ffffff', backgroundColour: '#fafafa', textColour: '#111111' } },
  { publicBaseUrl: 'https://other.example.org' },
];

describe("a message's HTML", () => {
  it('is the same as rendering the whole template, for every kind of block, look and text to escape', async () => {
    for (const config of configs) {
      for (const content of contents) {
        expect((await composeMail(content, config)).html).toBe(wholeRender(content, config));
      }
    }
  });

  it('stays the same past the number of looks whose frames are kept', async () => {
    const content = contents[2]!;
    for (let index = 0; index < 40; index += 1) {
      const config = { publicBaseUrl: `https://shop-${index}.example.org`, brand: { ...DEFAULT_BRAND, logo: '/logo.png' } };
      const { html } = await composeMail({ ...content, shopName: `Shop ${index}` }, config);
      expect(html).toBe(wholeRender({ ...content, shopName: `Shop ${index}` }, config));
      expect(html).toContain(`https://shop-${index}.example.org/logo.png`);
    }
  });

  it('reads right to left in Arabic: dir on the html, the body, the card and the blocks, text to the right, codes left to right', async () => {
    const arabic = contents[3]!;
    const { html, text } = await composeMail(arabic, configs[1]);
    expect(html).toMatch(/<html[^>]* lang="ar"[^>]* dir="rtl"|<html[^>]* dir="rtl"[^>]* lang="ar"/);
    expect(html).toMatch(/<body[^>]* dir="rtl"/);
    expect(html).toContain('text-align:right');
    expect(html).toContain('للطلب <span dir="ltr">K7Q2M9XA</span>:');
    expect(html).toContain('مرحبًا <span dir="ltr">Jane &lt;Doe&gt;</span>،');
    expect(html).toContain('<span dir="ltr">NL91 ABNA 0417 1643 00</span>');
    expect(html).toMatch(/<strong dir="auto"/);
    expect(html).toContain('<span dir="auto">Jane Doe</span> (سابقًا: <span dir="auto">محمد</span>)');
    expect(html).toMatch(/<p dir="ltr"[^>]*>Zq9-häpy<\/p>/);
    // No mark is left in the HTML, and the text part keeps each value between left-to-right marks.
    expect(html).not.toMatch(/[\u2066\u2068\u2069]/);
    expect(text).toContain('للطلب \u200eK7Q2M9XA\u200e:');
    expect(text).not.toMatch(/[\u2066\u2068\u2069]/);
    expect(text).toContain('الاسم: Jane Doe (سابقًا: محمد)');
    expect(text.split('\n')).toContain('https://shop.example.org/portal');
  });

  it('keeps a left-to-right message as it was: no dir on its blocks, no alignment, no marks', async () => {
    const { html } = await composeMail(contents[4]!);
    expect(html).toContain('<html dir="ltr" lang="de">');
    expect(html).not.toContain('text-align');
    expect(html).not.toMatch(/<(body|table|p|strong)[^>]* dir=/);
    expect(html).toContain('Bestellung K7Q2M9XA.');
  });

  it("escapes a message's own texts: none of them adds markup", async () => {
    const { html } = await composeMail(contents[1]!);
    expect(html).not.toContain('<b>"quoted"</b>');
    expect(html).toContain('&lt;b&gt;&quot;quoted&quot;&lt;/b&gt;');
    expect(html.match(/<html/g)).toHaveLength(1);
  });
});
