import { shopFrontMessages, english } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { featuredItems, galleryImages, itemPrice, nextPriceText, priceNote, productPath, typeLabel } from './shop-items';
import { formatDate, formatMoney } from '../../lib/format';
import { testShopItem } from '../../../test/test-shop-item';

const weekend = testShopItem({ id: 1, external_code: 'WEEKEND', type: 'ticket', is_featured: true });
const camping = testShopItem({ id: 2, external_code: 'CAMPING', type: 'camping' });
const glamping = testShopItem({ id: 3, external_code: 'GLAMPING', type: 'camping', in_stock: false, is_featured: true });
const shuttle = testShopItem({ id: 4, external_code: 'SHUTTLE', type: 'transport' });
const tickets = [weekend, camping, glamping, shuttle];

describe('typeLabel', () => {
  it('names the types of the spec', () => {
    expect(typeLabel('ticket')).toBe('Entry ticket');
    expect(typeLabel('transport')).toBe('Transport');
  });

  it('capitalises any other type and reads separators as spaces', () => {
    expect(typeLabel('camping')).toBe('Camping');
    expect(typeLabel('add_on')).toBe('Add on');
    expect(typeLabel('vip-upgrade')).toBe('Vip upgrade');
  });

  it('says the organiser’s name for a type first, in the page’s language (typeNames), never a name inherited from Object', () => {
    const names = { camping: 'Campingplatz', ticket: 'Festivalpass' };
    expect(typeLabel('camping', names)).toBe('Campingplatz');
    expect(typeLabel('ticket', names)).toBe('Festivalpass');
    expect(typeLabel('parking', names)).toBe('Parking');
    expect(typeLabel('constructor', names)).toBe('Constructor');
  });
});

describe('featuredItems', () => {
  const tee = testShopItem({ id: 9, external_code: 'TEE', shop_item_type: 'merchandise', type: 'shirt', is_featured: true });
  const data = { products: tickets, merchandise: [tee] };

  it('lists featured items that are in stock, tickets first', () => {
    expect(featuredItems(data, { merchandise: true }).map((shown) => shown.external_code)).toEqual(['WEEKEND', 'TEE']);
  });

  it('leaves merchandise out when its shop is off', () => {
    expect(featuredItems(data, { merchandise: false }).map((shown) => shown.external_code)).toEqual(['WEEKEND']);
  });

  it('is empty before the data is there', () => {
    expect(featuredItems(undefined, { merchandise: true })).toEqual([]);
  });
});

describe('prices', () => {
  it('shows price plus fee', () => {
    expect(itemPrice({ price: 18950, fee: 350 })).toBe(19300);
  });

  it("notes 'includes taxes' without a fee and 'includes taxes and booking fee' with one", () => {
    expect(priceNote(0)).toBe(english(shopFrontMessages.includesTaxes));
    expect(priceNote(0)).toBe('includes taxes');
    expect(priceNote(350)).toBe(english(shopFrontMessages.includesTaxesAndFee));
    expect(priceNote(1)).toBe('includes taxes and booking fee');
  });
});

describe('galleryImages', () => {
  it('keeps the images in order and skips empty slots', () => {
    expect(galleryImages(testShopItem({ shop_image: '/a', shop_image_2: null, shop_image_3: '/c', shop_image_4: '/d' }))).toEqual(['/a', '/c', '/d']);
    expect(galleryImages(testShopItem({}))).toEqual([]);
  });
});

describe('productPath', () => {
  it('puts the external code under the shop of the item', () => {
    expect(productPath({ shop_item_type: 'tickets', external_code: 'NWF27-WEEKEND' })).toBe('/tickets/NWF27-WEEKEND');
    expect(productPath({ shop_item_type: 'merchandise', external_code: 'TEE/1 A' })).toBe('/merchandise/TEE%2F1%20A');
  });
});

describe('nextPriceText (decision 0099)', () => {
  const format = (locale: string) => ({
    money: (minor: number) => formatMoney(minor, { currency: 'EUR', locale }),
    date: (value: string, timeZone?: string | null, style?: 'date' | 'dateTime') => formatDate(value, { locale, timeZone, style }),
  });
  const tiered = (next: { price: number; from: string | null; after_units: number | null } | null) => ({ ...testShopItem({ price: 4000 }), timezone: 'Europe/Amsterdam', next_price: next });

  it('says how much more from when, the moment in the event’s zone, its time only when not midnight there', () => {
    expect(english(nextPriceText(tiered({ price: 6000, from: '2027-02-28T23:00:00.000Z', after_units: null }), format('en-GB'))!)).toBe('€20.00 more from 1 Mar 2027');
    expect(english(nextPriceText(tiered({ price: 6000, from: '2027-03-01T09:00:00.000Z', after_units: null }), format('en-GB'))!)).toBe('€20.00 more from 1 Mar 2027, 10:00');
  });

  it('says how many are left at this price, one as the last', () => {
    expect(english(nextPriceText(tiered({ price: 6000, from: null, after_units: 40 }), format('en-GB'))!)).toBe('40 left at this price, then €20.00 more');
    expect(english(nextPriceText(tiered({ price: 6000, from: null, after_units: 1 }), format('en-GB'))!)).toBe('Last one at this price, then €20.00 more');
  });

  it('says nothing when the price stays or goes down', () => {
    expect(nextPriceText(tiered(null), format('en-GB'))).toBeNull();
    expect(nextPriceText(tiered({ price: 3000, from: null, after_units: 5 }), format('en-GB'))).toBeNull();
  });
});

