import * as contract from '@festival/contract';
import { expect } from 'vitest';

/**
 * Every text of the given catalogues, and the texts the contract exports on their own (such as
 * passwordTooShort), as patterns: plain texts match exactly, texts with placeholders (functions)
 * match with anything in their places.
 */
export function textPatterns(catalogues: readonly unknown[]): RegExp[] {
  const patterns: RegExp[] = [];
  const SLOT = '\u0001';
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** A message's English source as a pattern: each top-level placeholder (a value, a plural, a select) matches anything. */
  const sourcePattern = (source: string) => {
    let pattern = '';
    let depth = 0;
    for (const character of source) {
      if (character === '{') {
        if (depth === 0) pattern += '[\\s\\S]*';
        depth += 1;
      } else if (character === '}') depth -= 1;
      else if (depth === 0) pattern += escape(character);
    }
    return new RegExp(`^${pattern}$`);
  };
  const visit = (value: unknown) => {
    if (typeof value === 'string') patterns.push(new RegExp(`^${escape(value)}$`));
    else if (contract.isText(value) || (typeof value === 'function' && typeof (value as { defaultMessage?: unknown }).defaultMessage === 'string')) {
      patterns.push(sourcePattern((value as contract.Text).defaultMessage));
    } else if (typeof value === 'function') {
      // A placeholder is a text or a list of texts: an array of one slot joins to the slot.
      const fill = (value as (...args: unknown[]) => unknown).bind(null);
      let made: unknown;
      try {
        made = fill(SLOT, SLOT, SLOT, SLOT);
      } catch {
        made = fill([SLOT], [SLOT], [SLOT], [SLOT]);
      }
      // A function of the catalogues that makes a text: its English source, placeholders matching anything.
      if (contract.isText(made)) return void patterns.push(sourcePattern(made.defaultMessage));
      const text = String(made);
      patterns.push(new RegExp(`^${text.split(SLOT).map(escape).join('[\\s\\S]*')}$`));
    } else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  catalogues.forEach(visit);
  Object.values(contract).filter((value) => typeof value === 'string' || contract.isText(value)).forEach(visit);
  return patterns;
}

const CATALOGUE = textPatterns([contract.messages, contract.paymentMessages, contract.portalMessages, contract.waitingRoomMessages, contract.questionMessages]);
const inCatalogue = (text: unknown) => typeof text === 'string' && CATALOGUE.some((pattern) => pattern.test(text));

/**
 * A refusal whose texts `known` accepts: a 4xx with a message, and per-field texts, each one
 * known, so no internals (SQL, stack frames, driver errors) can reach an answer.
 */
export function expectRefusalOf(status: number, body: unknown, context: string, known: (text: unknown) => boolean): void {
  expect(status, context).toBeGreaterThanOrEqual(400);
  expect(status, context).toBeLessThan(500);
  const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
  expect(typeof message, `${context}: no message in ${JSON.stringify(body)}`).toBe('string');
  expect(known(message), `${context}: the message ${JSON.stringify(message)} is not one of the shop's texts`).toBe(true);
  if (errors === undefined) return;
  expect(errors && typeof errors === 'object' && !Array.isArray(errors), `${context}: errors is not a field map`).toBe(true);
  for (const [field, texts] of Object.entries(errors as Record<string, unknown>)) {
    expect(Array.isArray(texts) && texts.length > 0, `${context}: errors.${field}`).toBe(true);
    for (const text of texts as unknown[]) expect(known(text), `${context}: errors.${field} holds ${JSON.stringify(text)}, not one of the shop's texts`).toBe(true);
  }
}

/**
 * A refusal as the web app shows it (spec section 8): a message, and per-field texts, each one of
 * the contract's texts, so no internals (SQL, stack frames, driver errors) can reach an answer.
 */
export function expectClearRefusal(status: number, body: unknown, context: string): void {
  expectRefusalOf(status, body, context, inCatalogue);
}
