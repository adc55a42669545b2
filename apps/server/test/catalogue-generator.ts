import YAML from 'yaml';

/**
 * A large catalogue for the tests of the catalogue file (issue 37 point 7): by default 50 events
 * with 40 products each (2,000: entry tickets, day tickets, add-ons, fixed and selectable transport,
 * payment plans), 200 merchandise items, 300 vouchers, shipping rates, check-in lists and on-sales,
 * with names and descriptions in German and Dutch, sale and refund windows, questions of every
 * kind (decision 0106), and images from the
 * demo's folder (`images/...`). The same options always give the same file (a seeded generator),
 * valid by the importer's rules.
 */
export interface GeneratedCatalogueOptions {
  events?: number;
  productsPerEvent?: number;
  merchandise?: number;
  vouchers?: number;
  /** The demo's images the items name (relative to the demo's folder). */
  images?: readonly string[];
  seed?: number;
}

const ZONES = [
  { zone: 'Europe/Amsterdam', summer: '+02:00' },
  { zone: 'Europe/London', summer: '+01:00' },
  { zone: 'America/New_York', summer: '-04:00' },
  { zone: 'Asia/Tokyo', summer: '+09:00' },
] as const;
const ADD_ONS = ['camping', 'parking', 'locker', 'glamping'] as const;
const COUNTRIES = ['NL', 'BE', 'DE', 'LU', 'FR', 'AT', 'ES', 'PL', 'DK', 'IT'] as const;
const DEMO_IMAGES = ['images/weekend-ticket.webp', 'images/camping.webp', 'images/parking.webp', 'images/shirt-lineup.webp'];

/** A small deterministic generator (mulberry32): the same seed, the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability: number) => next() < probability,
    pick: <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * Two to four questions for the `n`-th product: each kind in turn (text with a length, choice and
 * several choices with translated options, number and date with their ranges, yes/no), per ticket
 * and per order, required, shown at the gate, and now and then archived; labels in German and
 * Dutch. Drawn from `n` alone, so the file stays what the seed makes it.
 */
function questionsFor(n: number): Record<string, unknown>[] {
  const options = [
    { code: 's', label: 'Small', translations: { de: { label: 'Klein' }, nl: { label: 'Klein' } } },
    { code: 'm', label: 'Medium', translations: { de: { label: 'Mittel' } } },
    { code: 'l', label: 'Large' },
  ];
  const all: Record<string, unknown>[] = [
    { code: 'company', kind: 'text', label: 'Company', max_length: 80, translations: { de: { label: 'Firma' }, nl: { label: 'Bedrijf' } } },
    { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, at_gate: true, options, translations: { de: { label: 'T-Shirt-Größe' } } },
    { code: 'diet', kind: 'multi', label: 'Dietary needs', per: 'order', options: [{ code: 'vegan', label: 'Vegan', translations: { nl: { label: 'Veganistisch' } } }, { code: 'gluten', label: 'No gluten' }] },
    { code: 'group', kind: 'number', label: 'People in your group', min: 1, max: 12, translations: { nl: { label: 'Mensen in je groep' } } },
    { code: 'arrival', kind: 'date', label: 'Arrival day', earliest: '2027-06-01', latest: '2027-08-31', per: 'order', translations: { de: { label: 'Anreisetag' } } },
    { code: 'first', kind: 'yes_no', label: 'Your first time here?', required: true, translations: { de: { label: 'Zum ersten Mal hier?' }, nl: { label: 'Voor het eerst hier?' } } },
  ];
  const count = 2 + (n % 3);
  return Array.from({ length: count }, (_, index) => all[(n + index) % all.length]!).map((question, index) => (n % 11 === 0 && index === count - 1 ? { ...question, archived: true } : question));
}

export function generateCatalogue(options: GeneratedCatalogueOptions = {}): Record<string, unknown[]> {
  const eventCount = options.events ?? 50;
  const perEvent = options.productsPerEvent ?? 40;
  const images = options.images ?? DEMO_IMAGES;
  const rng = random(options.seed ?? 37);
  const events: Record<string, unknown>[] = [];
  const products: Record<string, unknown>[] = [];
  const lists: Record<string, unknown>[] = [];
  const onsales: Record<string, unknown>[] = [];

  for (let e = 1; e <= eventCount; e += 1) {
    const code = `EV${pad(e, 3)}`;
    const { zone, summer } = ZONES[e % ZONES.length]!;
    // Each event a three-day festival in summer 2027, a day later than the one before.
    const date = (offset: number) => new Date(Date.UTC(2027, 5, e + offset)).toISOString().slice(0, 10);
    const at = (offset: number, time: string) => `${date(offset)}T${time}${summer}`;
    events.push({
      code,
      name: `Festival ${e} 2027`,
      timezone: zone,
      // One archived event, its products with it (decision 0101); no draw, so the rest stays as it was.
      ...(e === 2 ? { archived: true } : {}),
      ...(rng.chance(0.8) ? { starts_at: at(0, '12:00:00') } : {}),
      ...(rng.chance(0.3) ? { age_range_active: true } : {}),
      ...(rng.chance(0.2) ? { credit_card_active: false, bank_transfer_active: true } : rng.chance(0.3) ? { bank_transfer_active: true, bank_transfer_countries: ['NL', 'BE'] } : {}),
      ...(rng.chance(0.7) ? { translations: { de: { name: `Festival ${e} 2027 (de)` }, ...(rng.chance(0.5) ? { nl: { name: `Festival ${e} 2027 (nl)` } } : {}) } } : {}),
    });
    const entrance: unknown[] = [];
    const boarding: unknown[] = [];
    const inRoom: string[] = [];
    for (let p = 1; p <= perEvent; p += 1) {
      const productCode = `${code}-P${pad(p, 3)}`;
      const kind = p % 10;
      const price = rng.int(5, 400) * 50;
      const fee = rng.chance(0.6) ? rng.int(0, 20) * 25 : 0;
      const product: Record<string, unknown> = {
        code: productCode,
        event: code,
        type: kind <= 3 ? 'ticket' : kind <= 6 ? rng.pick(ADD_ONS) : kind <= 8 ? 'transport' : 'ticket',
        name: `Product ${p} of festival ${e}`,
        price,
        ...(fee ? { fee } : {}),
        tax: rng.pick(['low', 'high', 'reduced']),
        ...(rng.chance(0.85) ? { stock: rng.int(0, 5000) } : {}),
        ...(rng.chance(0.1) ? { featured: true } : {}),
        ...(rng.chance(0.05) ? { on_sale: false, ...(rng.chance(0.5) ? { force_view: true } : {}) } : {}),
        ...(rng.chance(0.2) ? { on_sale_from: at(-90, '10:00:00'), ...(rng.chance(0.5) ? { on_sale_until: at(-1, '23:59:59') } : {}) } : {}),
        ...(rng.chance(0.7) ? { limit_per_order: rng.int(1, 10) } : {}),
        sort: p * 10,
        ...(rng.chance(0.6) ? { images: Array.from({ length: rng.int(1, 2) }, (_, index) => images[(p + index) % images.length]) } : {}),
        ...(rng.chance(0.8) ? { description: `<p>Product <strong>${p}</strong> of festival ${e}: ${'music, art and good company '.repeat(rng.int(1, 6))}</p>` } : {}),
        ...(rng.chance(0.5) ? { refund: { refundable: true, ...(rng.chance(0.5) ? { fee: rng.int(1, 10) * 100 } : {}), ...(rng.chance(0.5) ? { from: '2026-10-01T00:00:00+02:00' } : {}), until: at(-14, '23:59:59') } } : {}),
        ...(rng.chance(0.4) ? { name_changes: { allowed: true, until: at(-7, '23:59:59'), limit: rng.int(0, 3) } } : {}),
        ...(rng.chance(0.4) ? { email_changes: true } : {}),
        ...(rng.chance(0.6)
          ? {
              translations: {
                de: { name: `Produkt ${p} von Festival ${e}`, ...(rng.chance(0.5) ? { description: `<p>Produkt ${p}: Musik und Kunst.</p>` } : {}) },
                ...(rng.chance(0.5) ? { nl: { name: `Product ${p} van festival ${e}` } } : {}),
              },
            }
          : {}),
      };
      // Price tiers (decision 0099) on every fifth product without a payment plan: an early bird until a moment, then the first units. Drawn without the generator's random numbers, so the rest stays as it was.
      if (kind !== 9 && p % 5 === 2) product.tiers = [{ price: Math.max(0, price - 1000), until: at(-60, '00:00:00') }, { price: Math.max(0, price - 500), units: 50 + p }];
      if (product.type === 'transport') {
        product.transport =
          kind === 7
            ? { travel_time_type: 'fixed', travel_time: at(0, '11:30:00'), ...(rng.chance(0.5) ? { changes_until: at(-3, '23:59:59') } : {}) }
            : {
                travel_time_type: 'selectable',
                travel_times: Array.from({ length: rng.int(1, 4) }, (_, index) => ({ time: at(0, `${pad(10 + index * 2)}:00:00`), ...(rng.chance(0.7) ? { seats: rng.int(0, 80) } : {}) })),
                ...(rng.chance(0.5) ? { changes_until: at(-3, '23:59:59') } : {}),
              };
        boarding.push(productCode);
      } else if (kind === 9) {
        // A payment plan: the amounts add up to price + fee.
        const total = price + fee;
        const first = Math.floor(total / 4);
        product.payment_plan = [
          { amount: first, units: 'days', count: 0 },
          { amount: first, units: 'weeks', count: 4 },
          { amount: total - 2 * first, units: 'months', count: 2 },
        ];
        entrance.push(productCode);
      } else if (product.type === 'ticket') {
        // Every third ticket a day ticket: its own day, or its days on the entrance only.
        if (p % 3 === 0) {
          product.days = [date(rng.int(0, 2))];
          entrance.push(productCode);
        } else if (p % 3 === 1 && rng.chance(0.5)) entrance.push({ product: productCode, days: [date(1), date(2)] });
        else entrance.push(productCode);
      } else if (rng.chance(0.5)) entrance.push({ product: productCode, days: 'every' });
      if (p <= 3) inRoom.push(productCode);
      // Every add-on numbered 4 requires its event's first product, an entry ticket (decision 0104); no draw, so the rest stays as it was.
      if (kind === 4) product.requires = [`${code}-P001`];
      // Every fourth product asks questions (decision 0106), of each kind in turn, with translations; no draw, so the rest stays as it was.
      if (p % 4 === 1) product.questions = questionsFor(e * perEvent + p);
      products.push(product);
    }
    lists.push({
      code: `${code}-GATE`,
      event: code,
      name: `Entrance of festival ${e}`,
      products: entrance,
      ...(rng.chance(0.5) ? { entry: 'alternating' } : {}),
      opens_at: at(0, '09:00:00'),
      closes_at: at(3, '04:00:00'),
      ...(rng.chance(0.3) ? { day_cutover: '05:30' } : {}),
      ...(rng.chance(0.6) ? { gates: ['North', 'South'] } : {}),
    });
    if (boarding.length) {
      lists.push({ code: `${code}-BUS`, event: code, name: `Buses of festival ${e}`, products: boarding, ...(rng.chance(0.5) ? { boarding: { before_minutes: 20, after_minutes: rng.int(0, 30) } } : {}) });
    }
    if (e % 5 === 0) {
      const admission = rng.pick([{ rate_per_minute: 600 }, { max_active: 2000 }, { max_active: 2000, rate_per_minute: 500 }, { steer: { min_per_minute: 300, max_per_minute: 6000 } }, { steer: { min_per_minute: 100, max_per_minute: 900, target_p99_ms: 250 } }]);
      onsales.push({
        code: `${code}-SALE`,
        event: code,
        opens_at: `2026-11-${pad(1 + (e % 28))}T10:00:00+01:00`,
        ...(rng.chance(0.5) ? { room_opens_minutes_before: rng.int(0, 120) } : {}),
        ...(rng.chance(0.5) ? { closes_at: `2026-11-${pad(1 + (e % 28))}T22:00:00+01:00` } : {}),
        products: inRoom,
        admission,
        ...(rng.chance(0.5) ? { session_minutes: rng.int(5, 60) } : {}),
        ...(rng.chance(0.3) ? { proof_of_work: { bits: rng.int(1, 20) } } : {}),
      });
    }
  }

  const merchandise = Array.from({ length: options.merchandise ?? 200 }, (_, index) => ({
    code: `MERCH-${pad(index + 1, 4)}`,
    type: rng.pick(['shirt', 'hoodie', 'poster', 'bag']),
    name: `Merchandise ${index + 1}`,
    price: rng.int(5, 100) * 100 - 5,
    ...(index % 7 === 3 ? { tiers: [{ price: 995, units: 100 + index }] } : {}),
    tax: 'high',
    ...(rng.chance(0.8) ? { stock: rng.int(0, 500) } : {}),
    ...(rng.chance(0.1) ? { featured: true } : {}),
    ...(rng.chance(0.5) ? { images: [images[index % images.length]] } : {}),
    ...(rng.chance(0.3) ? { refund: { refundable: true, until: '2027-08-31T23:59:59+02:00' } } : {}),
    ...(rng.chance(0.5) ? { translations: { de: { name: `Fanartikel ${index + 1}` }, nl: { name: `Merchandise ${index + 1} (nl)`, description: '<p>Katoen.</p>' } } } : {}),
  })).map((item, index) => {
    // Every tenth item in sizes (decision 0104), its stock per size; no draw, so the rest stays as it was.
    if (index % 10 !== 4) return item;
    const { stock: _stock, ...group } = item;
    return {
      ...group,
      variants: [
        { code: `${item.code}-S`, label: 'S', stock: 10 + index },
        { code: `${item.code}-M`, label: 'M', translations: { de: { label: 'Mittel' } } },
        { code: `${item.code}-L`, label: 'L', stock: 0, on_sale: false },
      ],
    };
  });

  // Every kind of voucher (decision 0096): fixed amounts, percentages and a free product, some limited to products and per customer.
  const productCodes = products.map((product) => product.code as string);
  const someProducts = () => Array.from(new Set(Array.from({ length: rng.int(1, 3) }, () => productCodes[rng.int(0, productCodes.length - 1)]!)));
  const vouchers = Array.from({ length: options.vouchers ?? 300 }, (_, index) => ({
    code: `CODE${pad(index + 1, 4)}`,
    name: `Voucher ${index + 1}`,
    ...[
      () => ({ discount_amount: rng.int(1, 50) * 100 }),
      () => ({ kind: 'percentage', percent: rng.int(1, 100) }),
      () => ({ kind: 'free_product', product: productCodes[rng.int(0, productCodes.length - 1)] }),
    ][index % 3]!(),
    ...(index % 3 !== 2 && rng.chance(0.3) ? { products: someProducts() } : {}),
    ...(rng.chance(0.3) ? { max_uses_per_customer: rng.int(1, 4) } : {}),
    ...(rng.chance(0.6) ? { max_uses: rng.int(1, 1000) } : {}),
    ...(rng.chance(0.3) ? { valid_from: '2026-10-01T00:00:00+02:00' } : {}),
    ...(rng.chance(0.3) ? { valid_until: '2027-07-31T23:59:59+02:00' } : {}),
    ...(rng.chance(0.1) ? { active: false } : {}),
  }));

  return {
    events,
    tax_rates: [
      { code: 'high', name: 'VAT 21%', rate: 21 },
      { code: 'low', name: 'VAT 9%', rate: 9 },
      { code: 'reduced', name: 'VAT 5.5%', rate: 5.5 },
      // No item takes an archived rate (decision 0101).
      { code: 'former', name: 'VAT 6%', rate: 6, archived: true },
    ],
    products,
    merchandise,
    vouchers,
    shipping_rates: COUNTRIES.map((country, index) => ({ country, name: `${country} parcel`, ...(index % 3 === 0 ? { type: 'express' } : {}), price: 495 + index * 100, ...(index === 1 ? { archived: true } : {}) })),
    checkin_lists: lists,
    onsales,
  };
}

/** The generated catalogue as YAML text. */
export const generatedCatalogueText = (options: GeneratedCatalogueOptions = {}) => YAML.stringify(generateCatalogue(options));
