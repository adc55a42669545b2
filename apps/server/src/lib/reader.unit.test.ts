import { describe, expect, it } from 'vitest';
import { readerLanguage, shopNameIn } from './reader';

describe('the words of a message outside a request (decision 0094)', () => {
  const config = { name: 'Northwind Festival Shop', languages: ['en', 'fr', 'ar'] as const, translations: { fr: { name: 'Boutique Northwind Festival' }, de: { name: 'Nordwind-Laden' } } };

  it('calls the shop by its name in the reader’s language, else by its own', () => {
    expect(shopNameIn({ ...config, languages: [...config.languages] }, 'fr')).toBe('Boutique Northwind Festival');
    // Arabic is offered but has no name of its own; German has one but is not offered; English is the default.
    expect(shopNameIn({ ...config, languages: [...config.languages] }, 'ar')).toBe('Northwind Festival Shop');
    expect(shopNameIn({ ...config, languages: [...config.languages] }, 'de')).toBe('Northwind Festival Shop');
    expect(shopNameIn({ ...config, languages: [...config.languages] }, 'en')).toBe('Northwind Festival Shop');
    expect(shopNameIn({ name: 'Solo' }, 'fr')).toBe('Solo');
  });

  it('writes to a reader in the language kept for them while the shop offers it, else in its default', () => {
    expect(readerLanguage({ languages: ['en', 'fr'] }, 'fr')).toBe('fr');
    expect(readerLanguage({ languages: ['en', 'fr'] }, 'de', '../..', 'fr')).toBe('fr');
    expect(readerLanguage({ languages: ['en', 'fr'] }, 'de')).toBe('en');
  });
});
