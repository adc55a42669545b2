import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shopConfigFile, shopConfigSource } from './config';

const demo = JSON.parse(readFileSync(new URL('../../../config/demo-shop.json', import.meta.url), 'utf8'));
// The file as written (publicBaseUrl may be left out: the server derives or demands it).
const problemsOf = (config: unknown) => (shopConfigSource.safeParse(config).error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('addresses in the shop configuration', () => {
  it('takes the demo configuration as it is', () => {
    expect(problemsOf(demo)).toEqual([]);
  });

  it('leaves publicBaseUrl to the file, but a loaded configuration has one, and only a web address', () => {
    expect(demo).not.toHaveProperty('publicBaseUrl');
    expect(shopConfigFile.safeParse(demo).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['publicBaseUrl']);
    expect(shopConfigFile.safeParse({ ...demo, publicBaseUrl: 'https://tickets.example.org' }).success).toBe(true);
    expect(problemsOf({ ...demo, publicBaseUrl: 'javascript:alert(1)' })).toEqual(['publicBaseUrl']);
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

describe("the shop's languages", () => {
  const languagesOf = (languages: unknown) => shopConfigSource.safeParse({ ...demo, languages });
  it('speaks English when the file names none, and the languages it names, the first its default', () => {
    expect(shopConfigSource.parse({ ...demo, languages: undefined }).languages).toEqual(['en']);
    expect(languagesOf(['nl', 'en', 'ar']).data?.languages).toEqual(['nl', 'en', 'ar']);
  });
  it('refuses a language the shop has no texts for, a malformed code, none at all and one named twice', () => {
    for (const languages of [['xx'], ['en', '../..'], ['EN'], ['de-DE'], [], ['de', 'de'], 'en']) {
      expect(problemsOf({ ...demo, languages }).some((path) => path.startsWith('languages')), JSON.stringify(languages)).toBe(true);
    }
  });
});
