import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shopConfigSource } from './config';
import { addressLineLabel, configIn, missingConfigTexts, translationProblems } from './config-languages';

const demo = JSON.parse(readFileSync(new URL('../../../config/demo-shop.json', import.meta.url), 'utf8'));
const parse = (config: unknown) => shopConfigSource.parse(config);

const german = {
  texts: { headerBanner: 'Frühbuchertickets jetzt erhältlich', termsAndConditions: '<p>AGB</p>' },
  titles: { [Object.keys(demo.titles)[0]!]: 'Titel' },
  countries: { NL: 'Holland' },
  usefulLinks: demo.usefulLinks?.length ? [{ label: 'Häufige Fragen' }] : [],
  contact: { address: 'Festivalweg 1, Amsterdam' },
  addressLines: [{ text: 'Straße und Hausnummer' }],
};

describe('the organiser’s texts in every language (decision 0094)', () => {
  const config = parse({ ...demo, languages: ['en', 'de', 'fr'], texts: { ...demo.texts, headerBanner: 'Early bird tickets on sale now' }, translations: { de: german } });

  it('shows each text in the reader’s language where the organiser gave it, else in the default language', () => {
    const de = configIn(config, 'de');
    expect(de.texts.headerBanner).toBe('Frühbuchertickets jetzt erhältlich');
    expect(de.texts.termsAndConditions).toBe('<p>AGB</p>');
    expect(de.texts.privacyPolicy).toBe(config.texts.privacyPolicy);
    expect(de.contact.address).toBe('Festivalweg 1, Amsterdam');
    expect(de.contact.email).toBe(config.contact.email);
    expect(de).not.toHaveProperty('translations');
    // The default language, and a language the shop does not offer, see the configuration as it is.
    expect(configIn(config, 'en').texts.headerBanner).toBe('Early bird tickets on sale now');
    expect(configIn(config, 'pl').texts.headerBanner).toBe('Early bird tickets on sale now');
    // Made once per language.
    expect(configIn(config, 'de')).toBe(de);
  });

  it('names the catalogue’s type words as the organiser did in each language, reports a name of a type the default does not name, and lists one missing', () => {
    const named = parse({ ...demo, languages: ['en', 'de', 'fr'], typeNames: { camping: 'Camping pitch', shirt: 'T-shirt' }, translations: { de: { typeNames: { camping: 'Zeltplatz', bag: 'Tasche' } } } });
    expect(configIn(named, 'de').typeNames).toEqual({ camping: 'Zeltplatz', shirt: 'T-shirt' });
    expect(configIn(named, 'fr').typeNames).toEqual({ camping: 'Camping pitch', shirt: 'T-shirt' });
    expect(translationProblems(named)).toContainEqual({ path: ['translations', 'de', 'typeNames', 'bag'], message: 'names no typeNames of the default language' });
    expect(missingConfigTexts(named).map((entry) => entry.path)).toEqual(expect.arrayContaining(['translations.de.typeNames.shirt', 'translations.fr.typeNames.camping', 'translations.fr.typeNames.shirt']));
  });

  it('labels an address line in the reader’s language and keeps its text, the key every address is kept under', () => {
    const [first, second] = configIn(config, 'de').addressLines;
    expect(first).toEqual({ ...config.addressLines[0], label: 'Straße und Hausnummer' });
    expect(addressLineLabel(first!)).toBe('Straße und Hausnummer');
    // A line left out is labelled in the default language.
    expect(addressLineLabel(second!)).toBe(config.addressLines[1]!.text);
    expect(configIn(config, 'en').addressLines.map(addressLineLabel)).toEqual(config.addressLines.map((line) => line.text));
  });

  it('names countries as the organiser did in a language, else by their CLDR names, never in another language', () => {
    const de = configIn(config, 'de');
    expect(de.countries.find((country) => country.code === 'NL')?.name).toBe('Holland');
    const belgium = config.countries.find((country) => country.code === 'BE');
    if (belgium) expect(de.countries.find((country) => country.code === 'BE')?.name).toBe('Belgien');
    const fr = configIn(config, 'fr');
    expect(fr.countries.find((country) => country.code === 'NL')?.name).toBe('Pays-Bas');
    expect(configIn(config, 'en').countries).toEqual(config.countries);
  });

  it('refuses a language the shop does not offer, its default language, unknown keys, and a text of nothing', () => {
    expect(translationProblems(parse({ ...demo, translations: { xx: {}, '../..': {} } })).map((problem) => problem.path.join('.'))).toEqual(['translations.xx', 'translations.../..']);
    expect(shopConfigSource.safeParse({ ...demo, translations: { de: { texts: { nosuch: 'x' } } } }).error?.issues.map((issue) => issue.path.join('.'))).toEqual(['translations.de.texts']);
    const problems = translationProblems(
      parse({ ...demo, languages: ['en', 'de'], translations: { fr: {}, en: {}, de: { titles: { nosuch: 'x' }, countries: { ZZ: 'Nirgendwo' }, usefulLinks: [...(demo.usefulLinks ?? []).map(() => ({ label: 'x' })), { label: 'a' }] } } }),
    );
    expect(problems.map((problem) => problem.path.join('.'))).toEqual(['translations.fr', 'translations.en', 'translations.de.titles.nosuch', 'translations.de.countries.ZZ', 'translations.de.usefulLinks']);
    expect(problems[0]!.message).toBe('the shop does not offer fr (languages: en, de)');
    expect(translationProblems(config)).toEqual([]);
  });

  it('lists the texts a language lacks', () => {
    const missing = missingConfigTexts(config);
    expect(missing.every((entry) => entry.language === 'de' || entry.language === 'fr')).toBe(true);
    const paths = missing.map((entry) => entry.path);
    expect(paths).toContain('translations.de.texts.privacyPolicy');
    expect(paths).toContain('translations.fr.texts.headerBanner');
    expect(paths).not.toContain('translations.de.texts.headerBanner');
    expect(paths).not.toContain('translations.de.contact.address');
    // An English-only shop lacks nothing.
    expect(missingConfigTexts(parse(demo))).toEqual([]);
  });
});
