import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shopConfigFile } from './config';

const demo = JSON.parse(readFileSync(new URL('../../../config/demo-shop.json', import.meta.url), 'utf8'));
const problemsOf = (config: unknown) => (shopConfigFile.safeParse(config).error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('addresses in the shop configuration', () => {
  it('takes the demo configuration as it is', () => {
    expect(problemsOf(demo)).toEqual([]);
  });

  it('refuses links that would run script or leave for another scheme: the website, social pages and footer links', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'ftp://files.example/']) {
      expect(problemsOf({ ...demo, contact: { ...demo.contact, websiteUrl: url } }), url).toEqual(['contact.websiteUrl']);
      expect(problemsOf({ ...demo, usefulLinks: [{ label: 'x', url }] }), url).toEqual(['usefulLinks.0.url']);
    }
    expect(problemsOf({ ...demo, social: { ...demo.social, instagram: 'javascript:alert(1)' } })).toEqual(['social.instagram']);
    for (const url of ['//evil.example/', '/\\evil.example', ' javascript:alert(1)']) {
      expect(problemsOf({ ...demo, usefulLinks: [{ label: 'x', url }] }), url).toEqual(['usefulLinks.0.url']);
    }
  });

  it('takes web addresses, mailto: and tel: links and paths of the shop as footer links', () => {
    const usefulLinks = ['https://festival.example/faq', 'http://festival.example/', 'mailto:info@festival.example', 'tel:+31201234567', '/faqs'].map((url) => ({ label: url, url }));
    expect(problemsOf({ ...demo, usefulLinks })).toEqual([]);
  });
});
