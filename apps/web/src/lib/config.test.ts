import { readFileSync } from 'node:fs';
import { clientConfig } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseClientConfig, readConfigFromDocument } from './config';

const sample = readFileSync(new URL('../../dev/sample-config.json', import.meta.url), 'utf8');

describe('parseClientConfig', () => {
  it('reads the injected configuration', () => {
    const config = parseClientConfig(sample);
    expect(config.name).toBe('Sunrise Festival Shop');
    expect(config.currency).toBe('EUR');
  });

  it('restores the defaults the contract schema would add', () => {
    const config = parseClientConfig(JSON.stringify({ name: 'Shop', ambassadors: {} }));
    expect(config.locale).toBe('en-GB');
    expect(config.ambassadors.path).toBe('ambassadors');
    expect(config.social).toEqual({});
    expect(config.usefulLinks).toEqual([]);
    expect(config.cardLogos).toEqual(['visa', 'mastercard']);
    expect(config.titles).toEqual({});
  });

  it('refuses text that is not JSON or has no shop name', () => {
    expect(() => parseClientConfig('<!--shop-config-->')).toThrow(ConfigError);
    expect(() => parseClientConfig('{"currency":"EUR"}')).toThrow(ConfigError);
  });
});

describe('readConfigFromDocument', () => {
  it('reads the element with the contract id', () => {
    const doc = { getElementById: (id: string) => (id === 'shop-config' ? { textContent: sample } : null) } as unknown as Document;
    expect(readConfigFromDocument(doc).name).toBe('Sunrise Festival Shop');
  });

  it('says so when the page has no configuration', () => {
    const doc = { getElementById: () => null } as unknown as Document;
    expect(() => readConfigFromDocument(doc)).toThrow(/shop-config/);
  });
});

describe('the development sample configuration', () => {
  it('is valid for the contract', () => {
    expect(() => clientConfig.parse(JSON.parse(sample))).not.toThrow();
  });
});
