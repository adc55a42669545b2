import fc from 'fast-check';

/** How much fuzzing a run does: 1 in `npm test`, more with `npm run fuzz` (FUZZ_SCALE). */
export const FUZZ_SCALE = Math.max(0.1, Number(process.env.FUZZ_SCALE ?? '1') || 1);
/** A fixed seed replays a failure that a run printed (FUZZ_SEED). */
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/**
 * "A few milliseconds": what a hostile text may cost the server's CPU beyond the same call with its
 * normal value (or with the same text cut short, where the text takes the call down another
 * path). A refused 60,000-character payload costs about 1 ms; 12 leaves room for a loaded CI
 * machine (a garbage collection or a compilation landing in one measurement), while a super-linear
 * check costs seconds at these lengths.
 */
export const CPU_MARGIN_MS = 12;

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

/**
 * Ids and counts no 32-bit column holds, or no id is: past 2^31-1, 64-bit, huge, fractional,
 * negative, and the same as digits in text (forms send numbers as text). 2^31-1 itself is an id
 * that exists nowhere: not found, never a failing query.
 */
export const ODD_IDS: readonly unknown[] = [2 ** 31, 2 ** 31 - 1, 2 ** 32, 2 ** 53 - 1, 2 ** 53 + 2, 2 ** 63, -1, 0, -(2 ** 31) - 1, 1e300, 1.5, 1e-300, '2147483648', '9223372036854775807', '1e300', '1.5', '-1', '0x7fffffff'];

/**
 * What a mail library or a relay could read as more than one mailbox, as a display name or as
 * routing, in an e-mail field: lists, angle brackets, names, groups, comments, quoted strings,
 * header breaks, percent and bang routing, encoded words. Each is refused wherever an address is taken.
 */
export const NOT_ONE_MAILBOX: readonly string[] = [
  'owner@example.org,victim@example.net',
  'owner@example.org, victim@example.net',
  'owner@example.org;victim@example.net',
  'owner@example.org victim@example.net',
  'owner@example.org<victim@example.net>',
  '<victim@example.net>',
  'Owner <owner@example.org>',
  '"a" <b@example.org>',
  '"victim@example.net" <owner@example.org>',
  '"quoted"@example.org',
  'owner@example.org (victim@example.net)',
  'owner@example.org\r\nBcc: victim@example.net',
  'owner@example.org\nBcc: victim@example.net',
  'owner@example.org\rCc: victim@example.net',
  'group: owner@example.org, victim@example.net;',
  'victim%example.net@example.org',
  'victim!example.net@example.org',
  '@relay.example.org:victim@example.net',
  '=?utf-8?q?victim=40example.net?=@example.org',
  '=?utf-8?b?dmljdGltQGV4YW1wbGUubmV0?= <owner@example.org>',
  'owner@example.org%2cvictim@example.net',
  'owner%40example.org',
  'owner@[127.0.0.1]',
  'owner@example.org\u0085',
  'owner@exa\u202emple.org',
  'owner@exam\u200bple.org',
  'mailto:owner@example.org',
];

const localPart = fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?$/);
const mailbox = fc.tuple(localPart, fc.constantFrom('example.org', 'example.net', 'mail.example.co.uk')).map(([local, domain]) => `${local}@${domain}`);
/** Generated address lists and named addresses, in every separator and bracket a parser might take. */
export const hostileAddress: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NOT_ONE_MAILBOX),
  fc.tuple(mailbox, fc.constantFrom(',', ', ', ';', ' ', '\t', '\r\n', '\n', '<', ' <', '\u0085', '\u2028'), mailbox).map(([a, separator, b]) => `${a}${separator}${b}${separator.includes('<') ? '>' : ''}`),
  fc.tuple(fc.string({ maxLength: 20 }), mailbox).map(([name, address]) => `${JSON.stringify(name)} <${address}>`),
  fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), mailbox).map(([name, address]) => `${name} <${address}>`),
  fc.tuple(mailbox, mailbox).map(([a, b]) => `${a} (${b})`),
  fc.array(mailbox, { minLength: 2, maxLength: 50 }).map((list) => list.join(',')),
);

/**
 * Control and format characters in a text: C0 (CR, LF, ESC, BEL, backspace), DEL, C1 (NEL, CSI),
 * ANSI escape sequences that move a terminal's cursor or recolour it, bidi overrides and
 * isolates, zero-width characters.
 */
export const CONTROL_TEXTS: readonly string[] = [
  'Jane\r\nBcc: victim@example.org',
  'Jane\rX-Injected: 1',
  'Jane\nSubject: hijacked',
  'Jane\u001b[2J\u001b[H',
  '37.00\u001b[1D0.00',
  '\u001b]8;;https://evil.example/\u001b\\link\u001b]8;;\u001b\\',
  'Jane\u0007\u0008\u007f',
  'Jane\u0085Doe\u009b31m',
  '\u202eenaJ\u202c',
  'Jane\u2066\u2067\u2068\u2069\u200e\u200f\u061c',
  'Ja\u200bne\u200c\u200d\u2060\ufeff',
  'line\u2028separator\u2029',
  '=?utf-8?b?SmFuZQ0KQmNjOiB2aWN0aW1AZXhhbXBsZS5vcmc=?=',
];

/** What one text may take of a request body: a payload with it still fits the 64 KiB limit. */
const TEXT_BODY_BYTES = 60_000;

/**
 * Texts that make a backtracking pattern or a careless loop do quadratic (or worse) work, each
 * `length` characters long, or as long as fits the body limit in JSON: runs of `@`, `a@`, dots,
 * white space, hyphens, unicode.
 */
export function longTexts(length: number): Record<string, string> {
  const run = (unit: string) => {
    const unitBytes = Buffer.byteLength(JSON.stringify(unit)) - 2;
    const units = Math.min(Math.ceil(length / unit.length), Math.floor(TEXT_BODY_BYTES / unitBytes));
    return unit.repeat(units).slice(0, length);
  };
  return {
    '@': run('@'),
    'a@': run('a@'),
    '.': run('.'),
    'a.': run('a.'),
    'a@a.': run('a@a.'),
    spaces: run(' '),
    'tabs and line ends': run('\t\r\n'),
    '-': run('-'),
    é: run('\u00e9'),
    emoji: run('\u{1F600}'),
    'bidi and dots': run('\u202e.'),
    'letters then !': `${run('a').slice(0, length - 1)}!`,
  };
}

/** One hostile JSON value: wrong types, huge strings, unicode, null bytes, out-of-range numbers, nested junk. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 12 })).map((parts) => parts.join('')) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 70_000 }).map((length) => 'x'.repeat(length)) },
  { weight: 1, arbitrary: fc.integer({ min: 150, max: 5_000 }).map((length) => '\u00e9'.repeat(length)) },
  // Issue 18: long runs that cost a backtracking pattern quadratic time, in every field.
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(255, 4_000, 4_001, 30_000), fc.constantFrom(...Object.keys(longTexts(1)))).map(([length, kind]) => longTexts(length)[kind]!) },
  { weight: 2, arbitrary: hostileAddress },
  { weight: 2, arbitrary: fc.constantFrom(...CONTROL_TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
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
