import fc from 'fast-check';

/** How much fuzzing a run does: 1 in `npm test`, more with `npm run fuzz` (FUZZ_SCALE). */
export const FUZZ_SCALE = Math.max(0.1, Number(process.env.FUZZ_SCALE ?? '1') || 1);
/** A fixed seed replays a failure that a run printed (FUZZ_SEED). */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** What attackers and broken clients send: injections, markup, control characters, odd unicode, odd numbers. */
export const FRAGMENTS = [
  "' OR '1'='1",
  "'; DROP TABLE customers; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "1' AND (SELECT count(*) FROM customers) > 0 --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '\uDFFF\uD800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x7fffffff',
  '99999999999999999999999',
  ' ',
  '',
  '\n',
  '\t\r\n',
  'null',
  'undefined',
  'true',
  'a@b',
  '@example.org',
  'x@example.org\r\nBcc: victim@example.org',
];

const ODD_NUMBERS = [0, -1, -0, 0.5, 1.5, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE];

/** One hostile JSON value: wrong types, huge strings, unicode, null bytes, out-of-range numbers, nested junk. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 70_000 }).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 5_000 }).map((length) => '\u00e9'.repeat(length)) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) },
);

const SNEAKY_KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'customer_id', 'customerId', 'status', 'total_price', 'payment_status', 'paid', 'is_admin', 'role'];

const without = (base: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(base).filter(([key]) => !keys.includes(key)));

/**
 * A payload broken from a well-formed one: fields replaced by hostile values, fields missing,
 * fields added (sneaky ones too), nested objects broken inside, or a hostile body altogether.
 */
export function hostilePayload(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  const nested = keys.filter((key) => base[key] !== null && typeof base[key] === 'object');
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { weight: 1, arbitrary: hostileValue },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.shuffledSubarray(keys, { minLength: 1, maxLength: Math.min(3, keys.length) }), fc.array(hostileValue, { minLength: 3, maxLength: 3 }))
        .map(([chosen, values]) => ({ ...base, ...Object.fromEntries(chosen.map((key, index) => [key, values[index]])) })),
    },
    { weight: 2, arbitrary: fc.subarray(keys, { minLength: 1 }).map((dropped) => without(base, dropped)) },
    {
      weight: 2,
      arbitrary: fc
        .dictionary(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...SNEAKY_KEYS)), hostileValue, { minKeys: 1, maxKeys: 3 })
        .map((extra) => ({ ...base, ...extra })),
    },
  ];
  if (nested.length) {
    variants.push({
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...nested), fc.string({ maxLength: 20 }), hostileValue).map(([key, inner, value]) => {
        const inside = base[key] as Record<string, unknown>;
        const innerKeys = Object.keys(inside);
        const target = innerKeys.length && inner.length % 2 === 0 ? innerKeys[inner.length % innerKeys.length]! : inner;
        return { ...base, [key]: { ...inside, [target]: value } };
      }),
    });
  }
  return fc.oneof(...variants);
}
