import { describe, expect, it } from 'vitest';
import { addressPartOf, postalAddressLines } from './postal-address';

/** The demo shop's address lines, without parts: the labels say what each is. */
const demoLines = [
  { text: 'Street and number', required: true },
  { text: 'Address line 2', required: false },
  { text: 'Postcode', required: true },
  { text: 'City', required: true },
];
const address = { City: 'Amsterdam', Postcode: '1012 LG', 'Street and number': 'Damrak 1', 'Address line 2': '' };

describe('postalAddressLines: the billing address in its country’s order', () => {
  it('prints street, then postcode and city, then the country for the Netherlands, Germany, France and Belgium', () => {
    // Stored in any key order (the invoice printed city, postcode, street).
    expect(postalAddressLines(address, demoLines, { code: 'NL', name: 'Netherlands' })).toEqual(['Damrak 1', '1012 LG Amsterdam', 'Netherlands']);
    for (const [code, name, city, postcode] of [
      ['DE', 'Germany', 'Berlin', '10115'],
      ['FR', 'France', 'Paris', '75001'],
      ['BE', 'Belgium', 'Brussel', '1000'],
    ] as const) {
      expect(postalAddressLines({ 'Street and number': 'Hauptstraße 5', 'Address line 2': 'Hinterhaus', Postcode: postcode, City: city }, demoLines, { code, name })).toEqual(['Hauptstraße 5', 'Hinterhaus', `${postcode} ${city}`, name]);
    }
  });

  it('puts the UK postcode on its own line after the post town', () => {
    expect(postalAddressLines({ 'Street and number': '10 Downing Street', Postcode: 'SW1A 2AA', City: 'London' }, demoLines, { code: 'GB', name: 'United Kingdom' })).toEqual(['10 Downing Street', 'London', 'SW1A 2AA', 'United Kingdom']);
  });

  it('writes "City, ST 12345" in the United States with a configured region line', () => {
    const lines = [{ text: 'Street' }, { text: 'City' }, { text: 'State' }, { text: 'ZIP code' }];
    expect(postalAddressLines({ Street: '1600 Amphitheatre Pkwy', City: 'Mountain View', State: 'CA', 'ZIP code': '94043' }, lines, { code: 'US', name: 'United States' })).toEqual([
      '1600 Amphitheatre Pkwy',
      'Mountain View, CA 94043',
      'United States',
    ]);
  });

  it('takes a configured part over the label, and defaults to postcode before city for countries without a layout', () => {
    const lines = [{ text: 'Adres' }, { text: 'Kod', part: 'postcode' as const }, { text: 'Miejscowość', part: 'city' as const }];
    expect(postalAddressLines({ Adres: 'ul. Świętokrzyska 5', Kod: '00-001', Miejscowość: 'Warszawa' }, lines, { code: 'PL', name: 'Poland' })).toEqual(['ul. Świętokrzyska 5', '00-001 Warszawa', 'Poland']);
    expect(postalAddressLines({ 'Street and number': 'Rua Augusta 1', Postcode: '1100-048', City: 'Lisboa' }, demoLines, { code: 'PT', name: 'Portugal' })).toEqual(['Rua Augusta 1', '1100-048 Lisboa', 'Portugal']);
  });

  it('leaves out empty lines and a missing country, and keeps lines under labels no longer configured', () => {
    expect(postalAddressLines({ Postcode: '8000 NW', City: 'Windhaven', 'Old label': 'Box 7' }, demoLines, null)).toEqual(['Box 7', '8000 NW Windhaven']);
    expect(postalAddressLines(null, demoLines, { code: 'NL', name: 'Netherlands' })).toEqual(['Netherlands']);
  });

  it('recognises postcode, city and region by their labels', () => {
    expect(['Postcode', 'Postal code', 'ZIP', 'Eircode', 'City', 'Town', 'County', 'State / Province', 'Street and number', 'Address line 2'].map((text) => addressPartOf({ text }))).toEqual([
      'postcode',
      'postcode',
      'postcode',
      'postcode',
      'city',
      'city',
      'region',
      'region',
      'street',
      'street',
    ]);
  });
});
