import { catalogueFieldMessages, productFieldMessages, type CatalogueItemView } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { textsFormOf } from '../catalogue-page';
import { duplicateItemFormOf, duplicateTextsOf, emptyItemForm, itemFormFieldOf, itemProblemSentence, newPaymentRow, prepareNewItem, serverItemProblems, withoutRow, type NewItemForm } from './item-form';

const AMSTERDAM = 'Europe/Amsterdam';
const form = (overrides: Partial<NewItemForm> = {}): NewItemForm => ({ ...emptyItemForm('product', { event: 'NWF27', tax: 'low' }), code: 'NWF27-VIP', name: 'VIP pass', price: '125.00', ...overrides });
const prepared = (overrides: Partial<NewItemForm> = {}) => prepareNewItem(form(overrides), 'EUR', AMSTERDAM);

describe('the new item form', () => {
  it('sends an entry ticket as the file writes it, money in minor units', () => {
    expect(prepared({ fee: '2.50', stock: '100', limitPerOrder: '4' })).toEqual({
      ok: true,
      item: expect.objectContaining({ kind: 'product', code: 'NWF27-VIP', event: 'NWF27', type: 'ticket', price: 12500, fee: 250, tax: 'low', stock: 100, limit_per_order: 4, transport: null, payment_plan: null, images: [] }),
    });
  });

  it('sends an add-on with its own type word and refuses one that is not a lower-case word, at the type', () => {
    expect(prepared({ productKind: 'addon', type: 'camping' })).toMatchObject({ ok: true, item: { type: 'camping' } });
    expect(prepared({ productKind: 'addon', type: 'Camping spot' })).toEqual({ ok: false, problems: { type: expect.objectContaining({ id: productFieldMessages.productType.id }) } });
  });

  it('sends a fixed departure and selectable departures with their seats, read on the event’s clocks', () => {
    expect(prepared({ productKind: 'transport', transport: 'fixed', travelTime: '2027-06-18T10:00' })).toMatchObject({
      ok: true,
      item: { type: 'transport', transport: { travel_time_type: 'fixed', travel_time: '2027-06-18T10:00:00+02:00' } },
    });
    const rows = [
      { time: '2027-06-18T09:00', seats: '40' },
      { time: '2027-06-18T11:00', seats: '' },
    ];
    expect(prepared({ productKind: 'transport', transport: 'selectable', departures: rows })).toMatchObject({
      ok: true,
      item: { transport: { travel_time_type: 'selectable', travel_times: [{ time: '2027-06-18T09:00:00+02:00', seats: 40 }, { time: '2027-06-18T11:00:00+02:00', seats: null }] } },
    });
  });

  it('refuses transport without its departure, and two departures at one time, at their fields', () => {
    expect(prepared({ productKind: 'transport', transport: 'fixed', travelTime: '' })).toEqual({ ok: false, problems: { travel_time: expect.objectContaining({ id: productFieldMessages.travelTimeRequired.id }) } });
    expect(prepared({ productKind: 'transport', transport: 'selectable', departures: [] })).toEqual({ ok: false, problems: { departures: expect.objectContaining({ id: productFieldMessages.travelTimesRequired.id }) } });
    const twice = prepared({ productKind: 'transport', transport: 'selectable', departures: [{ time: '2027-06-18T09:00', seats: '' }, { time: '2027-06-18T09:00', seats: '5' }] });
    expect(twice).toEqual({ ok: false, problems: { 'departures.1.time': expect.objectContaining({ id: productFieldMessages.departureTwice.id }) } });
    expect(prepared({ productKind: 'transport', transport: 'selectable', departures: [{ time: 'soon', seats: '' }] })).toEqual({ ok: false, problems: { 'departures.0.time': catalogueFieldMessages.instant } });
  });

  it('sends a product’s required products and featured flag as the file writes them; a duplicate keeps them', () => {
    expect(prepared({ productKind: 'addon', type: 'camping', requires: ['NWF27-WEEKEND'], featured: true })).toMatchObject({ ok: true, item: { requires: ['NWF27-WEEKEND'], featured: true } });
    expect(prepared()).toMatchObject({ ok: true, item: { requires: null, featured: false } });
    expect(prepared({ requires: ['not a code'] })).toMatchObject({ ok: false, problems: { requires: catalogueFieldMessages.code } });
    expect(itemFormFieldOf('item.requires.1')).toBe('requires');
  });

  it('sends a sale window read on the event’s clocks, empty ends as none, and refuses an end before the start at the end', () => {
    expect(prepared({ onSaleFrom: '2026-10-01T10:00', onSaleUntil: '' })).toMatchObject({ ok: true, item: { on_sale_from: '2026-10-01T10:00:00+02:00', on_sale_until: null } });
    expect(prepared({ onSaleFrom: '2026-10-01T10:00', onSaleUntil: '2026-09-01T10:00' })).toMatchObject({ ok: false, problems: { on_sale_until: expect.anything() } });
  });

  it('sends a payment plan by rows; a plan of one payment is refused at the plan', () => {
    const plan = [
      { amount: '25.00', count: '0', units: 'days' as const },
      { amount: '100.00', count: '1', units: 'months' as const },
    ];
    expect(prepared({ plan })).toMatchObject({ ok: true, item: { payment_plan: [{ amount: 2500, units: 'days', count: 0 }, { amount: 10000, units: 'months', count: 1 }] } });
    expect(prepared({ plan: [newPaymentRow(true)].map((row) => ({ ...row, amount: '125.00' })) })).toEqual({ ok: false, problems: { plan: expect.objectContaining({ id: productFieldMessages.planTooShort.id }) } });
    expect(withoutRow(plan, 0)).toEqual([plan[1]]);
  });

  it('sends merchandise without an event, and refuses an amount that is not one', () => {
    const merchandise = { ...emptyItemForm('merchandise', { tax: 'high' }), code: 'NWF27-CAP', name: 'Cap', type: 'cap', price: '18' };
    expect(prepareNewItem(merchandise, 'EUR', AMSTERDAM)).toMatchObject({ ok: true, item: { kind: 'merchandise', type: 'cap', price: 1800 } });
    expect(prepareNewItem({ ...merchandise, price: '18.005' }, 'EUR', AMSTERDAM)).toMatchObject({ ok: false, problems: { price: expect.anything() } });
  });

  it('fills a duplicate from an item: code and name for a new one, its departures with their seats, on the event’s clocks', () => {
    const boat = {
      code: 'NWF27-BOAT',
      name: 'Boat',
      description: '<p>Across the lake</p>',
      translations: { de: { name: 'Boot', description: '<p>Über den See</p>' } },
      kind: 'product',
      type: 'transport',
      event: 'NWF27',
      price: 1500,
      tiers: [{ price: 1200, units: 20 }],
      fee: 0,
      tax: 'low',
      stock: null,
      sold: 3,
      held: 1,
      available: null,
      on_sale: true,
      on_sale_from: null,
      on_sale_until: null,
      selling_now: true,
      limit_per_order: 0,
      refund: { refundable: false, fee: 0, from: null, until: null },
      name_changes: { allowed: false, until: null, limit: 0 },
      email_changes: false,
      payment_plan: null,
      travel_time_type: 'selectable',
      travel_time: null,
      departures: [
        { id: 1, departs_at: '2027-06-18T07:00:00.000Z', seats: 40, sold: 3, held: 1, active: true, changed_here: false, active_changed_here: false },
        { id: 2, departs_at: '2027-06-18T09:00:00.000Z', seats: null, sold: 0, held: 0, active: false, changed_here: false, active_changed_here: true },
      ],
      archived: false,
      images: [],
      changed_here: [],
    } satisfies CatalogueItemView;
    const copy = duplicateItemFormOf(boat, 'EUR', AMSTERDAM);
    expect(copy).toMatchObject({ code: 'NWF27-BOAT-COPY', name: 'Boat (copy)', productKind: 'transport', transport: 'selectable', price: '15.00', departures: [{ time: '2027-06-18T09:00', seats: '40' }] });
    expect(prepareNewItem(copy, 'EUR', AMSTERDAM)).toMatchObject({ ok: true, item: { transport: { travel_times: [{ time: '2027-06-18T09:00:00+02:00', seats: 40 }] } } });
    // Its tiers and its texts in every language come with it.
    expect(copy.tiers).toEqual([{ price: '12.00', end: 'units', until: '', units: '20' }]);
    const languages = ['en', 'de'] as const;
    const texts = textsFormOf(duplicateTextsOf(boat), languages);
    expect(prepareNewItem(copy, 'EUR', AMSTERDAM, { form: texts, languages })).toMatchObject({
      ok: true,
      item: { name: 'Boat (copy)', description: '<p>Across the lake</p>', translations: { de: { name: 'Boot', description: '<p>Über den See</p>' } }, tiers: [{ price: 1200, units: 20 }] },
    });
  });

  it('sends price tiers and the texts in every language with the item; refuses tiers out of order at the tier', () => {
    const tiers = [
      { price: '65.00', end: 'until' as const, until: '2027-03-01T00:00', units: '' },
      { price: '70.00', end: 'units' as const, until: '', units: '100' },
    ];
    const languages = ['en', 'de'] as const;
    const texts = textsFormOf({ name: 'Weekend pass', description: '<p>Three days</p>', translations: { de: { name: 'Wochenendpass' } } }, languages);
    expect(prepareNewItem(form({ tiers }), 'EUR', AMSTERDAM, { form: texts, languages })).toMatchObject({
      ok: true,
      item: { name: 'Weekend pass', description: '<p>Three days</p>', translations: { de: { name: 'Wochenendpass' } }, tiers: [{ price: 6500, until: '2027-03-01T00:00:00+01:00' }, { price: 7000, units: 100 }] },
    });
    expect(prepared()).toMatchObject({ ok: true, item: { tiers: null } });
    expect(prepared()).not.toHaveProperty('item.translations');
    const late = [tiers[0]!, { ...tiers[0]!, price: '60.00', until: '2027-02-01T00:00' }];
    expect(prepared({ tiers: late })).toEqual({ ok: false, problems: { 'tiers.1.until': expect.objectContaining({ id: 'priceTierMessages.earlier' }) } });
    // A tier beside a payment plan is refused at the tiers, as the file's.
    const plan = [
      { amount: '25.00', count: '0', units: 'days' as const },
      { amount: '100.00', count: '1', units: 'months' as const },
    ];
    expect(prepared({ tiers, plan })).toEqual({ ok: false, problems: { tiers: expect.objectContaining({ id: 'priceTierMessages.noPlan' }) } });
    expect(itemFormFieldOf('item.tiers.1.until')).toBe('tiers.1.until');
    expect(itemFormFieldOf('item.translations.de.name')).toBe('translations.de.name');
    expect(itemFormFieldOf('item.translations.xx')).toBe('translations.xx');
  });

  it('places the shop’s refusals at the form’s fields and says a rule after the field’s label', () => {
    expect(itemFormFieldOf('item.transport.travel_times.1.seats')).toBe('departures.1.seats');
    expect(itemFormFieldOf('item.payment_plan')).toBe('plan');
    expect(itemFormFieldOf('item.refund.fee')).toBe('refund.fee');
    expect(itemFormFieldOf('item.code')).toBe('code');
    expect(serverItemProblems({ 'item.code': ['"X" is the code of another product or merchandise item'] })).toEqual({ code: '"X" is the code of another product or merchandise item' });
    expect(itemProblemSentence('type', productFieldMessages.productType, { type: 'Type' })).toBe('Type must be a lower-case word such as ticket, transport or camping.');
    expect(itemProblemSentence('code', 'Another sentence.', { code: 'Code' })).toBe('Another sentence.');
    expect(itemProblemSentence('code', '„X“ ist der Code eines anderen Produkts', { code: 'Code' })).toBe('Code „X“ ist der Code eines anderen Produkts.');
  });
});
