/**
 * Catalogue files that break a YAML reader (issue 33 point 7): alias bombs, merge keys, nesting
 * past the reader's stack, duplicate keys, tabs, huge scalars, odd unicode, a document that is one
 * value or a list, several documents, YAML 1.1's tags. Each must come back as problems with lines,
 * never a failure of the server, and none may hold its event loop.
 */
const lines = (count: number, line: (index: number) => string) => Array.from({ length: count }, (_, index) => line(index)).join('\n');

/** Nine anchors, each nine aliases of the one before: 9^9 values if expanded. */
const laughs = ['events: &a0 [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 8 }, (_, level) => `x${level + 1}: &a${level + 1} [${Array(9).fill(`*a${level}`).join(', ')}]`)].join('\n');

export const PARSER_BOMBS: Readonly<Record<string, string>> = {
  'billion laughs': laughs,
  'a hundred and more aliases through merge keys': `base: &b {code: A, name: A, timezone: Europe/Amsterdam}\nevents:\n${lines(150, () => '  - <<: *b')}\n`,
  'merge keys of a list of aliases': `base: &b {code: A}\nevents:\n${lines(120, () => '  - <<: [*b, *b, *b]')}\n`,
  'an alias without its anchor': 'events: *nowhere\n',
  'flow nesting past the stack': `events:\n${lines(5, () => '['.repeat(4000))}\n`,
  'block nesting past the stack': lines(2000, (depth) => `${' '.repeat(depth)}a:`),
  'duplicate keys': 'events: []\nproducts: []\nevents: []\n',
  'tabs as indentation': 'events:\n\t- code: A\n',
  'a huge block scalar': `products:\n  - code: BIG\n    description: |\n${lines(30_000, () => `      ${'x'.repeat(100)}`)}\n`,
  'unknown keys as long as a line may be': `events:\n  - code: A\n${lines(800, (index) => `    ${String(index).padStart(4, '0')}${'k'.repeat(3985)}: 1`)}\n`,
  'lone surrogates and replacement characters': 'events:\n  - code: "\uD800"\n    name: \uFFFD\uDFFF\n',
  'a document that is one value': 'just a line of text\n',
  'a document that is a list': '- events\n- products\n',
  'several documents': 'events: []\n---\nproducts: []\n',
  'YAML 1.1 tags and merge keys': '%YAML 1.1\n---\nbase: &b {code: A}\nevents:\n  - <<: *b\n    starts_at: 2027-06-18\n    name: !!binary AAAA\n',
  'unknown tags': 'events: !!js/function "function () {}"\nproducts: !custom {a: 1}\n',
  'an unclosed flow collection': 'events: [{code: A, name: B\n',
  'an unterminated quoted scalar': 'events:\n  - code: "A\n',
  'a byte order mark and control characters': '\uFEFFevents:\n  - code: A\u0007\u001b[2J\n',
};

/** A file as large as an upload may be (under 4 MiB, 48,000 lines), every entry broken in several fields. */
export function brokenEntries(count = 48_000): string {
  return `products:\n${lines(count, (index) => `  - {code: X${index}, price: -1, name: "", tax: 7, event: [], type: BAD, stock: -5}`)}\n`;
}
