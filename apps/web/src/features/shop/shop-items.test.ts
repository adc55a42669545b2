import { shopFrontMessages, english } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { featuredItems, galleryImages, itemPrice, priceNote, productPath, typeLabel } from './shop-items';
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
