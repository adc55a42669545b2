import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { API_PATHS, api } from './api';
import { INTEGER_COLUMN_MAX, INTEGER_COLUMN_MIN, PAYLOAD_TEXT_MAX, overlongTextFields } from './bounds';

interface Leaf {
  path: string;
  kind: 'string' | 'number';
  schema: z.core.$ZodType;
}

type Def = { type: string; checks?: { _zod: { def: Record<string, unknown> } }[] } & Record<string, unknown>;
const defOf = (schema: z.core.$ZodType) => schema._zod.def as unknown as Def;

/**
 * Every string and number a payload schema reads, with its path; a schema type the walk does not
 * know fails the test, so a new kind of field is looked at before it goes unbounded.
 */
function leaves(schema: z.core.$ZodType, path: string, out: Leaf[]): Leaf[] {
  const def = defOf(schema);
  const inner = (key: string) => def[key] as z.core.$ZodType;
  switch (def.type) {
    case 'string':
      out.push({ path, kind: 'string', schema });
      break;
    case 'number':
      out.push({ path, kind: 'number', schema });
      break;
    case 'boolean':
    case 'null':
    case 'literal':
    case 'enum':
    case 'transform':
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      leaves(inner('innerType'), path, out);
      break;
    case 'pipe':
      leaves(inner('in'), path, out);
      leaves(inner('out'), path, out);
      break;
    case 'object':
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) leaves(field, path ? `${path}.${key}` : key, out);
      break;
    case 'record':
      leaves(inner('keyType'), `${path}.<key>`, out);
      leaves(inner('valueType'), `${path}.<value>`, out);
      break;
    case 'array':
      leaves(inner('element'), `${path}[]`, out);
      break;
    case 'union':
      for (const option of def.options as z.core.$ZodType[]) leaves(option, path, out);
      break;
    default:
      throw new Error(`${path}: a payload schema of type ${def.type} that the bounds walk does not know`);
  }
  return out;
}

const checksOf = (schema: z.core.$ZodType) => (defOf(schema).checks ?? []).map((check) => check._zod.def);
const allLeaves = API_PATHS.flatMap((call) => leaves(api[call].payload, '', []).map((leaf) => ({ call, ...leaf })));

describe('payload bounds (issue 18: no input costs more than linear time, no number beyond a column)', () => {
  it('finds the texts and numbers of every call', () => {
    expect(allLeaves.filter((leaf) => leaf.kind === 'string').length).toBeGreaterThan(60);
    expect(allLeaves.filter((leaf) => leaf.kind === 'number').length).toBeGreaterThanOrEqual(9);
  });

  it('bounds every text of every payload before any other check, pattern or transform runs on it', () => {
    for (const leaf of allLeaves.filter((candidate) => candidate.kind === 'string')) {
      const checks = checksOf(leaf.schema);
      const bound = checks.findIndex((check) => check.check === 'max_length');
      const where = `${leaf.call} ${leaf.path}`;
      expect(bound, `${where} has no length bound`).toBeGreaterThanOrEqual(0);
      expect(checks[bound]!.maximum as number, where).toBeLessThanOrEqual(PAYLOAD_TEXT_MAX);
      // Without abort zod runs the later checks on a text already too long.
      expect(checks[bound]!.abort, `${where}: the length check must stop the field's later checks`).toBe(true);
      const earlier = checks.slice(0, bound).map((check) => check.check);
      expect(earlier.filter((check) => check !== 'overwrite' && check !== 'min_length'), `${where}: checks before the length bound`).toEqual([]);
    }
  });

  it('keeps every integer of every payload within the integer columns of the database', () => {
    for (const leaf of allLeaves.filter((candidate) => candidate.kind === 'number')) {
      const checks = checksOf(leaf.schema);
      const where = `${leaf.call} ${leaf.path}`;
      expect(checks.some((check) => check.check === 'number_format' && check.format === 'safeint'), `${where} is not a whole number`).toBe(true);
      const upper = checks.filter((check) => check.check === 'less_than').map((check) => Number(check.value));
      const lower = checks.filter((check) => check.check === 'greater_than').map((check) => Number(check.value));
      expect(upper.length && Math.min(...upper), `${where} has no upper bound within the columns`).toBeLessThanOrEqual(INTEGER_COLUMN_MAX);
      expect(upper.length, where).toBeGreaterThan(0);
      expect(lower.length, `${where} has no lower bound`).toBeGreaterThan(0);
      expect(Math.max(...lower), where).toBeGreaterThanOrEqual(INTEGER_COLUMN_MIN);
    }
  });

  it('refuses, in linear time, every payload text longer than any field takes', () => {
    expect(overlongTextFields({ a: 'x'.repeat(PAYLOAD_TEXT_MAX), b: { c: ['y'.repeat(PAYLOAD_TEXT_MAX + 1)] } }, 'long')).toEqual({ 'b.c.0': ['long'] });
    expect(overlongTextFields('z'.repeat(PAYLOAD_TEXT_MAX + 1), 'long')).toEqual({ _: ['long'] });
    expect(Object.keys(overlongTextFields({ ['k'.repeat(PAYLOAD_TEXT_MAX + 1)]: 1 }, 'long'))).toHaveLength(1);
  });
});

/** Texts that make a backtracking pattern or a careless loop do quadratic (or worse) work. */
function hostileTexts(length: number): Record<string, string> {
  return {
    at: '@'.repeat(length),
    'a@': 'a@'.repeat(length / 2),
    dots: '.'.repeat(length),
    'a.': 'a.'.repeat(length / 2),
    'a@a.': 'a@a.'.repeat(length / 4),
    spaces: ' '.repeat(length),
    'a ': 'a '.repeat(length / 2),
    tabs: '\t\n'.repeat(length / 2),
    hyphens: '-'.repeat(length),
    letters: 'a'.repeat(length),
    accents: '\u00e9'.repeat(length),
    emoji: '\u{1F600}'.repeat(length / 2),
    'bidi.': '\u202e.'.repeat(length / 2),
  };
}

describe('every payload schema on its own (no pre-parse cap) in linear time', () => {
  it('parses a 60,000-character hostile text in every field of every call within a few milliseconds', () => {
    const texts = hostileTexts(60_000);
    const slow: string[] = [];
    for (const call of API_PATHS) {
      const fields = new Set(allLeaves.filter((leaf) => leaf.call === call && leaf.kind === 'string').map((leaf) => leaf.path));
      for (const field of fields) {
        for (const [name, text] of Object.entries(texts)) {
          // The text at the field's place; a record's key is the text itself.
          const payload = field
            .split('.')
            .reduceRight<unknown>((inner, part) => (part === '<key>' ? { [text]: 'x' } : part === '<value>' ? { line: inner } : { [part]: inner }), text);
          let best = Infinity;
          // The least of a few runs: this machine's other work can land in any one (the old pattern took seconds).
          for (let run = 0; run < 4 && best > 10; run += 1) {
            const started = performance.now();
            api[call].payload.safeParse(payload);
            best = Math.min(best, performance.now() - started);
          }
          if (best > 10) slow.push(`${call} ${field} ${name}: ${best.toFixed(1)} ms`);
        }
      }
    }
    expect(slow).toEqual([]);
  });
});
