import { describe, expect, it } from 'vitest';
import { renderIndexHtml } from '../../http/web-app';
import { serializeForScript } from './shop-config';

describe('configuration injection', () => {
  it('keeps configured text from closing the script element or starting markup', () => {
    const json = serializeForScript({ name: '</script><script>alert(1)</script>', text: '<!-- & \u2028' });
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', text: '<!-- & \u2028' });
  });

  it('puts the configuration in an inert JSON element and the escaped name in the title', () => {
    const template = '<html><head><title><!--shop-title--></title><!--shop-config--></head></html>';
    const html = renderIndexHtml(template, { name: 'Fest & <Friends> $&' } as never);
    expect(html).toContain('<title>Fest &#38; &#60;Friends&#62; $&#38;</title>');
    expect(html).toContain('<script id="shop-config" type="application/json">{"name":"Fest \\u0026 \\u003cFriends\\u003e $\\u0026"}</script>');
  });

  it('describes the shop in a meta description, configured or built from the name, escaped for the attribute', () => {
    const template = '<meta name="description" content="<!--shop-description-->" />';
    expect(renderIndexHtml(template, { name: 'Fest', description: 'Tickets "now" & more' } as never)).toBe('<meta name="description" content="Tickets &#34;now&#34; &#38; more" />');
    expect(renderIndexHtml(template, { name: 'Fest' } as never)).toBe(
      '<meta name="description" content="Fest: tickets, add-ons, transport and merchandise, sold by the organiser." />',
    );
  });
});
