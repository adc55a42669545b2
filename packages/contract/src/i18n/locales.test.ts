import { describe, expect, it } from 'vitest';
import { fieldNames } from '../field-names';
import { messages } from '../messages';
import { english } from './english';
import { createTranslator } from './format';
import { acceptedLanguages, chooseLocale, directionOf, isolatedValue, LOCALES } from './locales';
import { message } from './text';

const choose = (header: string | undefined) => chooseLocale(acceptedLanguages(header), LOCALES, 'en');

describe("a request's language", () => {
  it("takes the browser's best language the shop speaks, a region falling back to its language", () => {
    expect(choose('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(choose('nl-BE')).toBe('nl');
    expect(choose('fr-CA;q=0.4, pl;q=0.9')).toBe('pl');
    expect(choose('ja, ar-EG;q=0.5')).toBe('ar');
    expect(choose('es-419')).toBe('es');
    // Equal weights keep the header's order.
    expect(choose('fr;q=0.5, de;q=0.5')).toBe('fr');
  });

  it("falls back to the shop's default for a language it does not speak, a malformed header or none", () => {
    for (const header of [undefined, '', 'xx', 'ja', '*', '../..', 'de;q=0', 'de;q=2', 'de-!!', ';;;,,,', '\u0000de', 'x'.repeat(10_000)]) expect(choose(header), JSON.stringify(header?.slice(0, 20))).toBe('en');
    expect(chooseLocale(acceptedLanguages('de'), ['en', 'fr'], 'fr')).toBe('fr');
  });

  it('reads a long header in linear time, up to a bound', () => {
    const long = Array.from({ length: 20_000 }, (_, index) => `x${index % 10}-abcdefgh;q=0.${index % 9}`).join(',');
    const started = performance.now();
    for (let round = 0; round < 100; round += 1) acceptedLanguages(`${long},de`);
    // What matters is that the bound holds: only the first ranges are read, so the late `de` is not seen.
    expect(choose(`${long},de`)).toBe('en');
    expect(acceptedLanguages(long).length).toBeLessThanOrEqual(24);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('says which languages are written right to left', () => {
    expect(LOCALES.filter((locale) => directionOf(locale) === 'rtl')).toEqual(['ar']);
  });
});

describe('putting a text into words', () => {
  it("joins a list of field names as the language does (the spec's comma list in English)", () => {
    const text = messages.checkout.fillOutFields(['Street and number', 'Postcode', 'City']);
    expect(english(text)).toBe('Please fill out the following fields: Street and number, Postcode, City.');
    expect(createTranslator('de', { 'checkout.fillOutFields': 'Bitte füllen Sie folgende Felder aus: {fields}.' }).format(text)).toBe('Bitte füllen Sie folgende Felder aus: Street and number, Postcode und City.');
  });

  it('says each field that is a text in the language before joining them (an organiser’s line as it is)', () => {
    const text = messages.refund.fillOutFields([fieldNames.accountHolderName, 'Straße und Hausnummer', fieldNames.iban, fieldNames.shippingLine({ line: 'Ort' })]);
    expect(english(text)).toBe("Please fill out the following fields: Account holder's full name, Straße und Hausnummer, IBAN, Ort (shipping).");
    const german = createTranslator('de', {
      'checkout.fillOutFields': 'Bitte füllen Sie folgende Felder aus: {fields}.',
      'fields.accountHolderName': 'Vollständiger Name des Kontoinhabers',
      'fields.iban': 'IBAN',
      'fields.shippingLine': '{line} (Lieferadresse)',
    });
    expect(german.format(text)).toBe('Bitte füllen Sie folgende Felder aus: Vollständiger Name des Kontoinhabers, Straße und Hausnummer, IBAN und Ort (Lieferadresse).');
  });

  it('isolates a value whose direction may differ from the sentence’s, where asked to (the API’s answers, the pages)', () => {
    const soldOut = messages.cart.soldOut('Camping (VIP)');
    const arabic = { 'cart.soldOut': 'عذرًا، نفدت تذاكر {item}.' };
    expect(createTranslator('ar', arabic, undefined, { isolate: true }).format(soldOut)).toBe('عذرًا، نفدت تذاكر \u2068Camping (VIP)\u2069.');
    expect(createTranslator('ar', arabic).format(soldOut)).toBe('عذرًا، نفدت تذاكر Camping (VIP).');
    // In a left-to-right sentence only a value with right-to-left letters is isolated; English stays as it was.
    expect(createTranslator('en', {}, undefined, { isolate: true }).format(soldOut)).toBe('Sorry, Camping (VIP) is sold out.');
    expect(createTranslator('en', {}, undefined, { isolate: true }).format(messages.cart.soldOut('تذكرة'))).toBe('Sorry, \u2068تذكرة\u2069 is sold out.');
    expect(isolatedValue('', 'rtl')).toBe('');
    expect(isolatedValue('NWF-42', 'rtl')).toBe('\u2068NWF-42\u2069');
    expect(isolatedValue('Łukasz', 'ltr')).toBe('Łukasz');
  });

  it('formats numbers and plurals in the language', () => {
    expect(english(messages.cart.cartHoldLimit(30))).toBe('One cart can reserve at most 30 items. Please check out this cart before adding more.');
    expect(english(messages.fields.tooLong(1))).toBe('This field can have at most 1 character.');
    expect(english(messages.fields.tooLong(4000))).toBe('This field can have at most 4,000 characters.');
    expect(createTranslator('de', { 'fields.tooLong': '{maximum, plural, one {# Zeichen} other {# Zeichen}}' }).format(messages.fields.tooLong(4000))).toBe('4.000 Zeichen');
  });

  it('says a message the catalogue lacks in English, never as its id, and reports it once', () => {
    const missing: string[] = [];
    const translator = createTranslator('nl', {}, (id) => missing.push(id));
    expect(translator.format(messages.cart.empty)).toBe('Your Cart is empty.');
    expect(translator.format(messages.cart.empty)).toBe('Your Cart is empty.');
    expect(missing).toEqual(['cart.empty']);
  });

  it('never lets a text pass for a string', () => {
    expect(() => `${messages.cart.empty}`).toThrow(/cart\.empty was used as a string/);
    expect(() => String(messages.cart.soldOut('Camping'))).toThrow(/cart\.soldOut/);
    expect(english('an organiser’s own words')).toBe('an organiser’s own words');
  });

  it('refuses one id declared with two different texts', () => {
    expect(() => message({ id: 'cart.empty', defaultMessage: 'Nothing here.' })).toThrow(/declared twice/);
  });
});
