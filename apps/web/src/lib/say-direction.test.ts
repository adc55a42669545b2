// @vitest-environment happy-dom
import { messages } from '@festival/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { resetLanguageForTests, startLanguage } from './language';
import { APART, loadLanguage, say, sayAround } from './say';

const FSI = '\u2068';
const PDI = '\u2069';

describe('values in a sentence keep their own direction (issue 36 point 3)', () => {
  afterEach(() => resetLanguageForTests());

  it('isolates a Latin name or code in an Arabic sentence, so the punctuation around it stays where the sentence puts it', async () => {
    startLanguage(['en', 'ar'], { documentElement: { lang: 'ar' } } as Document);
    await loadLanguage('ar');
    const said = say(messages.cart.soldOut('Camping (VIP)'));
    expect(said).toContain(`${FSI}Camping (VIP)${PDI}`);
    expect(said).not.toContain('Sorry');
    // A value shown apart is an element with its own direction: not wrapped, so sayAround still finds it.
    const [before, after] = sayAround(messages.cart.soldOut(APART));
    expect(before + after).not.toContain(FSI);
    expect(`${before}${after}`.length).toBeGreaterThan(0);
  });

  it('leaves an English sentence as it is, but for a right-to-left name in it', () => {
    startLanguage(['en', 'ar'], { documentElement: { lang: 'en' } } as Document);
    expect(say(messages.cart.soldOut('Camping (VIP)'))).toBe('Sorry, Camping (VIP) is sold out.');
    expect(say(messages.cart.soldOut('محمد'))).toBe(`Sorry, ${FSI}محمد${PDI} is sold out.`);
  });
});
