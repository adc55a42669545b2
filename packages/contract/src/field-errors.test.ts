import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages } from './messages';
import { getCartPayload, updateProductInCartPayload } from './cart';
import { issueText, nullCharacterFields } from './field-errors';

const { fields } = messages;
const textsOf = (result: z.ZodSafeParseResult<unknown>) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueText(issue)]));

describe('field texts of payloads no form sends', () => {
  it('says a missing field is required and a field of the wrong type what it must be', () => {
    expect(textsOf(updateProductInCartPayload.safeParse({ token: 5, cart_product_id: 'x' }))).toEqual({
      token: fields.notText,
      cart: fields.required,
      cart_product_id: fields.notNumber,
    });
    expect(textsOf(z.object({ list: z.array(z.string()), flag: z.boolean(), group: z.object({}) }).safeParse({ list: 'a', flag: 'yes', group: [] }))).toEqual({
      list: fields.notList,
      flag: fields.notTrueOrFalse,
      group: fields.notGroup,
    });
  });

  it('names the limit a text or number is over or under', () => {
    expect(textsOf(getCartPayload.safeParse({ token: 'x'.repeat(201) }))).toEqual({ token: fields.tooLong(200) });
    expect(textsOf(updateProductInCartPayload.safeParse({ cart: 'c', cart_product_id: 0 }))).toEqual({ cart_product_id: fields.notAbove(0) });
    expect(textsOf(updateProductInCartPayload.safeParse({ cart: 'c', cart_product_id: 1.5 }))).toEqual({ cart_product_id: fields.notWholeNumber });
    expect(textsOf(z.object({ n: z.number().min(3).max(5), s: z.string().min(4) }).safeParse({ n: 9, s: 'ab' }))).toEqual({ n: fields.tooHigh(5), s: fields.tooShort(4) });
    expect(textsOf(z.object({ n: z.number().min(3) }).safeParse({ n: 1 }))).toEqual({ n: fields.tooLow(3) });
  });

  it('keeps the message a schema gives, and says plainly when a value is not a choice or not in shape', () => {
    expect(textsOf(z.object({ a: z.string().min(1, 'Please give a.') }).safeParse({ a: '' }))).toEqual({ a: 'Please give a.' });
    expect(textsOf(z.object({ kind: z.enum(['x', 'y']), mail: z.email() }).safeParse({ kind: 'z', mail: 'nope' }))).toEqual({ kind: fields.notAllowed, mail: fields.badFormat });
  });
});

describe('the NUL character in a payload', () => {
  it('names every field, nested or in a list, whose text or name holds it', () => {
    expect(nullCharacterFields({ a: 'fine', b: 'x\u0000y', c: { d: ['ok', '\u0000'] }, ['e\u0000']: 1 })).toEqual({
      b: [fields.nullCharacter],
      'c.d.1': [fields.nullCharacter],
      e: [fields.nullCharacter],
    });
    expect(nullCharacterFields('\u0000')).toEqual({ _: [fields.nullCharacter] });
    expect(nullCharacterFields({ a: 'no NUL here', b: 5, c: null })).toEqual({});
  });
});
