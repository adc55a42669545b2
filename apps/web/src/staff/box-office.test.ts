import { english, questionDefinition, questionMessages, type BoxOfficeItem } from '@festival/contract';
import { describe, expect, it } from 'vitest';
import { answerProblems, basketProblem, basketTotals, changeQuantity, maxUnits, payloadIndexOf, sellPayload, unitPriceOf, type Basket } from './box-office';

const item = (code: string, over: Partial<BoxOfficeItem> = {}): BoxOfficeItem => ({
  code,
  name: code,
  kind: 'merchandise',
  price: 1000,
  fee: 50,
  left: 10,
  sold_out: false,
  limit_per_order: 0,
  needs: { holder: false, age: false, departure: false },
  departures: [],
  departs_at: null,
  ...over,
});
const words = { needBuyer: 'buyer', needEmailToPayLater: 'email', needDeparture: (name: string) => `departure ${name}`, needAge: (name: string) => `age ${name}` };

describe('the box office basket', () => {
  const ticket = item('WEEKEND', { kind: 'ticket', price: 18950, fee: 250, limit_per_order: 2, needs: { holder: true, age: true, departure: false } });
  const shuttle = item('SHUTTLE', { kind: 'transport', left: null, needs: { holder: true, age: false, departure: true } });
  const tee = item('TEE', { left: 1 });
  const items = new Map([ticket, shuttle, tee].map((one) => [one.code, one]));

  it('adds and removes units within what is left and the limit per order, a holder per ticket', () => {
    let basket: Basket = {};
    basket = changeQuantity(basket, ticket, 1);
    basket = changeQuantity(basket, ticket, 1);
    basket = changeQuantity(basket, ticket, 1);
    expect(basket.WEEKEND!.quantity).toBe(2);
    expect(basket.WEEKEND!.holders).toHaveLength(2);
    basket = changeQuantity(changeQuantity(basket, tee, 1), tee, 1);
    expect(basket.TEE).toEqual({ quantity: 1, departureId: '', holders: [] });
    basket = changeQuantity(basket, tee, -1);
    expect(basket.TEE).toBeUndefined();
    expect(maxUnits(item('X', { sold_out: true }))).toBe(0);
    expect(maxUnits(item('X', { left: null }))).toBe(50);
  });

  it('totals price and fee, and says what is missing before selling', () => {
    const basket: Basket = { WEEKEND: { quantity: 1, departureId: '', holders: [{ full_name: '', email: '', age: '' }] }, SHUTTLE: { quantity: 2, departureId: '', holders: [] }, TEE: { quantity: 1, departureId: '', holders: [] } };
    expect(basketTotals(basket, items)).toEqual({ units: 4, total: 19200 + 2 * 1050 + 1050 });
    expect(basketProblem(basket, items, { email: 'a@example.org', full_name: ' ' }, words)).toBe('buyer');
    // No address: paid at the desk, its tickets printed there; paying later needs the e-mailed link (decision 0076).
    expect(basketProblem(basket, items, { email: '', full_name: 'A' }, words, 'pay_later')).toBe('email');
    expect(basketProblem(basket, items, { email: '', full_name: 'A' }, words, 'cash')).toBe('age WEEKEND');
    expect(basketProblem(basket, items, { email: 'a@example.org', full_name: 'A' }, words)).toBe('age WEEKEND');
    basket.WEEKEND!.holders[0]!.age = '25-34';
    expect(basketProblem(basket, items, { email: 'a@example.org', full_name: 'A' }, words)).toBe('departure SHUTTLE');
    basket.SHUTTLE!.departureId = '7';
    expect(basketProblem(basket, items, { email: 'a@example.org', full_name: 'A' }, words)).toBeNull();
  });

  it('puts empty holders in the buyer’s name, and sends departures and ages only where asked', () => {
    const basket: Basket = {
      WEEKEND: { quantity: 2, departureId: '', holders: [{ full_name: '', email: '', age: '18-24' }, { full_name: ' Kim ', email: 'kim@example.org', age: '25-34' }] },
      SHUTTLE: { quantity: 1, departureId: '7', holders: [{ full_name: '', email: '', age: '' }] },
      TEE: { quantity: 1, departureId: '', holders: [] },
    };
    expect(sellPayload(basket, items, { email: ' buyer@example.org ', full_name: 'Bea Buyer' }, 'cash')).toEqual({
      buyer: { email: 'buyer@example.org', full_name: 'Bea Buyer' },
      payment: 'cash',
      lines: [
        { code: 'WEEKEND', quantity: 2, holders: [{ full_name: 'Bea Buyer', email: 'buyer@example.org', age: '18-24' }, { full_name: 'Kim', email: 'kim@example.org', age: '25-34' }] },
        { code: 'SHUTTLE', quantity: 1, departure_id: 7, holders: [{ full_name: 'Bea Buyer', email: 'buyer@example.org' }] },
        { code: 'TEE', quantity: 1 },
      ],
    });
  });
});

describe('the desk’s price (decision 0100)', () => {
  const tee = item('TEE', { price: 2995, fee: 50 });
  const tote = item('TOTE', { price: 1500, fee: 0 });
  const items = new Map([tee, tote].map((one) => [one.code, one]));
  const priceWords = { ...words, needPrice: (name: string) => `price ${name}`, needPriceReason: (name: string) => `reason ${name}` };

  it('totals a line at the typed price with the item’s fee, and the list price when nothing or nonsense is typed', () => {
    const basket: Basket = { TEE: { quantity: 2, departureId: '', holders: [], price: '19,99', priceReason: 'Misprint' }, TOTE: { quantity: 1, departureId: '', holders: [] } };
    expect(basketTotals(basket, items, 'EUR')).toEqual({ units: 3, total: 2 * (1999 + 50) + 1500 });
    expect(unitPriceOf(tee, { price: '' }, 'EUR')).toBe(2995);
    expect(unitPriceOf(tee, { price: 'abc' }, 'EUR')).toBe(2995);
    expect(unitPriceOf(tee, { price: '5' }, 'JPY')).toBe(5);
  });

  it('asks for an amount and a reason before selling at a changed price', () => {
    const basket: Basket = { TEE: { quantity: 1, departureId: '', holders: [], price: 'cheap', priceReason: '' } };
    expect(basketProblem(basket, items, { email: '', full_name: 'A' }, priceWords, 'cash', 'EUR')).toBe('price TEE');
    basket.TEE!.price = '10.00';
    expect(basketProblem(basket, items, { email: '', full_name: 'A' }, priceWords, 'cash', 'EUR')).toBe('reason TEE');
    basket.TEE!.priceReason = ' Stain ';
    expect(basketProblem(basket, items, { email: '', full_name: 'A' }, priceWords, 'cash', 'EUR')).toBeNull();
  });

  it('sends the changed price in minor units with its reason, only on the changed line, and knows each line’s place in the payload', () => {
    const basket: Basket = { TOTE: { quantity: 1, departureId: '', holders: [] }, TEE: { quantity: 1, departureId: '', holders: [], price: '10', priceReason: ' Stain ' } };
    expect(sellPayload(basket, items, { email: '', full_name: 'A' }, 'cash', 'EUR').lines).toEqual([
      { code: 'TOTE', quantity: 1 },
      { code: 'TEE', quantity: 1, price: 1000, price_reason: 'Stain' },
    ]);
    expect(payloadIndexOf(basket, items, 'TEE')).toBe(1);
    expect(payloadIndexOf({ GONE: { quantity: 1, departureId: '', holders: [] }, ...basket }, items, 'TEE')).toBe(1);
  });

  it('asks a product’s questions at the desk by the contract’s rule: each holder’s and the order’s, the problems at the fields the shop names, the answers sent as kept (decision 0106)', () => {
    const parking = item('PARKING', {
      kind: 'add_on',
      needs: { holder: true, age: false, departure: false },
      questions: [
        questionDefinition.parse({ code: 'plate', kind: 'text', label: 'Number plate', required: true }),
        questionDefinition.parse({ code: 'spaces', kind: 'number', label: 'Spaces', min: 1, max: 3 }),
        questionDefinition.parse({ code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' }),
      ],
    });
    const all = new Map([tee, parking].map((one) => [one.code, one]));
    let basket: Basket = changeQuantity(changeQuantity(changeQuantity({}, tee, 1), parking, 1), parking, 1);
    expect(answerProblems(basket, all, {}, 'en')).toEqual({
      'lines.1.holders.0.answers.plate': questionMessages.required('Number plate'),
      'lines.1.holders.1.answers.plate': questionMessages.required('Number plate'),
      'answers.PARKING.contact': questionMessages.required('Emergency contact'),
    });
    basket = { ...basket, PARKING: { ...basket.PARKING!, holders: [{ full_name: 'Ann', email: '', age: '', answers: { plate: ' AB-1 ', spaces: '2' } }, { full_name: '', email: '', age: '', answers: { plate: 'CD-2', spaces: '9' } }] } };
    const wrong = answerProblems(basket, all, { PARKING: { contact: 'Mum' } }, 'en');
    expect(Object.keys(wrong)).toEqual(['lines.1.holders.1.answers.spaces']);
    expect(english(wrong['lines.1.holders.1.answers.spaces']!)).toBe(english(questionMessages.numberRange(1, 3)));
    basket.PARKING!.holders[1]!.answers = { plate: 'CD-2', spaces: '' };
    const payload = sellPayload(basket, all, { email: 'b@example.org', full_name: 'Bea' }, 'cash', 'EUR', { PARKING: { contact: ' Mum ' } }, 'en');
    expect(payload.lines[1]!.holders!.map((holder) => holder.answers)).toEqual([{ plate: 'AB-1', spaces: 2 }, { plate: 'CD-2' }]);
    expect(payload.answers).toEqual({ PARKING: { contact: 'Mum' } });
    // Without questions, nothing of the kind is sent.
    expect(sellPayload(changeQuantity({}, tee, 1), all, { email: '', full_name: 'Bea' }, 'cash').answers).toBeUndefined();
  });
});
