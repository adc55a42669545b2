import { english, messages, type ClientConfig, type PaymentMethodChoice, type Voucher, type VoucherTerms } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { testCartProduct } from '../../../test/test-cart';
import { addressPayload, cartEventSettings, cartPaymentPlan, checkoutAmounts, checkoutBlocked, checkoutProblem, differsFromSaved, offeredPaymentMethods, paymentChoice, previewInvoice, type CheckoutInput } from './checkout-form';

const lines = [
  { text: 'Street and number', required: true },
  { text: 'Address line 2', required: false },
  { text: 'City', required: true },
];
const card: PaymentMethodChoice = { method: 'credit_card', forced: false };

function input(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    country: 'NL',
    address: ['Main street 1', '', 'Amsterdam'],
    hasMerchandise: false,
    shippingName: 'Jane Doe',
    shippingCountry: 'NL',
    shippingAddress: [null, null, null],
    choice: card,
    acceptTerms: true,
    ...overrides,
  };
}

const events: ClientConfig['events'] = {
  '1': { ageRangeActive: false, creditCardActive: true, bankTransferActive: true, bankTransferCountries: ['NL', 'BE'] },
  '2': { ageRangeActive: false, creditCardActive: false, bankTransferActive: true, bankTransferCountries: ['NL'] },
  '3': { ageRangeActive: false, creditCardActive: true, bankTransferActive: false, bankTransferCountries: [] },
};
const bankDetails = { accountHolder: 'Festival BV', iban: 'NL00BANK0123456789', bic: 'BANKNL2A', referencePrefix: 'NWF' };
const offering = { events, paymentMethods: { credit_card: 'Credit card', bank_transfer: 'Bank transfer' }, bankTransfer: bankDetails };
const ticketOf = (eventId: number | null, id = eventId ?? 0) => testCartProduct({ id, product: { event_id: eventId } });

describe('the checkout checks (spec section 5, in order)', () => {
  it('asks for the country first', () => {
    expect(checkoutProblem(input({ country: '', address: ['', '', ''], acceptTerms: false, choice: { method: null, error: messages.checkout.noPaymentMethods } }), lines)).toBe(english(messages.checkout.countryRequired));
  });

  it('then the shipping country, for merchandise only', () => {
    expect(checkoutProblem(input({ hasMerchandise: true, shippingCountry: '', address: ['', '', ''] }), lines)).toBe(english(messages.checkout.shippingCountryRequired));
    expect(checkoutProblem(input({ hasMerchandise: false, shippingCountry: '' }), lines)).toBeNull();
  });

  it('then lists the required fields left empty: billing lines, the shipping name and shipping lines', () => {
    expect(checkoutProblem(input({ address: [' ', '', ''] }), lines)).toBe(english(messages.checkout.fillOutFields(['Street and number', 'City'])));
    expect(checkoutProblem(input({ hasMerchandise: true, shippingName: ' ', shippingAddress: [null, '', ''] }), lines)).toBe(
      english(messages.checkout.fillOutFields(['Full name', 'City (shipping)'])),
    );
    // A shipping line that follows the billing address is listed once, as the billing line.
    expect(checkoutProblem(input({ hasMerchandise: true, address: ['', '', 'Amsterdam'] }), lines)).toBe(english(messages.checkout.fillOutFields(['Street and number'])));
    // Without merchandise the shipping fields do not count.
    expect(checkoutProblem(input({ shippingName: '', shippingAddress: ['', '', ''] }), lines)).toBeNull();
  });

  it('names a line by its label in the page’s language, and sends the address under the lines’ keys', () => {
    const german = lines.map((line, index) => ({ ...line, label: ['Straße und Hausnummer', 'Adresszusatz', 'Ort'][index] }));
    expect(checkoutProblem(input({ address: [' ', '', ''], hasMerchandise: true, shippingAddress: [null, null, ''] }), german)).toBe(
      english(messages.checkout.fillOutFields(['Straße und Hausnummer', 'Ort', 'Ort (shipping)'])),
    );
    expect(addressPayload(german, ['Hauptstraße 1', '', 'Köln'])).toEqual({ 'Street and number': 'Hauptstraße 1', 'Address line 2': '', City: 'Köln' });
  });

  it('then a payment method, then the terms', () => {
    expect(checkoutProblem(input({ choice: { method: null, error: messages.checkout.noPaymentMethods }, acceptTerms: false }), lines)).toBe(english(messages.checkout.noPaymentMethods));
    expect(checkoutProblem(input({ acceptTerms: false }), lines)).toBe(english(messages.checkout.acceptTerms));
    expect(checkoutProblem(input({ choice: { method: 'voucher', forced: true } }), lines)).toBeNull();
  });
});

describe('the Checkout button', () => {
  it('is disabled without a country, when shipping is unavailable, or without a payment method', () => {
    expect(checkoutBlocked({ country: '', shippingUnavailable: false, choice: card })).toBe(english(messages.checkout.countryRequired));
    expect(checkoutBlocked({ country: 'NL', shippingUnavailable: true, choice: card })).toBe(english(messages.checkout.shippingUnavailable));
    expect(checkoutBlocked({ country: 'NL', shippingUnavailable: false, choice: { method: null, error: messages.checkout.noPaymentMethods } })).toBe(english(messages.checkout.noPaymentMethods));
    expect(checkoutBlocked({ country: 'NL', shippingUnavailable: false, choice: { method: 'voucher', forced: true } })).toBeNull();
    expect(checkoutBlocked({ country: 'NL', shippingUnavailable: false, choice: card })).toBeNull();
  });
});

describe('the payment method of a cart', () => {
  it("takes the settings of each of the cart's events once; merchandise has none", () => {
    const cart = { products: [ticketOf(1, 1), ticketOf(1, 2), ticketOf(3), ticketOf(null)] };
    expect(cartEventSettings(cart, events)).toEqual([events['1'], events['3']]);
  });

  it('offers bank transfer only with bank details configured', () => {
    expect(offeredPaymentMethods(offering)).toEqual({ creditCard: true, bankTransfer: true });
    expect(offeredPaymentMethods({ ...offering, bankTransfer: null })).toEqual({ creditCard: true, bankTransfer: false });
    expect(offeredPaymentMethods({ ...offering, paymentMethods: { bank_transfer: 'Bank transfer' } })).toEqual({ creditCard: false, bankTransfer: true });
  });

  it('lets the customer choose between card and transfer where both are allowed, card by default', () => {
    const cart = { products: [ticketOf(1)] };
    expect(paymentChoice({ cart, config: offering, country: 'NL', chosen: null, discountCoversTotal: false })).toEqual({
      allowed: ['credit_card', 'bank_transfer'],
      choice: { method: 'credit_card', forced: false },
    });
    expect(paymentChoice({ cart, config: offering, country: 'NL', chosen: 'bank_transfer', discountCoversTotal: false }).choice).toEqual({ method: 'bank_transfer', forced: false });
  });

  it('forces the only allowed method: card outside the bank-transfer countries, transfer where cards are off', () => {
    expect(paymentChoice({ cart: { products: [ticketOf(1)] }, config: offering, country: 'DE', chosen: 'bank_transfer', discountCoversTotal: false }).choice).toEqual({ method: 'credit_card', forced: true });
    expect(paymentChoice({ cart: { products: [ticketOf(2)] }, config: offering, country: 'NL', chosen: null, discountCoversTotal: false }).choice).toEqual({ method: 'bank_transfer', forced: true });
  });

  it('finds none when the events allow nothing in the country, unless a voucher covers the order', () => {
    const cart = { products: [ticketOf(2)] };
    expect(paymentChoice({ cart, config: offering, country: 'DE', chosen: null, discountCoversTotal: false }).choice).toEqual({ method: null, error: messages.checkout.noPaymentMethods });
    expect(paymentChoice({ cart, config: offering, country: 'DE', chosen: null, discountCoversTotal: true }).choice).toEqual({ method: 'voucher', forced: true });
  });
});

describe('the amounts of a checkout', () => {
  const plan = [
    { amount: 5000, units: 'days' as const, count: 0 },
    { amount: 14300, units: 'months' as const, count: 1 },
  ];

  /** A voucher as validate-voucher answers it. */
  const voucher = (code: string, terms: Partial<VoucherTerms> & Pick<VoucherTerms, 'kind'>, discount = 0): Voucher => ({
    code,
    discount_amount: discount,
    terms: { discount_amount: null, percent: null, product: null, products: null, ...terms },
  });
  const fixed = (code: string, amount: number) => voucher(code, { kind: 'fixed', discount_amount: amount }, amount);
  // An invoice of one weekend ticket (€193.00), or of a ticket, a T-shirt (€25.00) and €4.95 shipping.
  const item = (external_code: string, price: number) => ({ external_code, price });
  const ticketOnly = { total: 19300, items: [item('NWF27-WEEKEND', 19300)] };
  const mixed = { total: 19300 + 2500 + 495, items: [item('NWF27-WEEKEND', 19300), item('NWF27-TEE', 2500)] };

  it('takes the voucher off the total', () => {
    expect(checkoutAmounts(ticketOnly, fixed('TEN', 1000), null)).toEqual({ total: 19300, discount: 1000, toPay: 18300, discountCoversTotal: false, voucherExceedsOrder: false });
  });

  it('covers the whole order with a voucher worth as much or more, and warns when it is worth more', () => {
    const small = { total: 5000, items: [item('NWF27-PARKING', 5000)] };
    expect(checkoutAmounts(small, fixed('BIG', 5000), null)).toMatchObject({ discount: 5000, toPay: 0, discountCoversTotal: true, voucherExceedsOrder: false });
    expect(checkoutAmounts(small, fixed('BIG', 7500), null)).toMatchObject({ discount: 5000, toPay: 0, discountCoversTotal: true, voucherExceedsOrder: true });
  });

  it('computes a percentage, a product-limited and a free-product voucher on the invoice shown, as the checkout will (decision 0096)', () => {
    // 10 % of the lines, not of the shipping: 2,180 of 21,800.
    expect(checkoutAmounts(mixed, voucher('TENPC', { kind: 'percentage', percent: 10 }), null)).toMatchObject({ discount: 2180, toPay: mixed.total - 2180, voucherExceedsOrder: false });
    // 50 % of the T-shirt alone.
    expect(checkoutAmounts(mixed, voucher('SHIRTHALF', { kind: 'percentage', percent: 50, products: ['NWF27-TEE'] }), null)).toMatchObject({ discount: 1250 });
    // €30 off the T-shirt takes its €25 and says the rest is lost.
    expect(checkoutAmounts(mixed, voucher('SHIRT30', { kind: 'fixed', discount_amount: 3000, products: ['NWF27-TEE'] }), null)).toMatchObject({ discount: 2500, voucherExceedsOrder: true, discountCoversTotal: false });
    expect(checkoutAmounts(mixed, voucher('FREESHIRT', { kind: 'free_product', product: 'NWF27-TEE' }), null)).toMatchObject({ discount: 2500, toPay: 19300 + 495 });
    // The shipping added once a country is chosen changes a gift card's discount, not the voucher.
    expect(checkoutAmounts({ ...mixed, total: 19300 + 2500 }, fixed('GIFT', 50_000), null).discount).toBe(21800);
    expect(checkoutAmounts(mixed, fixed('GIFT', 50_000), null).discount).toBe(mixed.total);
  });

  it('ignores a voucher with a payment plan and asks for the initial payment now', () => {
    expect(checkoutAmounts(ticketOnly, fixed('TEN', 1000), plan)).toEqual({ total: 19300, discount: 0, toPay: 5000, discountCoversTotal: false, voucherExceedsOrder: false });
  });

  it("finds the cart's payment plan", () => {
    expect(cartPaymentPlan({ products: [ticketOf(1)] })).toBeNull();
    expect(cartPaymentPlan({ products: [testCartProduct({ product: { has_payment_plan: true, payment_plan: plan } })] })).toEqual(plan);
  });
});

describe('the address payload', () => {
  it('keys the lines by their configured text, trimmed', () => {
    expect(addressPayload(lines, [' Main street 1 ', '', 'Amsterdam'])).toEqual({ 'Street and number': 'Main street 1', 'Address line 2': '', City: 'Amsterdam' });
  });

  it('keys them by the default language’s text on a page in another language, and names the missing ones in the page’s', () => {
    // The lines as a German page has them (configIn): the default's text as the key, the German label.
    const german = [
      { text: 'Street and number', label: 'Straße und Hausnummer', required: true },
      { text: 'Address line 2', label: 'Adresszusatz', required: false },
      { text: 'City', label: 'Ort', required: true },
    ];
    expect(addressPayload(german, ['Damrak 1', '', 'Amsterdam'])).toEqual({ 'Street and number': 'Damrak 1', 'Address line 2': '', City: 'Amsterdam' });
    expect(differsFromSaved('NL', ['Main street 1', '', 'Amsterdam'], { country: 'NL', address: { 'Street and number': 'Main street 1', City: 'Amsterdam' } }, german)).toBe(false);
    expect(checkoutProblem(input({ address: ['', '', ''] }), german)).toBe(english(messages.checkout.fillOutFields(['Straße und Hausnummer', 'Ort'])));
    expect(checkoutProblem(input({ hasMerchandise: true, shippingAddress: [null, null, ''] }), german)).toBe(english(messages.checkout.fillOutFields(['Ort (shipping)'])));
  });
});

describe('before a country is chosen (decision 0070)', () => {
  it("previews the cart's lines at price plus fee, without shipping or taxes", () => {
    const ticket = testCartProduct({ id: 1, price: 18950, fee: 350, full_name: 'Jane Doe' });
    const preview = previewInvoice({ products: [ticket], merchandise: [{ id: 5, merchandise: { name: 'Festival T-shirt', external_code: 'NWF27-TEE' }, price: 2500, fee: 100 }] });
    expect(preview.items.map((item) => [item.name, item.shop_item_type, item.full_name, item.price])).toEqual([
      [ticket.product.name, 'tickets', 'Jane Doe', 19300],
      ['Festival T-shirt', 'merchandise', null, 2600],
    ]);
    expect(preview).toMatchObject({ shipping: null, total: 21900, tax: {} });
  });

  it('tells a typed billing address apart from the saved one, blanks and spaces aside', () => {
    const saved = { country: 'NL', address: { 'Street and number': 'Main street 1', City: 'Amsterdam' } };
    expect(differsFromSaved('NL', ['Main street 1 ', '', 'Amsterdam'], saved, lines)).toBe(false);
    expect(differsFromSaved('BE', ['Main street 1', '', 'Amsterdam'], saved, lines)).toBe(true);
    expect(differsFromSaved('NL', ['Main street 2', '', 'Amsterdam'], saved, lines)).toBe(true);
    expect(differsFromSaved('NL', ['Main street 1', 'Floor 2', 'Amsterdam'], saved, lines)).toBe(true);
    expect(differsFromSaved('NL', ['Main street 1', '', 'Amsterdam'], { country: null, address: {} }, lines)).toBe(true);
  });
});
