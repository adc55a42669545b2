import path from 'node:path';
import { getShopItemAnswer, shopItem, type ShopItem } from '@festival/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/databases';
import { createTestShop, DEMO_CATALOGUE, type TestShop } from '../../../test/test-shop';
import { importCatalogue, readCatalogueFile } from './catalogue-import';

const HOSTILE_DESCRIPTION =
  '<p onclick="steal()">Bring a raincoat.<img src="/x.png" onerror="alert(1)"><script>alert(2)</script>' +
  '<a href="javascript:alert(3)">Click</a> <a href="https://example.org/map">Site map</a></p>';

/** Spec section 3's shop item fields for tickets, transport and merchandise, as get-shop-item answers them. */
describe.each(testEngines())('get-shop-item on %s', (engine) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(engine, { catalogue: false });
    // The demo catalogue, with organiser HTML that tries everything a description must not do.
    const catalogue = readCatalogueFile(DEMO_CATALOGUE);
    const camping = catalogue.products.find((product) => product.code === 'NWF27-CAMPING')!;
    camping.description = HOSTILE_DESCRIPTION;
    await importCatalogue(shop.database.db, catalogue, path.dirname(DEMO_CATALOGUE));
  });
  afterAll(async () => {
    await shop?.close();
  });

  const item = async (code: string): Promise<ShopItem> => {
    const answer = await shop.call('get-shop-item', { external_code: code });
    expect(answer.status).toBe(200);
    // Every field of the contract, and nothing more (a product's questions only where it has some: decision 0106).
    const fields = Object.keys(shopItem.shape).filter((field) => field !== 'questions' || 'questions' in answer.body.item);
    expect(Object.keys(answer.body.item).sort()).toEqual(fields.sort());
    return getShopItemAnswer.parse(answer.body).item;
  };

  it('answers a ticket with its price, fee, payment plan, refund and change rules', async () => {
    const ticket = await item('NWF27-WEEKEND-PLAN');
    expect(ticket).toMatchObject({
      external_code: 'NWF27-WEEKEND-PLAN',
      shop_item_type: 'tickets',
      type: 'ticket',
      name: 'Weekend ticket (pay in 4)',
      price: 18950,
      fee: 350,
      in_stock: true,
      stock_level: 500,
      limit_per_order: 1,
      has_payment_plan: true,
      is_refundable: true,
      travel_time_type: null,
      travel_times: [],
    });
    expect(ticket.event).not.toBeNull();
    expect(ticket.payment_plan).toEqual([
      { amount: 4900, units: 'days', count: 0 },
      { amount: 4800, units: 'weeks', count: 4 },
      { amount: 4800, units: 'months', count: 2 },
      { amount: 4800, units: 'months', count: 3 },
    ]);
    expect(ticket.payment_plan!.reduce((sum, entry) => sum + entry.amount, 0)).toBe(ticket.price + ticket.fee);
    expect(new Date(ticket.allow_refund_requests_until!).toISOString()).toBe('2027-05-31T21:59:59.000Z');
    expect(ticket.shop_image).toMatch(/^\/media\/[a-f0-9]{32}\.\w+$/);
    expect(ticket.shop_image_2).toMatch(/^\/media\/[a-f0-9]{32}\.\w+$/);
    expect(ticket.shop_image_3).toBeNull();
  });

  it('answers transport with every travel time, sold out, remaining or untracked', async () => {
    const shuttle = await item('NWF27-SHUTTLE');
    expect(shuttle).toMatchObject({ shop_item_type: 'tickets', type: 'transport', travel_time_type: 'selectable', price: 1750, fee: 100, limit_per_order: 6 });
    const seats = shuttle.travel_times.map((time) => [new Date(time.travel_time).toISOString(), time.remaining]);
    expect(seats).toEqual([
      ['2027-06-18T08:00:00.000Z', 60],
      ['2027-06-18T10:00:00.000Z', 0],
      ['2027-06-18T12:00:00.000Z', 60],
      ['2027-06-18T14:00:00.000Z', null],
      ['2027-06-19T08:00:00.000Z', 40],
    ]);
    expect(new Date(shuttle.allow_travel_time_changes_until!).toISOString()).toBe('2027-06-14T21:59:59.000Z');
    expect(shuttle.timezone).toBeTruthy();
  });

  it('answers merchandise without an event, fee or travel times', async () => {
    const shirt = await item('NWF27-TEE-LINEUP');
    expect(shirt).toMatchObject({
      shop_item_type: 'merchandise',
      type: 'shirt',
      name: 'Line-up T-shirt',
      price: 2995,
      fee: 0,
      event: null,
      stock_level: 400,
      is_featured: true,
      limit_per_order: 5,
      has_payment_plan: false,
      payment_plan: null,
      travel_time_type: null,
      travel_times: [],
    });
  });

  it('a clear 404 for an unknown code, and 422 for none at all', async () => {
    const missing = await shop.call('get-shop-item', { external_code: 'NO-SUCH-ITEM' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This item does not exist or is no longer on sale.');
    const empty = await shop.call('get-shop-item', { external_code: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.external_code).toBeTruthy();
  });

  it('returns organiser HTML without scripts, event handlers or javascript: links, keeping the rest', async () => {
    const camping = await item('NWF27-CAMPING');
    const html = camping.shop_description;
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/alert\(2\)/);
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).toContain('Bring a raincoat.');
    expect(html).toContain('<a href="https://example.org/map"');
    // get-data carries the same clean text.
    const { body } = await shop.call('get-data', {});
    const listed = (body.data.products as ShopItem[]).find((product) => product.external_code === 'NWF27-CAMPING')!;
    expect(listed.shop_description).toBe(html);
  });
});
