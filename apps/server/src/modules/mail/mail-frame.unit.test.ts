import { createElement } from 'react';
import { DEFAULT_BRAND } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { blocksOf, composeMail, mailLook, renderHtml, type MailContent, type MailLookConfig } from './compose';
import { MailBlocks, MailPreview, MailTemplate } from './mail-template';

/** The whole template rendered by React at once: what composeMail's spliced frame must equal, byte for byte. */
function wholeRender(content: MailContent, config?: MailLookConfig): string {
  const blocks = blocksOf(content);
  const preview = (blocks.find((block) => block.kind === 'text')?.text ?? content.greeting).slice(0, 140);
  const look = mailLook(content.shopName, config);
  return renderHtml(createElement(MailTemplate, { look, preview: createElement(MailPreview, { text: preview }), greeting: content.greeting, blocks: createElement(MailBlocks, { blocks, look }) }));
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

  it("escapes a message's own texts: none of them adds markup", async () => {
    const { html } = await composeMail(contents[1]!);
    expect(html).not.toContain('<b>"quoted"</b>');
    expect(html).toContain('&lt;b&gt;&quot;quoted&quot;&lt;/b&gt;');
    expect(html.match(/<html/g)).toHaveLength(1);
  });
});
