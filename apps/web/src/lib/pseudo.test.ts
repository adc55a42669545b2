import { describe, expect, it } from 'vitest';
import { PSEUDO_GROWTH, pseudoText } from './pseudo';

describe('the pseudo-language', () => {
  it('accents every letter, keeps the rest, and is 40 % longer, in brackets', () => {
    const said = pseudoText('Add to cart: €12.50 for {name}');
    expect(said.startsWith('⟦Áđđ ţó çáŕţ: €12.50 ƒóŕ {ñáɱé}')).toBe(true);
    expect(said.endsWith('⟧')).toBe(true);
    expect(said.length).toBeGreaterThanOrEqual(Math.floor('Add to cart: €12.50 for {name}'.length * (1 + PSEUDO_GROWTH)));
    expect(said).not.toMatch(/[A-Za-z]/);
  });

  it('pads in words that can wrap, and leaves a one-letter text short', () => {
    const long = pseudoText('A sentence long enough to need its padding to wrap across a narrow phone screen');
    expect(Math.max(...long.split(' ').filter((word) => word.startsWith('~')).map((word) => word.length))).toBeLessThanOrEqual(8);
    expect(pseudoText('A')).toBe('⟦Á⟧');
  });
});
